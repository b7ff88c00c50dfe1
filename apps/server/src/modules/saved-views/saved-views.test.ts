import { SAVED_VIEW_MESSAGES, SAVED_VIEWS_PER_LIST } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { savedViews } from '../../db/schema/index.js';

let t: TestApp;
let support: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;

const save = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/admin/saved-views', { token, body });
const views = async (token: string, list: string) => {
  const res = await call(t.app, 'GET', `/api/admin/saved-views?list=${list}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.views as { id: string; name: string; query: string }[];
};

beforeAll(async () => {
  t = await createTestApp();
  support = await signedIn(t.app, 'support');
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

describe('saved views: a staff member keeps named filters per list', () => {
  it('saves the query string without its page, lists them by name, and keeps them per person', async () => {
    const res = await save(support.token, {
      list: 'orders',
      name: 'Shipped in November',
      query: '?status=shipped&startDate=2026-11-01&page=3',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.view).toMatchObject({ name: 'Shipped in November', list: 'orders' });
    expect(res.body.data.view.query).toBe('status=shipped&startDate=2026-11-01');
    expect((await save(support.token, { list: 'orders', name: 'Guests', query: 'customerType=guest' })).status).toBe(
      201,
    );
    expect((await views(support.token, 'orders')).map((v) => v.name)).toEqual(['Guests', 'Shipped in November']);
    expect(await views(support.token, 'products')).toEqual([]);
    expect(await views(admin.token, 'orders')).toEqual([]);
  });

  it('keeps views of the Customers list (its filters as the screen writes them in the URL)', async () => {
    const query = 'view=table&status=inactive&registeredFrom=2026-01-01&hasOrders=no';
    const res = await save(support.token, { list: 'customers', name: 'Dormant sign-ups', query: `${query}&page=2` });
    expect(res.status).toBe(201);
    expect((await views(support.token, 'customers')).map((v) => [v.name, v.query])).toEqual([
      ['Dormant sign-ups', query],
    ]);
  });

  it('refuses a duplicate name (any case), an empty or long name, and lists the person cannot read', async () => {
    const duplicate = await save(support.token, { list: 'orders', name: 'guests', query: '' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe(SAVED_VIEW_MESSAGES.duplicate);
    const empty = await save(support.token, { list: 'orders', name: '  ', query: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain(SAVED_VIEW_MESSAGES.nameRequired);
    const long = await save(support.token, { list: 'orders', name: 'x'.repeat(60), query: '' });
    expect(long.status).toBe(400);
    expect(long.body.error).toContain(SAVED_VIEW_MESSAGES.nameTooLong);
    expect((await save(support.token, { list: 'invoices', name: 'A', query: '' })).status).toBe(400);
    // Support cannot read the activity log, so it cannot keep views of it either.
    expect((await save(support.token, { list: 'activity-logs', name: 'Mine', query: '' })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/saved-views?list=orders')).status).toBe(401);
  });

  it('caps the views per list', async () => {
    const moderator = await signedIn(t.app, 'moderator');
    await t.app.db.insert(savedViews).values(
      Array.from({ length: SAVED_VIEWS_PER_LIST }, (_, i) => ({
        userId: moderator.user.id,
        list: 'products' as const,
        name: `View ${i}`,
        query: '',
      })),
    );
    const over = await save(moderator.token, { list: 'products', name: 'One more', query: '' });
    expect(over.status).toBe(409);
    expect(over.body.error).toBe(SAVED_VIEW_MESSAGES.tooMany);
  });

  it("deletes one's own view; someone else's is not found", async () => {
    const [first] = await views(support.token, 'orders');
    const other = await call(t.app, 'DELETE', `/api/admin/saved-views/${first!.id}`, { token: admin.token });
    expect(other.status).toBe(404);
    const own = await call(t.app, 'DELETE', `/api/admin/saved-views/${first!.id}`, { token: support.token });
    expect(own.status).toBe(200);
    expect((await views(support.token, 'orders')).map((v) => v.id)).not.toContain(first!.id);
    const bad = await call(t.app, 'DELETE', '/api/admin/saved-views/123', { token: support.token });
    expect(bad.status).toBe(400);
  });
});
