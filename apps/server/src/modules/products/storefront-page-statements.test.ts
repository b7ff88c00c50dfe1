import { STOREFRONT_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { indexPlan } from '../../../test/plans.js';

/**
 * The storefront list cuts its pages by row number, with the storefront's own page sizes written into the statement
 * and any other size passed as a parameter: every size and page must list the same catalogue in the same order.
 */
let t: TestApp;
let activeIds: string[];
let activeLinenIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const built = [];
  for (let i = 0; i < 26; i++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, i));
    const name = i % 3 === 0 ? `Linen Shirt ${i}` : `Wool Coat ${i}`;
    built.push((await buildProduct(t.app.db, { name, createdAt, isActive: i % 9 !== 4 })).product);
  }
  // Newest first, inactive ones left out: what every form of the statement must answer.
  activeIds = built
    .filter((product) => product.isActive)
    .reverse()
    .map((product) => product.id);
  activeLinenIds = built
    .filter((product) => product.isActive && product.name.startsWith('Linen'))
    .reverse()
    .map((product) => product.id);
});
afterAll(async () => t.close());

async function page(query: string) {
  const answer = await call(t.app, 'GET', `/api/products?${query}`);
  expect(answer.status).toBe(200);
  const { products, pagination } = answer.body.data as {
    products: { id: string }[];
    pagination: { total: number; pages: number };
  };
  return { ids: products.map((product) => product.id), total: pagination.total, pages: pagination.pages };
}

describe('storefront list pages of every size', () => {
  it('answers the rows and total of a usual size page after page', async () => {
    expect(activeIds).toHaveLength(23);
    const first = await page('limit=10');
    const second = await page('limit=10&page=2');
    const third = await page('limit=10&page=3');
    expect([...first.ids, ...second.ids, ...third.ids]).toEqual(activeIds);
    expect([first.total, second.total, third.total]).toEqual([23, 23, 23]);
  });

  it('answers the same for a size of its own, the last page and a page past the end', async () => {
    const sevens = [];
    for (let n = 1; n <= 4; n++) sevens.push(await page(`limit=7&page=${n}`));
    expect(sevens.flatMap((answer) => answer.ids)).toEqual(activeIds);
    expect(sevens.map((answer) => answer.total)).toEqual([23, 23, 23, 23]);
    expect(await page('limit=24')).toEqual({ ids: activeIds, total: 23, pages: 1 });
    expect(await page('limit=12&page=5')).toMatchObject({ ids: [], total: 23 });
  });

  it('keeps another sort order (ties broken by id) the same across pages and sizes', async () => {
    const sort = 'sortBy=price&sortOrder=asc';
    const whole = await page(`${sort}&limit=24`);
    const paged = [];
    for (let n = 1; n <= 3; n++) paged.push(...(await page(`${sort}&limit=10&page=${n}`)).ids);
    expect(paged).toEqual(whole.ids);
    expect([...whole.ids].sort()).toEqual([...activeIds].sort());
  });

  it('finds the newest-first page by walking the active products in order (no sort of the catalogue)', async () => {
    const plan = await indexPlan(
      t.app.db,
      sql`SELECT id FROM products WHERE is_active ORDER BY created_at DESC, id DESC LIMIT 10`,
    );
    expect(plan).toContain('products_storefront_newest_idx');
    expect(plan).not.toContain('Sort');
  });

  it('answers a search the same way, page after page, with its total (a small catalogue: one statement)', async () => {
    expect(activeLinenIds).toHaveLength(9);
    const pages = [];
    for (let n = 1; n <= 3; n++) pages.push(await page(`search=LINEN&limit=4&page=${n}`));
    expect(pages.flatMap((answer) => answer.ids)).toEqual(activeLinenIds);
    expect(pages.map((answer) => answer.total)).toEqual([9, 9, 9]);
    expect(await page('search=linen&limit=10')).toEqual({ ids: activeLinenIds, total: 9, pages: 1 });
    expect(await page('search=linen&limit=4&page=4')).toMatchObject({ ids: [], total: 9 });
    expect(await page('search=cashmere&limit=10')).toEqual({ ids: [], total: 0, pages: 1 });
  });

  it('says a search total past the count bound is an estimate, on a catalogue that grew since it was last analysed', async () => {
    const many = STOREFRONT_COUNT_EXACT_LIMIT + 100;
    // Not analysed: the server still takes the catalogue for a small one, so the search counts inside its statement.
    await t.app.db.execute(sql`
      INSERT INTO products (id, name, slug, sku, subcategory, price, category_id, brand_id, created_at)
      SELECT 'f' || lpad(to_hex(g), 23, '0'), 'Tweed Scarf ' || g, 'tweed-scarf-' || g, 'TWEED-' || g, 'Scarves', 10,
        p.category_id, p.brand_id, now() + g * interval '1 minute'
      FROM generate_series(1, ${many}::int) AS g, (SELECT category_id, brand_id FROM products LIMIT 1) AS p`);
    const counted = async (query: string) => {
      const answer = await call(t.app, 'GET', `/api/products?${query}`);
      const { products, pagination } = answer.body.data as { products: unknown[]; pagination: Record<string, unknown> };
      return { rows: products.length, total: pagination.total as number, exact: pagination.exact };
    };
    const first = await counted('search=tweed&limit=10');
    expect(first).toMatchObject({ rows: 10, exact: false });
    expect(first.total).toBeGreaterThan(STOREFRONT_COUNT_EXACT_LIMIT);
    expect(await counted(`search=tweed&limit=10&page=${many / 10 + 1}`)).toMatchObject({ rows: 0, exact: false });
    expect(await counted('search=linen&limit=4')).toMatchObject({ rows: 4, total: 9, exact: true });
  });
});
