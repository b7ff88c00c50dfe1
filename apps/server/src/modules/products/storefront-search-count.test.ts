import { STOREFRONT_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { brands, categories } from '../../db/schema/index.js';

let t: TestApp;
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
  const bulk = (word: string, count: number, prefix: string) => sql`
    INSERT INTO products (id, name, slug, sku, subcategory, price, category_id, brand_id, created_at)
    SELECT ${prefix} || lpad(to_hex(g), 23, '0'), ${word} || ' ' || g, lower(${word}) || '-' || g,
      upper(${prefix}) || '-' || g, 'Scarves', 10, ${category!.id}, ${brand!.id}, now() - g * interval '1 minute'
    FROM generate_series(1, ${count}::int) AS g`;
  await t.app.db.execute(bulk('Bulk Scarf', COMMON, 'b'));
  await t.app.db.execute(bulk('Tartan Wrap', 3, 'c'));
  await t.app.db.execute(sql`ANALYZE products`);
});
afterAll(async () => t.close());

describe('GET /api/products?search= on a catalogue larger than the count bound', () => {
  it("gives a common word's newest matches and says its total is an estimate past the bound", async () => {
    const first = await search('search=scarf&limit=10');
    expect(first.products.map((p) => p.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Bulk Scarf ${i + 1}`));
    expect(first.pagination.exact).toBe(false);
    expect(first.pagination.total).toBeGreaterThan(STOREFRONT_COUNT_EXACT_LIMIT);
    const later = await search('search=scarf&limit=10&page=3');
    expect(later.products[0]?.name).toBe('Bulk Scarf 21');
    expect(later.pagination.exact).toBe(false);
  });

  it('counts a rare word exactly', async () => {
    const page = await search('search=tartan&limit=2');
    expect(page.products.map((p) => p.name)).toEqual(['Tartan Wrap 1', 'Tartan Wrap 2']);
    expect(page.pagination).toMatchObject({ total: 3, exact: true });
  });
});
