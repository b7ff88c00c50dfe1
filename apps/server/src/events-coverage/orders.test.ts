import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { runJob } from '../../test/jobs.js';
import { orderBody, placeOrder } from '../../test/orders.js';
import { deliveredOrder } from '../../test/returns.js';
import { coupons } from '../db/schema/index.js';
import { eventsAfter, outboxMark } from './outbox.js';

// Orders, payments, returns and stock: each change writes its typed events, a refused one writes none.
let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  customer = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const line = (productId: string, quantity = 1) => ({ productId, size: 'M', color: 'Black', quantity });
const typesOf = (list: { type: string }[]) => list.map((event) => event.type).sort();

async function paid(orderId: string, total: number) {
  const intent = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
    token: customer.token,
    body: { amount: total, orderId },
  });
  const confirmed = await call(t.app, 'POST', '/api/payments/confirm', {
    token: customer.token,
    body: { orderId, paymentIntentId: intent.body.data.paymentIntent.id },
  });
  expect(confirmed.status).toBe(200);
  return confirmed.body.data.order;
}

describe('checkout events', () => {
  it("a guest order writes order.created (the order's view) and inventory.changed per reserved variant", async () => {
    const { product, inventory } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const mark = await outboxMark(t.app);
    const res = await call(t.app, 'POST', '/api/orders/guest', {
      body: { ...orderBody([line(product.id, 3)]), email: `guest-${randomBytes(3).toString('hex')}@example.com` },
    });
    expect(res.status).toBe(201);
    const order = res.body.data.order;
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual(['inventory.changed', 'order.created']);
    const created = recorded.find((event) => event.type === 'order.created')!;
    expect(created.objectId).toBe(order.id);
    // The event carries the staff view of the order the API answered (the guest's answer leaves out staff fields).
    expect(created.data).toMatchObject(order);
    expect(created.data).toMatchObject({ status: 'pending', stockState: 'reserved', adminNotes: '', isGuest: true });
    const stock = recorded.find((event) => event.type === 'inventory.changed')!;
    expect(stock.objectId).toBe(inventory[0]!.id);
    expect(stock.data).toMatchObject({
      productId: product.id,
      variantId: inventory[0]!.id,
      operation: 'reserve',
      change: 3,
      quantity: 10,
      reserved: 3,
      available: 7,
      orderId: order.id,
    });
  });

  it('a checkout refused for stock writes no event', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 1 }]);
    const mark = await outboxMark(t.app);
    const guest = await call(t.app, 'POST', '/api/orders/guest', {
      body: { ...orderBody([line(product.id, 2)]), email: 'short@example.com' },
    });
    const signedInOrder = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id, 2)]),
    });
    expect([guest.status, signedInOrder.status]).toEqual([409, 409]);
    expect(await eventsAfter(t.app, mark)).toEqual([]);
  });

  it('an order with a coupon writes coupon.redeemed', async () => {
    const { product } = await buildProduct(t.app.db, { price: 50 });
    const [coupon] = await t.app.db
      .insert(coupons)
      .values({
        code: randomBytes(4).toString('hex').toUpperCase(),
        name: 'Ten off',
        type: 'percentage',
        value: 10,
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(Date.now() + 86_400_000),
      })
      .returning();
    const mark = await outboxMark(t.app);
    const order = await placeOrder(t.app, customer.token, [line(product.id, 2)], { couponCode: coupon!.code });
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual(['coupon.redeemed', 'inventory.changed', 'order.created']);
    expect(recorded.find((event) => event.type === 'coupon.redeemed')).toEqual({
      type: 'coupon.redeemed',
      objectId: coupon!.id,
      data: {
        couponId: coupon!.id,
        code: coupon!.code,
        orderId: order.id,
        orderNumber: order.orderNumber,
        customerId: customer.user.id,
        guestEmail: null,
        discount: 10,
      },
    });
  });
});

describe('order change events', () => {
  it('paying writes order.paid and order.status_changed; committing stock to its threshold writes low_stock', async () => {
    const { product, inventory } = await buildProduct(t.app.db, {}, [
      { size: 'M', color: 'Black', quantity: 7, lowStockThreshold: 5 },
    ]);
    const order = await placeOrder(t.app, customer.token, [line(product.id, 2)]);
    const mark = await outboxMark(t.app);
    await paid(order.id, order.total);
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual([
      'inventory.changed',
      'inventory.low_stock',
      'order.paid',
      'order.status_changed',
    ]);
    const changed = recorded.find((event) => event.type === 'order.status_changed')!;
    expect(changed.data).toMatchObject({ id: order.id, from: 'pending', to: 'confirmed', paymentStatus: 'paid' });
    const low = recorded.find((event) => event.type === 'inventory.low_stock')!;
    expect(low).toMatchObject({
      objectId: inventory[0]!.id,
      data: { operation: 'commit', change: 2, previousQuantity: 7, quantity: 5, threshold: 5, orderId: order.id },
    });

    // Staying low does not raise it again.
    const again = await placeOrder(t.app, customer.token, [line(product.id, 1)]);
    const next = await outboxMark(t.app);
    await paid(again.id, again.total);
    expect(typesOf(await eventsAfter(t.app, next))).toEqual([
      'inventory.changed',
      'order.paid',
      'order.status_changed',
    ]);
  });

  it('cancelling a paid order writes order.status_changed, order.cancelled, order.refunded and the stock given back', async () => {
    const { product } = await buildProduct(t.app.db, { price: 20 });
    const order = await placeOrder(t.app, customer.token, [line(product.id, 1)]);
    await paid(order.id, order.total);
    const mark = await outboxMark(t.app);
    const res = await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, {
      token: customer.token,
      body: { reason: 'Changed my mind' },
    });
    expect(res.status).toBe(200);
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual([
      'inventory.changed',
      'order.cancelled',
      'order.refunded',
      'order.status_changed',
    ]);
    expect(recorded.find((event) => event.type === 'order.refunded')!.data).toMatchObject({
      amount: order.total,
      paymentStatus: 'refunded',
    });
    expect(recorded.find((event) => event.type === 'inventory.changed')!.data).toMatchObject({ operation: 'return' });
  });

  it('a bulk status job writes one order.status_changed per order it moved', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const a = await placeOrder(t.app, customer.token, [line(product.id, 1)]);
    const b = await placeOrder(t.app, customer.token, [line(product.id, 1)]);
    const mark = await outboxMark(t.app);
    const job = await runJob(t.app, admin, '/api/admin/orders/bulk/status', {
      selection: { ids: [a.id, b.id] },
      status: 'processing',
    });
    expect(job.result).toMatchObject({ changed: 2 });
    const moved = await eventsAfter(t.app, mark, ['order.status_changed']);
    expect(moved.map((event) => [event.objectId, event.data.from, event.data.to]).sort()).toEqual(
      [
        [a.id, 'pending', 'processing'],
        [b.id, 'pending', 'processing'],
      ].sort(),
    );
  });

  it('a return request and its approval write return.requested, return.decided and order.refunded', async () => {
    const { order, shirtLine } = await deliveredOrder(t.app, customer.token, admin);
    let mark = await outboxMark(t.app);
    const requested = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, {
      token: customer.token,
      body: { reason: 'Too small', items: [{ itemId: shirtLine.id, quantity: 1 }] },
    });
    expect(requested.status).toBe(200);
    const returnId = requested.body.data.refundRequest.id;
    expect(await eventsAfter(t.app, mark)).toEqual([
      { type: 'return.requested', objectId: returnId, data: expect.objectContaining({ status: 'requested' }) },
    ]);

    mark = await outboxMark(t.app);
    const approved = await call(t.app, 'POST', `/api/admin/returns/${returnId}/approve`, { token: admin, body: {} });
    expect(approved.status).toBe(200);
    const recorded = await eventsAfter(t.app, mark);
    expect(typesOf(recorded)).toEqual(['inventory.changed', 'order.refunded', 'return.decided']);
    expect(recorded.find((event) => event.type === 'return.decided')!.data).toMatchObject({
      id: returnId,
      status: 'approved',
      refundAmount: 40,
    });
    expect(recorded.find((event) => event.type === 'order.refunded')!.data).toMatchObject({
      id: order.id,
      amount: 40,
      paymentStatus: 'partially_refunded',
    });
  });

  it('a staff stock adjustment writes inventory.changed; one refused writes nothing', async () => {
    const { product, inventory } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 4 }]);
    const mark = await outboxMark(t.app);
    const added = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 3, reason: 'restock' },
    });
    const refused = await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 99, reason: 'damaged' },
    });
    expect([added.status, refused.status]).toEqual([200, 409]);
    expect(await eventsAfter(t.app, mark)).toEqual([
      {
        type: 'inventory.changed',
        objectId: inventory[0]!.id,
        data: expect.objectContaining({ operation: 'add', change: 3, previousQuantity: 4, quantity: 7 }),
      },
    ]);
  });
});
