import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/customer-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { placeOrder } from '../../../test/orders.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  customer = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const today = new Date().toISOString().slice(0, 10);

async function revenue(query = `startDate=${today}&endDate=${today}`) {
  const res = await call(t.app, 'GET', `/api/admin/analytics/revenue?${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('revenue read from the payments', () => {
  it('counts captured money, a refund lowers it, and an order without payment rows still counts', async () => {
    const { product } = await buildProduct(t.app.db, { price: 100 }, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const order = await placeOrder(t.app, customer.token, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
    ]);
    const intent = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
      token: customer.token,
      body: { amount: order.total, orderId: order.id },
    });
    await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: intent.body.data.paymentIntent.id },
    });
    expect(await revenue()).toMatchObject({
      totalRevenue: order.total,
      revenueByPaymentMethod: [{ paymentMethod: 'stripe', revenue: order.total, orderCount: 1 }],
    });

    const refunded = await call(t.app, 'POST', `/api/admin/orders/${order.id}/refunds`, {
      token: admin.token,
      body: { amount: 30 },
    });
    expect(refunded.status).toBe(200);
    const after = await revenue();
    const net = Math.round((order.total - 30) * 100) / 100;
    expect(after).toMatchObject({
      totalRevenue: net,
      averageRevenuePerOrder: net,
      monthlyRevenue: [{ month: today.slice(0, 7), revenue: net, orderCount: 1 }],
      revenueByPaymentMethod: [{ paymentMethod: 'stripe', revenue: net, orderCount: 1 }],
    });
    expect(after.revenueByStatus).toEqual([{ status: 'confirmed', revenue: net, orderCount: 1, percentage: 100 }]);

    // History without payment rows (imported, or from before payments were recorded) counts by its total.
    await buildOrder(t.app.db, { customerId: null, total: 50, status: 'delivered' });
    const withHistory = await revenue();
    expect(withHistory.totalRevenue).toBe(Math.round((net + 50) * 100) / 100);
    // The whole history (no dates) reads the same here: every order of this store is from today.
    expect((await revenue('')).totalRevenue).toBe(withHistory.totalRevenue);
    expect(withHistory.revenueByPaymentMethod).toEqual([
      { paymentMethod: 'stripe', revenue: Math.round((net + 50) * 100) / 100, orderCount: 2 },
    ]);
  });
});
