import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { OFFLINE_PAYMENTS, orderBody } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';

/**
 * Revenue analytics read the money itself (the payment day rollup kept by the payments' trigger): what arrived, less
 * what was given back, by the method it moved by, and the rollup always equals a rebuild from the payment rows, also
 * when many payments, refunds and records land at once.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ payments: OFFLINE_PAYMENTS });
  [admin, customer] = await Promise.all([signedIn(t.app, 'admin'), signedIn(t.app, 'customer')]);
});
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);
const cents = (amount: number) => Math.round(amount * 100) / 100;

async function revenue() {
  const res = await call(t.app, 'GET', `/api/admin/analytics/revenue?startDate=${today}&endDate=${today}`, {
    token: admin.token,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function placed(paymentMethod: string, price = 40) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 50 }]);
  const res = await call(t.app, 'POST', '/api/orders', {
    token: customer.token,
    body: orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }], { paymentMethod }),
  });
  expect(res.status).toBe(201);
  return res.body.data.order as { id: string; total: number };
}

/** The shopper pays a card order through the built-in test provider. */
async function payByCard(order: { id: string; total: number }) {
  const intent = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
    token: customer.token,
    body: { amount: order.total, orderId: order.id },
  });
  expect(intent.status).toBe(201);
  return call(t.app, 'POST', '/api/payments/confirm', {
    token: customer.token,
    body: { orderId: order.id, paymentIntentId: intent.body.data.paymentIntent.id },
  });
}

const refund = (orderId: string, amount: number) =>
  call(t.app, 'POST', `/api/admin/orders/${orderId}/refunds`, { token: admin.token, body: { amount } });
const deliver = (orderId: string) =>
  call(t.app, 'PUT', `/api/orders/${orderId}/status`, {
    token: admin.token,
    body: { status: 'delivered', paymentStatus: 'pending' },
  });
const recordTransfer = (orderId: string, amount: number, reference: string) =>
  call(t.app, 'POST', `/api/admin/orders/${orderId}/payments`, { token: admin.token, body: { amount, reference } });

/** The rollup per day and method (its shards summed), then the same after `analytics_rebuild()`. */
async function rollupAndRebuild() {
  const read = () =>
    queryRows<Record<string, unknown>>(
      t.app.db,
      sql`SELECT day::text, method, sum(received)::text AS received, sum(refunded)::text AS refunded,
            sum(payments)::int AS payments
          FROM analytics_payment_days GROUP BY 1, 2 HAVING sum(received) <> 0 OR sum(refunded) <> 0 ORDER BY 1, 2`,
    );
  const byTrigger = await read();
  await t.app.db.execute(sql`SELECT analytics_rebuild()`);
  return { byTrigger, rebuilt: await read() };
}

describe('revenue from the payments', () => {
  it('counts money when it arrives, a refund lowers it, and money stays under the method it moved by', async () => {
    const card = await placed('stripe');
    expect(await revenue()).toMatchObject({ totalRevenue: 0, revenueByPaymentMethod: [] });
    expect((await payByCard(card)).status).toBe(200);
    expect(await revenue()).toMatchObject({
      totalRevenue: card.total,
      averageRevenuePerOrder: card.total,
      monthlyRevenue: [{ month: today.slice(0, 7), revenue: card.total, orderCount: 1 }],
      revenueByPaymentMethod: [{ paymentMethod: 'stripe', revenue: card.total, orderCount: 1 }],
    });

    expect((await refund(card.id, 30)).status).toBe(200);
    const afterRefund = cents(card.total - 30);
    expect(await revenue()).toMatchObject({
      totalRevenue: afterRefund,
      revenueByPaymentMethod: [{ paymentMethod: 'stripe', revenue: afterRefund, orderCount: 1 }],
    });

    // Cash on delivery is money only once delivered; then it counts as cash.
    const cash = await placed('cash', 25);
    expect((await revenue()).totalRevenue).toBe(afterRefund);
    expect((await deliver(cash.id)).status).toBe(200);
    const data = await revenue();
    expect(data.totalRevenue).toBe(cents(afterRefund + cash.total));
    // Biggest first: the cash order's total is more than what is left of the card payment.
    expect(data.revenueByPaymentMethod).toEqual([
      { paymentMethod: 'cash', revenue: cash.total, orderCount: 1 },
      { paymentMethod: 'stripe', revenue: afterRefund, orderCount: 1 },
    ]);
    // The status table reads the orders placed: both orders count there by their totals.
    expect(data.revenueByStatus.map((row: { status: string }) => row.status).sort()).toEqual([
      'confirmed',
      'delivered',
    ]);

    // Staff calling the card order a cash order afterwards move no money that the card took.
    const edited = await call(t.app, 'PUT', `/api/admin/orders/${card.id}`, {
      token: admin.token,
      body: { paymentMethod: 'cash' },
    });
    expect(edited.status).toBe(200);
    expect((await revenue()).revenueByPaymentMethod).toEqual(data.revenueByPaymentMethod);

    const { byTrigger, rebuilt } = await rollupAndRebuild();
    expect(rebuilt).toEqual(byTrigger);
  });

  it('stays equal to a rebuild when payments, refunds and records land at once', async () => {
    const cards = await Promise.all(Array.from({ length: 12 }, () => placed('stripe', 30)));
    const cashOrders = await Promise.all(Array.from({ length: 4 }, () => placed('cash', 20)));
    const transfers = await Promise.all(Array.from({ length: 4 }, () => placed('bank_transfer', 20)));
    const before = (await revenue()).totalRevenue as number;

    const paid = await Promise.all(cards.map(payByCard));
    expect(paid.map((r) => r.status)).toEqual(Array(cards.length).fill(200));
    const storm = await Promise.all([
      ...cards.slice(0, 8).map((order) => refund(order.id, 5)),
      ...cashOrders.map((order) => deliver(order.id)),
      ...transfers.map((order, n) => recordTransfer(order.id, 10, `TR-STORM-${n}`)),
    ]);
    expect(storm.map((r) => r.status)).toEqual([...Array(8).fill(200), ...Array(4).fill(200), ...Array(4).fill(201)]);

    const expected = cents(
      before +
        cards.reduce((sum, order) => sum + order.total, 0) -
        8 * 5 +
        cashOrders.reduce((sum, order) => sum + order.total, 0) +
        4 * 10,
    );
    expect((await revenue()).totalRevenue).toBe(expected);
    const shards = await queryRows<{ shards: number }>(
      t.app.db,
      sql`SELECT count(DISTINCT shard)::int AS shards FROM analytics_payment_days WHERE day = ${today}::date`,
    );
    expect(shards[0]!.shards).toBeGreaterThan(1);

    const { byTrigger, rebuilt } = await rollupAndRebuild();
    expect(rebuilt).toEqual(byTrigger);
    expect((await revenue()).totalRevenue).toBe(expected);
  });
});
