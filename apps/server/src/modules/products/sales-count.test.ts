import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderLine, placeOrder } from '../../../test/orders.js';

// A product's salesCount is read from the sales rollup (its folded total plus its changes still pending a fold): these
// check it against what the orders hold, before and after the fold an analytics read makes.
let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  customer = (await signedIn(t.app, 'customer')).token;
});
afterAll(async () => t.close());

const stocked = (name: string) => buildProduct(t.app.db, { name }, [{ size: 'M', color: 'Black', quantity: 500 }]);

async function salesCount(productId: string): Promise<number> {
  const response = await call(t.app, 'GET', `/api/products/${productId}`, { token: admin });
  expect(response.status).toBe(200);
  return response.body.data.product.salesCount;
}

/** An analytics read: it adds every pending sale to the rollups first. */
async function fold(): Promise<void> {
  expect((await call(t.app, 'GET', '/api/admin/analytics/sales', { token: admin })).status).toBe(200);
}

const setStatus = (id: string, status: string, paymentStatus: string) =>
  call(t.app, 'PUT', `/api/orders/${id}/status`, { token: admin, body: { status, paymentStatus } });

describe("a product's salesCount", () => {
  it('counts units of orders neither cancelled nor refunded, whether or not their sales are folded yet', async () => {
    const { product } = await stocked('Sales Count Shirt');
    expect(await salesCount(product.id)).toBe(0);
    const first = await placeOrder(t.app, customer, [orderLine(product.id, 3)]);
    const second = await placeOrder(t.app, customer, [orderLine(product.id, 2)]);
    expect(await salesCount(product.id)).toBe(5);
    await fold();
    expect(await salesCount(product.id)).toBe(5);

    expect((await setStatus(first.id, 'cancelled', 'pending')).status).toBe(200);
    expect(await salesCount(product.id)).toBe(2);
    expect((await setStatus(second.id, 'refunded', 'refunded')).status).toBe(200);
    await fold();
    expect(await salesCount(product.id)).toBe(0);

    expect((await setStatus(first.id, 'pending', 'pending')).status).toBe(200);
    expect(await salesCount(product.id)).toBe(3);
    await fold();
    expect(await salesCount(product.id)).toBe(3);
  });

  it('stays exact when orders and folds run at once', async () => {
    const { product } = await stocked('Busy Sales Shirt');
    await Promise.all([
      ...Array.from({ length: 24 }, (_, i) => placeOrder(t.app, customer, [orderLine(product.id, 1 + (i % 3))])),
      ...Array.from({ length: 6 }, () => fold()),
    ]);
    expect(await salesCount(product.id)).toBe(8 * (1 + 2 + 3));
    await fold();
    expect(await salesCount(product.id)).toBe(48);
  });

  it('orders the staff list by sales, folded or pending', async () => {
    const { product: slow } = await stocked('Sales Order Slow');
    const { product: fast } = await stocked('Sales Order Fast');
    await placeOrder(t.app, customer, [orderLine(slow.id, 2)]);
    await fold();
    await placeOrder(t.app, customer, [orderLine(fast.id, 1)]);
    const list = async () => {
      const response = await call(t.app, 'GET', '/api/products?search=Sales Order&sortBy=salesCount&sortOrder=desc', {
        token: admin,
      });
      return response.body.data.products.map((p: { name: string; salesCount: number }) => [p.name, p.salesCount]);
    };
    expect(await list()).toEqual([
      ['Sales Order Slow', 2],
      ['Sales Order Fast', 1],
    ]);
    await placeOrder(t.app, customer, [orderLine(fast.id, 2)]);
    expect(await list()).toEqual([
      ['Sales Order Fast', 3],
      ['Sales Order Slow', 2],
    ]);
  });
});
