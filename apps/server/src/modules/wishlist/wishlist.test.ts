import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

const customer = async () => (await signedIn(t.app, 'customer')).token;
const add = (token: string, productId: string) => call(t.app, 'POST', '/api/wishlist', { token, body: { productId } });
const list = (token: string, query = '') => call(t.app, 'GET', `/api/wishlist${query}`, { token });
const rowsOf = async (productId: string) =>
  (
    await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM wishlist_items WHERE product_id = ${productId}`,
    )
  )[0]!.n;

describe('the wishlist', () => {
  it('adds once, lists with the price drop and the stock per size and colour, and removes', async () => {
    const token = await customer();
    const { product } = await buildProduct(t.app.db, { price: 40 }, [
      { size: 'M', color: 'Black', quantity: 3, reserved: 1 },
      { size: 'L', color: 'Black', quantity: 0 },
    ]);
    const { product: other } = await buildProduct(t.app.db, { price: 10 });
    expect((await add(token, product.id)).status).toBe(200);
    expect((await add(token, product.id)).status).toBe(200);
    expect((await add(token, other.id)).status).toBe(200);
    expect(await rowsOf(product.id)).toBe(1);

    // The product goes on sale: the list shows the lower price and that it dropped.
    const edit = await call(t.app, 'PUT', `/api/products/${product.id}`, { token: admin, body: { salePrice: 30 } });
    expect(edit.status).toBe(200);
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toMatchObject({ total: 2, page: 1 });
    const item = res.body.data.items.find((i: { productId: string }) => i.productId === product.id);
    expect(item).toMatchObject({ price: 30, priceAtAdd: 40, priceDropped: true, inStock: true });
    expect(item.stock).toEqual([
      { size: 'L', color: 'Black', available: 0 },
      { size: 'M', color: 'Black', available: 2 },
    ]);
    expect(res.body.data.items.find((i: { productId: string }) => i.productId === other.id)).toMatchObject({
      price: 10,
      priceDropped: false,
    });
    const paged = await list(token, '?limit=1&page=2');
    expect(paged.body.data.items).toHaveLength(1);
    expect(paged.body.data.pagination).toMatchObject({ total: 2, pages: 2 });

    expect((await call(t.app, 'DELETE', `/api/wishlist/${product.id}`, { token })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/wishlist/${product.id}`, { token })).status).toBe(200);
    expect((await list(token)).body.data.items.map((i: { productId: string }) => i.productId)).toEqual([other.id]);
  });

  it('refuses an unknown product (404) and a bad id (400), and is for customers only', async () => {
    const token = await customer();
    expect((await add(token, '64b7f0c2a1b2c3d4e5f60718')).status).toBe(404);
    expect((await add(token, 'nope')).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/wishlist')).status).toBe(401);
    expect((await list(admin)).status).toBe(403);
  });

  it("merges a guest's list in one go, skipping unknown, inactive and already wished products", async () => {
    const token = await customer();
    const { product: a } = await buildProduct(t.app.db);
    const { product: b } = await buildProduct(t.app.db);
    const { product: hidden } = await buildProduct(t.app.db, { isActive: false });
    await add(token, a.id);
    const merge = await call(t.app, 'POST', '/api/wishlist/merge', {
      token,
      body: { productIds: [a.id, b.id, b.id, hidden.id, '64b7f0c2a1b2c3d4e5f60718'] },
    });
    expect(merge.status).toBe(200);
    expect(merge.body.data).toEqual({ added: 1 });
    expect((await list(token)).body.data.pagination.total).toBe(2);

    const tooMany = Array.from({ length: 101 }, () => a.id);
    const refused = await call(t.app, 'POST', '/api/wishlist/merge', { token, body: { productIds: tooMany } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/At most 100/);
  });

  it('answers which of a page of products the customer wishes for, in one call of at most 100 ids', async () => {
    const token = await customer();
    const [a, b, c] = await Promise.all([buildProduct(t.app.db), buildProduct(t.app.db), buildProduct(t.app.db)]);
    await add(token, a.product.id);
    await add(token, c.product.id);
    await add(await customer(), b.product.id);
    const wished = (query: string, as = token) => call(t.app, 'GET', `/api/wishlist/ids?${query}`, { token: as });

    const res = await wished(`productIds=${a.product.id},${b.product.id},${c.product.id}`);
    expect(res.status).toBe(200);
    expect([...res.body.data.productIds].sort()).toEqual([a.product.id, c.product.id].sort());
    // Another customer's wishes are not this one's.
    expect((await wished(`productIds=${b.product.id}`)).body.data.productIds).toEqual([]);

    const tooMany = Array.from({ length: 101 }, () => a.product.id).join(',');
    expect((await wished(`productIds=${tooMany}`)).status).toBe(400);
    expect((await wished('productIds=nope')).status).toBe(400);
    expect((await wished('')).status).toBe(400);
    expect((await call(t.app, 'GET', `/api/wishlist/ids?productIds=${a.product.id}`)).status).toBe(401);
  });

  it('tells staff how many shoppers wish for a product, and goes with the product', async () => {
    const { product } = await buildProduct(t.app.db);
    for (const token of await Promise.all([customer(), customer(), customer()])) await add(token, product.id);
    const detail = await call(t.app, 'GET', `/api/products/${product.id}`, { token: admin });
    expect(detail.body.data.product.wishlistCount).toBe(3);
    const shopper = await call(t.app, 'GET', `/api/products/${product.id}`);
    expect(shopper.body.data.product).not.toHaveProperty('wishlistCount');

    expect((await call(t.app, 'DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(200);
    expect(await rowsOf(product.id)).toBe(0);
  });
});
