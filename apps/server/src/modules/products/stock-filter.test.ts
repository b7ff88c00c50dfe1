import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let staff: string;

const names = async (query: string) => {
  const res = await call(t.app, 'GET', `/api/admin/products?${query}`, { token: staff });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.products as { name: string }[]).map((p) => p.name).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'moderator')).token;
  const variant = (quantity: number) => ({ size: 'M', color: 'Black', quantity, lowStockThreshold: 10 });
  await buildProduct(t.app.db, { name: 'Empty', price: 10 }, [variant(0)]);
  await buildProduct(t.app.db, { name: 'Low', price: 20 }, [variant(4), { ...variant(50), size: 'L' }]);
  await buildProduct(t.app.db, { name: 'Moderate', price: 30 }, [variant(14)]);
  await buildProduct(t.app.db, { name: 'Plenty', price: 40 }, [variant(100)]);
});
afterAll(async () => t.close());

describe('GET /api/admin/products?stock=: the stock state filter', () => {
  it('selects each of the four stock statuses, as the product views show them', async () => {
    expect(await names('stock=out')).toEqual(['Empty']);
    expect(await names('stock=low')).toEqual(['Low']);
    expect(await names('stock=moderate')).toEqual(['Moderate']);
    expect(await names('stock=in')).toEqual(['Plenty']);
    const res = await call(t.app, 'GET', '/api/admin/products?stock=low', { token: staff });
    expect(res.body.data.products[0].stockStatus).toBe('Low Stock');
  });

  it('combines with the price range and status, and refuses an unknown state', async () => {
    expect(await names('stock=in&maxPrice=35')).toEqual([]);
    expect(await names('stock=moderate&minPrice=25&maxPrice=35&isActive=true')).toEqual(['Moderate']);
    const bad = await call(t.app, 'GET', '/api/admin/products?stock=some', { token: staff });
    expect(bad.status).toBe(400);
  });
});
