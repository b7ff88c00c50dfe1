import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { expectedOrder, expectPages, SORTED_LISTS } from '../../../test/sorted-lists.js';

// A list sorted by views reads only the products that can stand on the pages asked for, walked in the indexed copy of
// the counts (product_view_counts, kept by triggers on products): every page of every list is checked against the
// counts, with ties wider than the fewest candidates read (64), after storefront reads have moved some counts.
let t: TestApp;
let admin: string;
let categoryId: string;
const catalogue: { id: string; views: number }[] = [];

const PRODUCTS = 200;
/** 0-99 never viewed and 100-179 viewed 5 times (two ties wider than 64), 180-199 each its own count. */
const startingViews = (i: number) => (i < 100 ? 0 : i < 180 ? 5 : 10 + i);

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  for (let i = 0; i < PRODUCTS; i++) {
    const { product } = await buildProduct(t.app.db, {
      name: `View Tee ${i}`,
      viewCount: startingViews(i),
      ...(categoryId ? { categoryId } : {}),
    });
    categoryId = product.categoryId;
    catalogue.push({ id: product.id, views: startingViews(i) });
  }
  // Storefront reads, written in batches: products 10-19 leave the untouched tie (two views each), 100 gets one more.
  const viewed = [...catalogue.slice(10, 20), ...catalogue.slice(10, 20), catalogue[100]!];
  for (const product of viewed) {
    expect((await call(t.app, 'GET', `/api/products/${product.id}`)).status).toBe(200);
    product.views += 1;
  }
  for (const product of new Set(viewed)) {
    const staffView = () => call(t.app, 'GET', `/api/products/${product.id}`, { token: admin });
    await vi.waitFor(async () => expect((await staffView()).body.data.product.viewCount).toBe(product.views), {
      timeout: 5_000,
    });
  }
});
afterAll(async () => t.close());

describe('GET product lists with sortBy=viewCount', () => {
  for (const list of SORTED_LISTS) {
    for (const direction of ['desc', 'asc'] as const) {
      it(`pages ${list.path}${list.staff ? ' (staff)' : ''} in ${direction} order`, async () => {
        const order = expectedOrder(catalogue, (p) => p.views, direction, list.idDirection ?? direction);
        const query = `category=${categoryId}&sortBy=viewCount&sortOrder=${direction}`;
        await expectPages(t.app, list, query, order, admin);
      });
    }
  }
});
