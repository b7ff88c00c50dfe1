import { STOREFRONT_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { brands, categories } from '../../db/schema/index.js';

let t: TestApp;
let categoryId: string;
const COMMON = STOREFRONT_COUNT_EXACT_LIMIT + 100;

type Page = { products: { name: string }[]; pagination: { total: number; exact: boolean } };
async function search(query: string): Promise<Page> {
  const res = await call(t.app, 'GET', `/api/products?${query}`);
  expect(res.status).toBe(200);
  return res.body.data as Page;
}

// A catalogue larger than the count's bound, analysed before the first search (as a shop's database is).
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.app.db.insert(categories).values({ name: 'Accessories' }).returning();
  const [brand] = await t.app.db.insert(brands).values({ name: 'Loom' }).returning();
  categoryId = category!.id;
  const bulk = (word: string, count: number, prefix: string) => sql`
    INSERT INTO products (id, name, slug, sku, subcategory, price, category_id, brand_id, created_at)
    SELECT ${prefix} || lpad(to_hex(g), 23, '0'), ${word} || ' ' || g, lower(${word}) || '-' || g,
      upper(${prefix}) || '-' || g, 'Scarves', 10, ${category!.id}, ${brand!.id}, now() - g * interval '1 minute'
    FROM generate_series(1, ${count}::int) AS g`;
  await t.app.db.execute(bulk('Bulk Scarf', COMMON, 'b'));
  await t.app.db.execute(bulk('Tartan Wrap', 3, 'c'));
  // The newest scarf of all is not for sale: no way of finding a page may show it.
  await t.app.db.execute(sql`UPDATE products SET is_active = false, created_at = now() WHERE name = 'Bulk Scarf 1'`);
  await t.app.db.execute(sql`ANALYZE products`);
});
afterAll(async () => t.close());

describe('GET /api/products?search= on a catalogue larger than the count bound', () => {
  it("gives a common word's newest matches and says its total is an estimate past the bound", async () => {
    const first = await search('search=scarf&limit=10');
    expect(first.products.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Scarf ${i + 2}`));
    expect(first.pagination.exact).toBe(false);
    expect(first.pagination.total).toBeGreaterThan(STOREFRONT_COUNT_EXACT_LIMIT);
    const later = await search('search=scarf&limit=10&page=3');
    expect(later.products[0]?.name).toBe('Bulk Scarf 22');
    expect(later.pagination.exact).toBe(false);
  });

  it("finds a common word's pages near and far, in any sort, with a filter or without", async () => {
    const names = async (query: string) => (await search(query)).products.map((p) => p.name);
    const scarves = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `Bulk Scarf ${from + i}`);
    // Newest first: a near page walks the sort order; one so deep that the walk would pass more rows than match does
    // not, nor does a page past the end.
    expect(await names('search=scarf&limit=10&page=50')).toEqual(scarves(492, 501));
    expect(await names(`search=scarf&limit=10&page=${COMMON / 10}`)).toEqual(scarves(COMMON - 8, COMMON));
    expect(await names('search=scarf&limit=24&page=46')).toEqual(scarves(1082, COMMON));
    const past = await search(`search=scarf&limit=10&page=${COMMON / 10 + 1}`);
    expect(past.products).toEqual([]);
    expect(past.pagination.exact).toBe(false);
    // Same price everywhere: ties newest id first.
    const byPrice = 'search=scarf&sortBy=price&sortOrder=asc&limit=10';
    expect(await names(byPrice)).toEqual(scarves(COMMON - 9, COMMON).reverse());
    expect(await names(`${byPrice}&page=${COMMON / 10}`)).toEqual(scarves(2, 10).reverse());
    // A filter beside the search: the statement planned for its pattern.
    expect(await names(`search=scarf&category=${categoryId}&limit=10`)).toEqual(scarves(2, 11));
    expect(await names('search=scarf&category=Accessories&limit=10&page=2')).toEqual(scarves(12, 21));
  });

  it('counts a rare word exactly', async () => {
    const page = await search('search=tartan&limit=2');
    expect(page.products.map((p) => p.name)).toEqual(['Tartan Wrap 1', 'Tartan Wrap 2']);
    expect(page.pagination).toMatchObject({ total: 3, exact: true });
  });
});
