import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { address, orderBody, placeOrder } from '../../../test/orders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const id = '0123456789abcdef01234567';
const ROUTES: [string, string][] = [
  ['POST', '/api/orders'],
  ['POST', '/api/admin/orders'],
  ['POST', '/api/orders/guest'],
  ['POST', '/api/checkout/create-session'],
  ['POST', '/api/checkout/create-guest-session'],
  ['POST', '/api/orders/calculate-shipping'],
  ['POST', '/api/payments/create-payment-intent'],
  ['POST', '/api/payments/confirm'],
  ['POST', '/api/payments/methods'],
  ['PUT', `/api/orders/${id}/status`],
  ['PUT', `/api/admin/orders/${id}/status`],
  ['PUT', `/api/admin/orders/${id}`],
  ['PUT', `/api/orders/${id}/cancel`],
  ['POST', `/api/orders/${id}/refund`],
];
const BODIES: unknown[] = [
  {},
  [],
  'text',
  { items: [{ productId: id, quantity: 'many', size: {}, color: [] }] },
  { status: 42, paymentStatus: null, estimatedDelivery: 'not a date', trackingNumber: 7 },
  { amount: 'NaN', orderId: 'x', paymentIntentId: 5, email: 'nope' },
  { reason: 'x'.repeat(5000), items: [{ itemId: 1 }] },
  { shippingAddress: 'somewhere', subtotal: -5, last4: 12345, token: '' },
];

describe('order, checkout and payment calls against bad input', () => {
  it('answer 4xx for every malformed body, never 500', async () => {
    const admin = await signedIn(t.app, 'admin');
    for (const [method, url] of ROUTES)
      for (const body of BODIES) {
        const response = await call(t.app, method as 'POST', url, { token: admin.token, body });
        expect(response.status, `${method} ${url} ${JSON.stringify(body).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${url}`).toBeLessThan(500);
        expect(response.body.success).toBe(false);
      }
  });

  it('bad query strings and ids are 400, unknown orders 404', async () => {
    const admin = await signedIn(t.app, 'admin');
    for (const url of [
      '/api/orders?page=0',
      '/api/orders?limit=abc',
      '/api/admin/orders?status=lost',
      '/api/orders/xyz',
    ]) {
      expect((await call(t.app, 'GET', url, { token: admin.token })).status, url).toBe(400);
    }
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: admin.token })).status).toBe(404);
    const long = await call(t.app, 'GET', `/api/orders/track/${'A'.repeat(60)}?email=a@b.co`);
    expect(long.status).toBe(400);
    const methods = await call(t.app, 'POST', '/api/orders/shipping-methods', { body: { subtotal: 'lots' } });
    expect(methods.status).toBe(400);
    const badKey = await call(t.app, 'POST', '/api/orders', {
      token: admin.token,
      body: {},
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(badKey.status).toBe(400);
  });

  it('refuses a NUL character in an address with 400 when creating or editing an order', async () => {
    // PostgreSQL cannot store U+0000 in the jsonb address columns; the refusal must be a 400, not a database 500.
    const admin = await signedIn(t.app, 'admin');
    const { product } = await buildProduct(t.app.db);
    const line = { productId: product.id, size: 'M', color: 'Black', quantity: 1 };
    const withNul = { ...address, lastName: 'Wilson\u0000' };
    const created = await call(t.app, 'POST', '/api/admin/orders', {
      token: admin.token,
      body: orderBody([line], { email: 'guest@example.com', shippingAddress: withNul }),
    });
    expect(created.status).toBe(400);
    const order = await placeOrder(t.app, (await signedIn(t.app, 'customer')).token, [line]);
    const edited = await call(t.app, 'PUT', `/api/admin/orders/${order.id}`, {
      token: admin.token,
      body: { shippingAddress: withNul, billingAddress: withNul },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.success).toBe(false);
  });
});
