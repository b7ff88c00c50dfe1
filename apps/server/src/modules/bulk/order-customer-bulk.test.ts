import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { runJob } from '../../../test/jobs.js';
import { placeOrder, stockOf } from '../../../test/orders.js';
import { activityLogs, orders, users } from '../../db/schema/index.js';

let t: TestApp;
let support: Awaited<ReturnType<typeof signedIn>>;

const logsOf = (resource: string, id: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resourceId, id), eq(activityLogs.resource, resource)));
/** A bulk action through its job, to the end: the job (its result holds the answer). */
const bulkJob = (url: string, body: unknown) => runJob(t.app, support.token, url, body);
const statusOf = async (id: string) =>
  (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

beforeAll(async () => {
  t = await createTestApp();
  support = await signedIn(t.app, 'support');
});
afterAll(async () => t.close());

describe('POST /api/admin/orders/bulk/status', () => {
  it('moves each order through the one-order status change; the answer says which failed and why', async () => {
    const customer = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { name: 'Scarce Scarf' }, [
      { size: 'M', color: 'Black', quantity: 3 },
    ]);
    const line = (quantity: number) => [{ productId: product.id, size: 'M', color: 'Black', quantity }];
    const a = await placeOrder(t.app, customer.token, line(1));
    const b = await placeOrder(t.app, customer.token, line(1));
    const cancel = await call(t.app, 'PUT', `/api/admin/orders/${b.id}/status`, {
      token: support.token,
      body: { status: 'cancelled', paymentStatus: 'pending' },
    });
    expect(cancel.status).toBe(200);
    // The unit b gave back is taken by c, so b cannot be re-opened.
    const c = await placeOrder(t.app, customer.token, line(2));
    const missing = 'f'.repeat(24);

    const job = await bulkJob('/api/admin/orders/bulk/status', {
      selection: { ids: [a.id, b.id, c.id, missing] },
      status: 'processing',
    });
    expect(job).toMatchObject({ kind: 'order_bulk_status', status: 'completed', totalRows: 4, processedRows: 4 });
    const res = job.result!;
    expect(res).toMatchObject({ matched: 4, changed: 2, unchanged: 0, failed: 2 });
    expect(res.succeeded.map((row: { label: string }) => row.label).sort()).toEqual(
      [a.orderNumber, c.orderNumber].sort(),
    );
    expect(res.failures).toEqual(
      expect.arrayContaining([
        { id: b.id, label: b.orderNumber, reason: 'Insufficient stock for Scarce Scarf (M/Black)' },
        { id: missing, label: missing, reason: 'Order not found' },
      ]),
    );
    expect([await statusOf(a.id), await statusOf(b.id), await statusOf(c.id)]).toEqual([
      'processing',
      'cancelled',
      'processing',
    ]);
    expect(await stockOf(t.app, product.id)).toEqual([3, 3]);
    expect((await logsOf('order', a.id)).filter((log) => log.action === 'update_status').length).toBe(1);

    // Shipping them all by the list filter commits their stock; the cancelled one fails again, the rest move.
    const shipped = await bulkJob('/api/admin/orders/bulk/status', {
      selection: { filter: { status: 'processing' } },
      status: 'shipped',
      paymentStatus: 'paid',
    });
    expect(shipped).toMatchObject({ totalRows: 2, processedRows: 2 });
    expect(shipped.result).toMatchObject({ matched: 2, changed: 2, failed: 0 });
    expect(await stockOf(t.app, product.id)).toEqual([0, 0]);
    const again = await bulkJob('/api/admin/orders/bulk/status', { selection: { ids: [a.id] }, status: 'shipped' });
    expect(again.result).toMatchObject({ changed: 0, unchanged: 1 });
  });

  it('refuses an unknown status (400) and customers (403)', async () => {
    const body = { selection: { ids: ['a'.repeat(24)] }, status: 'lost' };
    expect((await call(t.app, 'POST', '/api/admin/orders/bulk/status', { token: support.token, body })).status).toBe(
      400,
    );
    const customer = await signedIn(t.app, 'customer');
    const asCustomer = await call(t.app, 'POST', '/api/admin/orders/bulk/status', {
      token: customer.token,
      body: { ...body, status: 'shipped' },
    });
    expect(asCustomer.status).toBe(403);
  });
});

describe('POST /api/admin/customers/bulk/status', () => {
  it('deactivates the ticked customers (ending their sessions) and never touches staff', async () => {
    const shopper = await signedIn(t.app, 'customer');
    const other = await buildUser(t.app.db, { role: 'customer' });
    const job = await bulkJob('/api/admin/customers/bulk/status', {
      selection: { ids: [shopper.user.id, other.id, support.user.id] },
      isActive: false,
    });
    expect(job.kind).toBe('customer_bulk_status');
    expect(job.result).toMatchObject({ matched: 3, changed: 2, failed: 1 });
    expect(job.result!.failures[0]).toMatchObject({ id: support.user.id, reason: 'Customer not found' });
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: shopper.token })).status).toBe(401);
    expect((await logsOf('customer', other.id)).map((log) => log.action)).toEqual(['update_status']);
  });

  it('activates every customer matching the filter', async () => {
    const job = await bulkJob('/api/admin/customers/bulk/status', {
      selection: { filter: { status: 'inactive' } },
      isActive: true,
    });
    expect(job).toMatchObject({ totalRows: 2, processedRows: 2 });
    expect(job.result).toMatchObject({ matched: 2, changed: 2 });
    const inactive = await t.app.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'customer'), eq(users.isActive, false)));
    expect(inactive).toEqual([]);
    const moderator = await signedIn(t.app, 'moderator');
    const refused = await call(t.app, 'POST', '/api/admin/customers/bulk/status', {
      token: moderator.token,
      body: { selection: { filter: {} }, isActive: true },
    });
    expect(refused.status).toBe(403);
  });
});
