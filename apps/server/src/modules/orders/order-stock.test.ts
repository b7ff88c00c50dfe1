import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { movementsOfOrder, orderBody, orderLine, placeOrder, stockOf } from '../../../test/orders.js';
import { activityLogs, inventory, orders } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  customer = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const setStatus = (id: string, body: object, token = admin.token) =>
  call(t.app, 'PUT', `/api/orders/${id}/status`, { token, body });

describe('the stock state machine', () => {
  it('reserve on create, commit on shipped (once), return on refunded (once), re-reserve when reactivated', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)]);
    expect(await stockOf(t.app, product.id)).toEqual([10, 3]);

    const steps: [object, [number, number], string][] = [
      [{ status: 'confirmed', paymentStatus: 'pending' }, [10, 3], 'reserved'],
      [{ status: 'shipped', paymentStatus: 'pending', trackingNumber: 'TRK123' }, [7, 0], 'committed'],
      [{ status: 'delivered', paymentStatus: 'paid' }, [7, 0], 'committed'],
      [{ status: 'processing', paymentStatus: 'paid' }, [7, 0], 'committed'],
      [{ status: 'refunded', paymentStatus: 'refunded' }, [10, 0], 'released'],
      [{ status: 'cancelled', paymentStatus: 'refunded' }, [10, 0], 'released'],
      [{ status: 'pending', paymentStatus: 'pending' }, [10, 3], 'reserved'],
      [{ status: 'cancelled', paymentStatus: 'pending' }, [10, 0], 'released'],
      [{ status: 'delivered', paymentStatus: 'paid' }, [7, 0], 'committed'],
    ];
    for (const [body, expected, state] of steps) {
      const response = await setStatus(order.id, body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(response.body.message).toBe('Order status updated successfully');
      expect(response.body.data.order.stockState, JSON.stringify(body)).toBe(state);
      expect(await stockOf(t.app, product.id), JSON.stringify(body)).toEqual(expected);
    }
    const operations = (await movementsOfOrder(t.app, order.id)).map((m) => m.operation).sort();
    expect(operations).toEqual(['commit', 'commit', 'release', 'reserve', 'reserve', 'reserve', 'return'].sort());
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.filter((l) => l.action === 'update_status')).toHaveLength(steps.length);
    const shipped = logs.find((l) => JSON.stringify(l.details).includes('TRK123'))!;
    expect((shipped.details as { changes: Record<string, unknown> }).changes.status).toEqual({
      before: 'confirmed',
      after: 'shipped',
    });
  });

  it('paid commits the reservation; cancelling releases reserved stock', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const paid = await placeOrder(t.app, customer.token, [orderLine(product.id, 2)]);
    const held = await placeOrder(t.app, customer.token, [orderLine(product.id, 1)]);
    expect(await stockOf(t.app, product.id)).toEqual([5, 3]);
    await setStatus(paid.id, { status: 'confirmed', paymentStatus: 'paid' });
    expect(await stockOf(t.app, product.id)).toEqual([3, 1]);
    const cancel = await call(t.app, 'PUT', `/api/orders/${held.id}/cancel`, {
      token: customer.token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Changed my mind',
      stockState: 'released',
    });
    expect(await stockOf(t.app, product.id)).toEqual([3, 0]);
  });

  it('re-reserving a cancelled order whose stock is gone is a 409 and changes nothing', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Scarce Scarf' }, [
      { size: 'M', color: 'Black', quantity: 2 },
    ]);
    const first = await placeOrder(t.app, customer.token, [orderLine(product.id, 2)]);
    await call(t.app, 'DELETE', `/api/orders/${first.id}`, { token: customer.token });
    await placeOrder(t.app, customer.token, [orderLine(product.id, 2)]);
    const response = await setStatus(first.id, { status: 'pending', paymentStatus: 'pending' });
    expect([response.status, response.body.message]).toEqual([409, 'Insufficient stock for Scarce Scarf (M/Black)']);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.id, first.id));
    expect([row!.status, row!.stockState]).toEqual(['cancelled', 'released']);
    expect(await stockOf(t.app, product.id)).toEqual([2, 2]);
  });

  it('two lines on the same combination are checked against their sum and placed as one line', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Twin Tee' }, [
      { size: 'M', color: 'Black', quantity: 3 },
    ]);
    const response = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([orderLine(product.id, 2), orderLine(product.id, 2, 'm', 'black')]),
    });
    expect([response.status, response.body.message]).toEqual([409, 'Insufficient stock for Twin Tee (M/Black)']);
    expect(await stockOf(t.app, product.id)).toEqual([3, 0]);
    const fits = await placeOrder(t.app, customer.token, [orderLine(product.id, 1), orderLine(product.id, 2)]);
    expect(fits.items.map((item: { quantity: number }) => item.quantity)).toEqual([3]);
    expect(await stockOf(t.app, product.id)).toEqual([3, 3]);
    const movements = await movementsOfOrder(t.app, fits.id);
    expect(movements.map((m) => [m.operation, m.quantity])).toEqual([['reserve', 3]]);
  });

  it('all lines in one transaction: when the second line is short, the first is not reserved', async () => {
    const { product: plenty } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const { product: short } = await buildProduct(t.app.db, { name: 'Short Shorts' }, [
      { size: 'S', color: 'Red', quantity: 1 },
    ]);
    const response = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([orderLine(plenty.id, 4), orderLine(short.id, 2, 'S', 'Red')]),
    });
    expect([response.status, response.body.message]).toEqual([409, 'Insufficient stock for Short Shorts (S/Red)']);
    expect(await stockOf(t.app, plenty.id)).toEqual([10, 0]);
  });

  it('30 parallel single-unit orders for 5 available: exactly 5 orders, reserved 5, none negative', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const before = (await t.app.db.select().from(orders)).length;
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(t.app, 'POST', '/api/orders', { token: customer.token, body: orderBody([orderLine(product.id)]) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(25);
    expect((await t.app.db.select().from(orders)).length - before).toBe(5);
    const [row] = await t.app.db.select().from(inventory).where(eq(inventory.productId, product.id));
    expect([row!.quantity, row!.reserved]).toEqual([5, 5]);
  });
});

describe('guest checkout racing for the last units', () => {
  it('50 parallel guest orders for 10 units: exactly 10 created, the rest 409 out of stock, never 5xx; reserved 10', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Last Ten Tee' }, [
      { size: 'M', color: 'Black', quantity: 10 },
      { size: 'L', color: 'Black', quantity: 100 },
    ]);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        call(t.app, 'POST', '/api/orders/guest', {
          // Two lines: the plentiful one first in the cart, so a refusal must also give its units back.
          body: {
            ...orderBody([orderLine(product.id, 1, 'L', 'Black'), orderLine(product.id)]),
            email: `racer-${n}@example.com`,
          },
        }),
      ),
    );
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect([r.status, r.body.code, r.body.message]).toEqual([
        409,
        'INSUFFICIENT_STOCK',
        'Insufficient stock for Last Ten Tee (M/Black)',
      ]);
    expect(await stockOf(t.app, product.id)).toEqual([10, 10]);
    expect(await stockOf(t.app, product.id, 'L')).toEqual([100, 10]);
    // Every created order holds its two reserve movements and nothing else was moved.
    for (const r of created) {
      const movements = await movementsOfOrder(t.app, r.body.data.order.id);
      expect(movements.map((m) => [m.operation, m.quantity]).sort()).toEqual([
        ['reserve', 1],
        ['reserve', 1],
      ]);
    }
  });
});

describe('Idempotency-Key on create', () => {
  it('a replay returns the first answer and creates nothing', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const send = () =>
      call(t.app, 'POST', '/api/orders', {
        token: customer.token,
        body: orderBody([orderLine(product.id, 2)]),
        headers: { 'idempotency-key': 'checkout-7f3a' },
      });
    const first = await send();
    const replay = await send();
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await stockOf(t.app, product.id)).toEqual([10, 2]);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/api/orders', {
          token: customer.token,
          body: orderBody([orderLine(product.id, 1)]),
          headers: { 'idempotency-key': 'parallel-key' },
        }),
      ),
    );
    expect(new Set(parallel.map((r) => r.body.data.order.id)).size).toBe(1);
    expect(await stockOf(t.app, product.id)).toEqual([10, 3]);
    const bad = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([orderLine(product.id)]),
      headers: { 'idempotency-key': 'spaces are not allowed' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('status, cancel, edit and delete rules', () => {
  it('validates the status body with the spec messages; adminNotes alone is accepted', async () => {
    const { product } = await buildProduct(t.app.db);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id)]);
    const message = async (body: object) => (await setStatus(order.id, body)).body.message;
    expect(await message({})).toBe('Status is required');
    expect(await message({ status: 'lost', paymentStatus: 'paid' })).toBe('Invalid status');
    expect(await message({ status: 'shipped' })).toBe('Payment status is required');
    expect(await message({ status: 'shipped', paymentStatus: 'maybe' })).toBe('Invalid payment status');
    expect(await message({ status: 'shipped', paymentStatus: 'paid', trackingNumber: 'AB' })).toBe(
      'Tracking number must be at least 3 characters',
    );
    expect(await message({ status: 'shipped', paymentStatus: 'paid', estimatedDelivery: '2020-01-01' })).toBe(
      'Estimated delivery cannot be in the past',
    );
    const notes = await setStatus(order.id, { adminNotes: 'Fragile' });
    expect(notes.body.data.order).toMatchObject({ adminNotes: 'Fragile', status: 'pending' });
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const shipped = await call(t.app, 'PUT', `/api/admin/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid', trackingNumber: '1Z999', estimatedDelivery: future },
    });
    expect(shipped.body.data.order).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999',
      estimatedDelivery: future,
    });
    expect((await setStatus(order.id, { status: 'delivered', paymentStatus: 'paid' }, customer.token)).status).toBe(
      403,
    );
  });

  it('customers cancel only pending or confirmed orders; staff cancel any active order with the admin reason', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id)]);
    await setStatus(order.id, { status: 'processing', paymentStatus: 'pending' });
    const refused = await call(t.app, 'DELETE', `/api/orders/${order.id}`, { token: customer.token });
    expect([refused.status, refused.body.message]).toEqual([409, 'Only pending or confirmed orders can be cancelled.']);
    const byAdmin = await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, {
      token: admin.token,
      body: { reason: 'Order cancelled by admin' },
    });
    expect(byAdmin.body.data.order).toMatchObject({ status: 'cancelled', cancelReason: 'Order cancelled by admin' });
    const again = await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: admin.token, body: {} });
    expect([again.status, again.body.message]).toEqual([409, 'This order is already cancelled.']);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.map((l) => l.action)).toContain('cancel');
  });

  it('edit changes addresses, payment method and notes, with an activity-log row', async () => {
    const { product } = await buildProduct(t.app.db);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id)]);
    const edited = await call(t.app, 'PUT', `/api/admin/orders/${order.id}`, {
      token: admin.token,
      body: {
        _id: order.id,
        paymentMethod: 'cash',
        notes: 'Ring twice',
        adminNotes: 'Checked',
        shippingAddress: { ...order.shippingAddress, city: 'Salem' },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Order updated successfully');
    expect(edited.body.data.order).toMatchObject({ paymentMethod: 'cash', notes: 'Ring twice', adminNotes: 'Checked' });
    expect(edited.body.data.order.shippingAddress.city).toBe('Salem');
    const missing = await call(t.app, 'PUT', `/api/admin/orders/${order.id}`, {
      token: admin.token,
      body: { notes: 'x' },
    });
    expect([missing.status, missing.body.message]).toEqual([400, 'Payment method is required.']);
    const [log] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'update'));
    expect((log!.details as { changes: Record<string, unknown> }).changes.paymentMethod).toEqual({
      before: 'stripe',
      after: 'cash',
    });
    expect(
      (await call(t.app, 'PUT', `/api/admin/orders/${order.id}`, { token: customer.token, body: {} })).status,
    ).toBe(403);
  });

  it('delete: admin only, only cancelled or refunded orders', async () => {
    const { product } = await buildProduct(t.app.db);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id)]);
    const moderator = await signedIn(t.app, 'moderator');
    const active = await call(t.app, 'DELETE', `/api/admin/orders/${order.id}`, { token: admin.token });
    expect([active.status, active.body.message]).toEqual([409, 'Only cancelled or refunded orders can be deleted.']);
    await call(t.app, 'DELETE', `/api/orders/${order.id}`, { token: customer.token });
    expect((await call(t.app, 'DELETE', `/api/admin/orders/${order.id}`, { token: moderator.token })).status).toBe(403);
    const deleted = await call(t.app, 'DELETE', `/api/admin/orders/${order.id}`, { token: admin.token });
    expect([deleted.status, deleted.body.message]).toEqual([200, 'Order deleted successfully']);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`, { token: admin.token })).status).toBe(404);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.map((l) => l.action)).toContain('delete');
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
  });

  it('refund request: owner of a shipped or delivered order, with reason and items', async () => {
    const { product } = await buildProduct(t.app.db);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 2)]);
    const early = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, {
      token: customer.token,
      body: { reason: 'Too big' },
    });
    expect([early.status, early.body.message]).toEqual([409, 'Only shipped or delivered orders can be refunded.']);
    await setStatus(order.id, { status: 'delivered', paymentStatus: 'paid' });
    const noReason = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, { token: customer.token, body: {} });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Refund reason is required.']);
    const requested = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, {
      token: customer.token,
      body: { reason: 'Too big', items: [{ itemId: order.items[0].id, quantity: 1 }] },
    });
    expect(requested.status).toBe(200);
    expect(requested.body.data.refundRequest).toMatchObject({ status: 'requested', reason: 'Too big' });
    expect(requested.body.data.order.refundReason).toBe('Too big');
  });
});
