import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { carts } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const line = {
  productId: '64b7f0c2a1b2c3d4e5f60718',
  size: 'M',
  color: 'Black',
  quantity: 2,
  slug: 'tee',
  name: 'Tee',
};

describe('the saved cart', () => {
  it('is empty at first, replaced whole by PUT, and each customer sees only their own', async () => {
    const emma = await signedIn(t.app, 'customer');
    const liam = await signedIn(t.app, 'customer');
    const empty = await call(t.app, 'GET', '/api/cart', { token: emma.token });
    expect([empty.status, empty.body.data]).toEqual([200, { items: [], updatedAt: null }]);

    const saved = await call(t.app, 'PUT', '/api/cart', { token: emma.token, body: { items: [line] } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items).toEqual([{ ...line, image: null }]);
    const replaced = await call(t.app, 'PUT', '/api/cart', {
      token: emma.token,
      body: { items: [{ ...line, quantity: 3, image: '/uploads/tee.webp' }] },
    });
    expect(replaced.body.data.items).toEqual([{ ...line, quantity: 3, image: '/uploads/tee.webp' }]);
    expect((await call(t.app, 'GET', '/api/cart', { token: emma.token })).body.data.items).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/cart', { token: liam.token })).body.data.items).toEqual([]);
  });

  it('refuses bad lines with the order messages, anonymous callers and staff', async () => {
    const emma = await signedIn(t.app, 'customer');
    const bad = await call(t.app, 'PUT', '/api/cart', {
      token: emma.token,
      body: { items: [{ ...line, quantity: 0 }] },
    });
    expect([bad.status, bad.body.details[0].message]).toEqual([400, 'Quantity must be at least 1.']);
    const tooMany = await call(t.app, 'PUT', '/api/cart', {
      token: emma.token,
      body: { items: Array.from({ length: 51 }, () => line) },
    });
    expect([tooMany.status, tooMany.body.details[0].message]).toEqual([400, 'A cart holds at most 50 lines.']);
    expect((await call(t.app, 'GET', '/api/cart')).status).toBe(401);
    const admin = await signedIn(t.app, 'admin');
    expect((await call(t.app, 'PUT', '/api/cart', { token: admin.token, body: { items: [] } })).status).toBe(403);
  });

  it('is removed with the account', async () => {
    const gone = await signedIn(t.app, 'customer');
    await call(t.app, 'PUT', '/api/cart', { token: gone.token, body: { items: [line] } });
    const deleted = await call(t.app, 'DELETE', '/api/users/account', {
      token: gone.token,
      body: { password: gone.user.password },
    });
    expect(deleted.status).toBe(200);
    expect(await t.app.db.select().from(carts).where(eq(carts.userId, gone.user.id))).toEqual([]);
  });
});
