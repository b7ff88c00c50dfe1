import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, placeOrder } from '../../../test/orders.js';
import { orders } from '../../db/schema/index.js';

let t: TestApp;
let staff: string;
const numbers: Record<string, string> = {};

const list = async (query: string) => {
  const res = await call(t.app, 'GET', `/api/admin/orders?${query}`, { token: staff });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.orders as { orderNumber: string }[]).map((o) => o.orderNumber).sort();
};
const expected = (...keys: string[]) => keys.map((key) => numbers[key]!).sort();

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'support')).token;
  const customer = await signedIn(t.app, 'customer');
  const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 100 }]);
  const line = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
  const guest = async (email: string) => {
    const res = await call(t.app, 'POST', '/api/orders/guest', { body: orderBody(line, { email }) });
    expect(res.status).toBe(201);
    return res.body.data.order;
  };
  // a: registered, paid by card, 3 days ago; b: registered, paypal, 40 days ago; c: guest, pending, today.
  const a = await placeOrder(t.app, customer.token, line);
  const b = await placeOrder(t.app, customer.token, [{ ...line[0]!, quantity: 4 }]);
  // PayPal is off in this app (placing with it is refused): the row is made a PayPal order below.
  const c = await guest('guest.buyer@example.com');
  const day = 86_400_000;
  await t.app.db
    .update(orders)
    .set({ paymentStatus: 'paid', status: 'confirmed', createdAt: new Date(Date.now() - 3 * day) })
    .where(eq(orders.id, a.id));
  await t.app.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 40 * day), paymentMethod: 'paypal' })
    .where(eq(orders.id, b.id));
  Object.assign(numbers, { a: a.orderNumber, b: b.orderNumber, c: c.orderNumber });
});
afterAll(async () => t.close());

describe('GET /api/admin/orders: the list filters', () => {
  it('filters by payment status, payment method and guest/registered', async () => {
    expect(await list('paymentStatus=paid')).toEqual(expected('a'));
    expect(await list('paymentMethod=paypal')).toEqual(expected('b'));
    expect(await list('customerType=guest')).toEqual(expected('c'));
    expect(await list('customerType=registered')).toEqual(expected('a', 'b'));
  });

  it('filters by created date (whole days) and by total', async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(await list(`startDate=${day(10)}`)).toEqual(expected('a', 'c'));
    expect(await list(`startDate=${day(50)}&endDate=${day(30)}`)).toEqual(expected('b'));
    expect(await list('minTotal=60')).toEqual(expected('b'));
    expect(await list('maxTotal=60')).toEqual(expected('a', 'c'));
  });

  it('combines filters with each other, with status and with the search', async () => {
    expect(await list('status=confirmed&paymentStatus=paid&customerType=registered')).toEqual(expected('a'));
    expect(await list('customerType=guest&search=guest.buyer')).toEqual(expected('c'));
    expect(await list('customerType=registered&search=guest.buyer')).toEqual([]);
    const pending = await list('paymentStatus=pending&customerType=registered');
    expect(pending).toEqual(expected('b'));
  });

  it('refuses bad filter values with 400, never a 500', async () => {
    for (const query of ['paymentStatus=maybe', 'startDate=yesterday', 'minTotal=-1', 'customerType=vip']) {
      const res = await call(t.app, 'GET', `/api/admin/orders?${query}`, { token: staff });
      expect(res.status, query).toBe(400);
    }
  });
});
