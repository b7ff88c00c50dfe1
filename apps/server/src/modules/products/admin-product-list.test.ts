import { SEARCH_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { brands, categories } from '../../db/schema/index.js';

let t: TestApp;
let staff: string;
const DAY = 86_400_000;

type Row = { name: string; sku: string; price: number };
const list = async (query: string) => {
  const res = await call(t.app, 'GET', `/api/admin/products?${query}`, { token: staff });
  expect(res.status).toBe(200);
  return res.body.data as {
    products: Row[];
    pagination: { page: number; limit: number; total: number; pages: number; exact: boolean };
    catalogue: { total: number; exact: boolean };
  };
};
const names = (data: { products: Row[] }) => data.products.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'support')).token;
  const [outerwear] = await t.app.db.insert(categories).values({ name: 'Outerwear' }).returning();
  const [basics] = await t.app.db.insert(categories).values({ name: 'Basics' }).returning();
  const [north] = await t.app.db.insert(brands).values({ name: 'Northwind' }).returning();
  const [loom] = await t.app.db.insert(brands).values({ name: 'Loom' }).returning();
  const old = (days: number) => new Date(Date.now() - days * DAY);
  const catalogue = [
    {
      name: 'Arctic Parka',
      sku: 'AP-100',
      price: 250,
      categoryId: outerwear!.id,
      brandId: north!.id,
      tags: ['winter'],
    },
    { name: 'Down Vest', sku: 'DV-200', price: 120, categoryId: outerwear!.id, brandId: loom!.id, tags: ['layer'] },
    { name: 'Plain Tee', sku: 'PT-300', price: 15, categoryId: basics!.id, brandId: loom!.id, tags: ['cotton'] },
    { name: 'Linen Shirt', sku: 'LS-400', price: 45, categoryId: basics!.id, brandId: north!.id, tags: ['summer'] },
    { name: 'Rain Shell', sku: 'RS-500', price: 180, categoryId: outerwear!.id, brandId: north!.id, tags: [] },
  ];
  for (const [index, product] of catalogue.entries()) {
    await buildProduct(t.app.db, {
      ...product,
      slug: product.sku.toLowerCase(),
      isActive: product.name !== 'Rain Shell',
      createdAt: old(10 - index),
    });
  }
});
afterAll(async () => t.close());

describe('GET /api/admin/products: one page, searched, filtered and sorted by the server', () => {
  it('pages newest first and counts the matching products and the catalogue', async () => {
    const first = await list('limit=2');
    expect(names(first)).toEqual(['Rain Shell', 'Linen Shirt']);
    expect(first.pagination).toMatchObject({ page: 1, limit: 2, total: 5, pages: 3, exact: true });
    expect(first.catalogue).toEqual({ total: 5, exact: true });
    expect(names(await list('limit=2&page=3'))).toEqual(['Arctic Parka']);
    const past = await list('limit=2&page=9');
    expect(past.products).toEqual([]);
    expect(past.pagination.total).toBe(5);
  });

  it('searches name, SKU, tags, category and brand, case-insensitively, with the catalogue size beside it', async () => {
    const byName = await list('search=PARKA');
    expect(names(byName)).toEqual(['Arctic Parka']);
    expect(byName.pagination.total).toBe(1);
    expect(byName.catalogue).toEqual({ total: 5, exact: true });
    expect(names(await list('search=ls-4'))).toEqual(['Linen Shirt']);
    expect(names(await list('search=summer'))).toEqual(['Linen Shirt']);
    expect(names(await list('search=outerw'))).toEqual(['Rain Shell', 'Down Vest', 'Arctic Parka']);
    expect(names(await list('search=loom'))).toEqual(['Plain Tee', 'Down Vest']);
    expect(names(await list('search=nothing-like-this'))).toEqual([]);
  });

  it('treats the search as plain text, never a pattern', async () => {
    expect(names(await list(`search=${encodeURIComponent('%')}`))).toEqual([]);
    expect(names(await list(`search=${encodeURIComponent('_')}`))).toEqual([]);
    expect(names(await list('search=a')).length).toBeGreaterThan(0);
  });

  it('sorts by any sort field in either direction, ties broken by id', async () => {
    expect(names(await list('sortBy=price&sortOrder=asc'))).toEqual([
      'Plain Tee',
      'Linen Shirt',
      'Down Vest',
      'Rain Shell',
      'Arctic Parka',
    ]);
    expect(names(await list('sortBy=name&sortOrder=desc&limit=2'))).toEqual(['Rain Shell', 'Plain Tee']);
    expect((await list('sortBy=sku&sortOrder=asc&limit=1')).products[0]?.sku).toBe('AP-100');
  });

  it('filters by status, category and brand (name or id) and price, combined with the search', async () => {
    expect(names(await list('isActive=false'))).toEqual(['Rain Shell']);
    expect(names(await list('category=basics'))).toEqual(['Linen Shirt', 'Plain Tee']);
    expect(names(await list('brand=Northwind&minPrice=100'))).toEqual(['Rain Shell', 'Arctic Parka']);
    expect(names(await list('category=Outerwear&search=vest'))).toEqual(['Down Vest']);
    const filtered = await list('maxPrice=50');
    expect(filtered.pagination.total).toBe(2);
    expect(filtered.catalogue.total).toBe(5);
  });

  it('refuses bad paging input with 400 and caps the page size', async () => {
    expect((await call(t.app, 'GET', '/api/admin/products?page=0', { token: staff })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/products?sortBy=secret', { token: staff })).status).toBe(400);
    expect((await list('limit=1000')).pagination.limit).toBe(100);
  });
});

// Last in this file: it adds more products than SEARCH_COUNT_EXACT_LIMIT.
describe('GET /api/admin/products: counts of a broad search', () => {
  it('counts a search exactly up to SEARCH_COUNT_EXACT_LIMIT and says it estimated past it; other lists stay exact', async () => {
    const bulk = SEARCH_COUNT_EXACT_LIMIT + 1;
    await t.app.db.execute(sql`
      INSERT INTO products (id, name, slug, sku, subcategory, price, category_id, brand_id)
      SELECT 'b' || lpad(to_hex(g), 23, '0'), 'Bulk Scarf ' || g, 'bulk-scarf-' || g, 'BS-' || g, 'Scarves', 10,
        (SELECT id FROM categories WHERE name = 'Basics'), (SELECT id FROM brands WHERE name = 'Loom')
      FROM generate_series(1, ${bulk}::int) AS g`);
    const broad = await list('search=bulk%20scarf');
    expect(broad.products).toHaveLength(20);
    expect(broad.pagination.exact).toBe(false);
    expect(broad.pagination.total).toBeGreaterThan(SEARCH_COUNT_EXACT_LIMIT);
    expect(broad.pagination.pages).toBe(Math.ceil(broad.pagination.total / 20));
    expect(broad.catalogue).toEqual({ total: bulk + 5, exact: true });
    // The Products screen's rows count the same way.
    const rows = await call(t.app, 'GET', '/api/admin/products/rows?search=bulk%20scarf', { token: staff });
    expect(rows.body.data.pagination).toEqual(broad.pagination);
    expect(rows.body.data.catalogue).toEqual(broad.catalogue);
    expect((await list('search=parka')).pagination).toMatchObject({ total: 1, exact: true });
    // Without a search the list counts exactly up to COUNT_EXACT_LIMIT, as before.
    expect((await list('')).pagination).toMatchObject({ total: bulk + 5, exact: true });
    expect((await list('category=basics')).pagination).toMatchObject({ total: bulk + 2, exact: true });
  });
});
