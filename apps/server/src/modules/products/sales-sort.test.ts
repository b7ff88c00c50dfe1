import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderLine, placeOrder } from '../../../test/orders.js';
import {
  type Direction,
  expectedOrder,
  expectPages,
  SORTED_LISTS,
  type SortedList,
} from '../../../test/sorted-lists.js';

// The sales sort reads only the products that can stand on the pages asked for (the rollup's totals walked in their
// order, the tie at the last place walked by id, products with unfolded sales always): these check every page of
// every list against the order the placed orders give, with ties wider than the fewest candidates read (64).
let t: TestApp;
let admin: string;
let categoryId: string;
type Product = { id: string; units: number };
const catalogue: Product[] = [];

const PRODUCTS = 220;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  const customer = (await signedIn(t.app, 'customer')).token;
  const stock = [{ size: 'M', color: 'Black', quantity: 500 }];
  const first = (await buildProduct(t.app.db, { name: 'Sort Tee 0' }, stock)).product;
  categoryId = first.categoryId;
  catalogue.push({ id: first.id, units: 0 });
  for (let i = 1; i < PRODUCTS; i++) {
    const { product } = await buildProduct(
      t.app.db,
      { name: `Sort Tee ${i}`, categoryId, brandId: first.brandId },
      stock,
    );
    catalogue.push({ id: product.id, units: 0 });
  }
  const sell = (from: number, to: number, units: (i: number) => number) => {
    for (let i = from; i < to; i++) catalogue[i]!.units += units(i);
    return placeOrder(
      t.app,
      customer,
      catalogue.slice(from, to).map((p, offset) => orderLine(p.id, units(from + offset))),
    );
  };
  // Products 0-99 sold two units each: one tie, wider than the 64 candidates read, so the walk's tie order shows.
  // 100-119 sold three. All of it folded by an analytics read.
  await sell(0, 50, () => 2);
  await sell(50, 100, () => 2);
  const cancelled = await sell(100, 120, () => 3);
  expect((await call(t.app, 'GET', '/api/admin/analytics/sales', { token: admin })).status).toBe(200);
  // Pending, not folded: a cancellation of folded sales (100-119 back to 0), a third unit of folded products (30-39)
  // and first sales of unsold ones (120-129). Products 130-219 never sold: more than 64 again.
  const cancel = await call(t.app, 'PUT', `/api/orders/${cancelled.id}/status`, {
    token: admin,
    body: { status: 'cancelled', paymentStatus: 'pending' },
  });
  expect(cancel.status).toBe(200);
  for (let i = 100; i < 120; i++) catalogue[i]!.units = 0;
  await sell(30, 40, () => 1);
  await sell(120, 130, () => 1);
});
afterAll(async () => t.close());

/** The order of every page of `list` sorted by sales in `direction`. */
function expectSalesPages(list: SortedList, direction: Direction) {
  const order = expectedOrder(catalogue, (p) => p.units, direction, list.idDirection ?? direction);
  return expectPages(t.app, list, `category=${categoryId}&sortBy=salesCount&sortOrder=${direction}`, order, admin);
}

describe('GET product lists with sortBy=salesCount', () => {
  it('gives the salesCount the placed orders make', async () => {
    const response = await call(t.app, 'GET', `/api/products/${catalogue[35]!.id}`, { token: admin });
    expect(response.body.data.product.salesCount).toBe(catalogue[35]!.units);
    expect(catalogue[35]!.units).toBe(3);
  });

  for (const list of SORTED_LISTS) {
    for (const direction of ['desc', 'asc'] as const) {
      it(`pages ${list.path}${list.staff ? ' (staff)' : ''} in ${direction} order, folded or pending`, async () => {
        await expectSalesPages(list, direction);
      });
    }
  }

  // Runs last: the rebuild folds what was pending. Products that never sold must keep their place at 0.
  it('pages the same after the rollups are rebuilt from the orders', async () => {
    await t.app.db.execute(sql`SELECT analytics_rebuild()`);
    for (const direction of ['desc', 'asc'] as const) await expectSalesPages(SORTED_LISTS[0]!, direction);
  });
});
