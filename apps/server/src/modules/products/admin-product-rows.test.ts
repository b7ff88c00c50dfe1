import { type ProductListRow, type ProductView, productListRow } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { brands, categories, productImages } from '../../db/schema/index.js';

let t: TestApp;
let staff: string;
const DAY = 86_400_000;

type Page<T> = {
  products: T[];
  pagination: Record<string, unknown>;
  catalogue: { total: number; exact: boolean };
};
const get = async <T>(path: string, token = staff) => {
  const res = await call(t.app, 'GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Page<T>;
};

/** What a row must say of a product, worked out from the full staff view of the same product. */
function rowOf(p: ProductView): ProductListRow {
  const image = p.images[0];
  return {
    id: p.id,
    name: p.name,
    sku: p.sku,
    category: p.category,
    subcategory: p.subcategory,
    brand: p.brand,
    price: p.price,
    salePrice: p.salePrice,
    isActive: p.isActive,
    availableStock: p.availableStock,
    stockStatus: p.stockStatus,
    thumbnail: image ? { url: image.thumbnail || image.original, alt: image.alt } : null,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t.app, 'support')).token;
  const [coats] = await t.app.db.insert(categories).values({ name: 'Coats' }).returning();
  const [knits] = await t.app.db.insert(categories).values({ name: 'Knits' }).returning();
  const [fjord] = await t.app.db.insert(brands).values({ name: 'Fjord' }).returning();
  const [mill] = await t.app.db.insert(brands).values({ name: 'Mill' }).returning();
  const old = (days: number) => new Date(Date.now() - days * DAY);
  const catalogue = [
    { name: 'Wool Coat', sku: 'WC-1', price: 300, salePrice: 240, categoryId: coats!.id, brandId: fjord!.id },
    { name: 'Cable Knit', sku: 'CK-2', price: 90, categoryId: knits!.id, brandId: mill!.id, isActive: false },
    { name: 'Pea Coat', sku: 'PC-3', price: 210, categoryId: coats!.id, brandId: mill!.id },
    { name: 'Merino Crew', sku: 'MC-4', price: 70, categoryId: knits!.id, brandId: fjord!.id },
  ];
  // Stock of each kind: in stock, low, moderate (with reserved units), and none at all.
  const stock = [
    [
      { size: 'M', color: 'Navy', quantity: 40 },
      { size: 'L', color: 'Navy', quantity: 30, reserved: 4 },
    ],
    [{ size: 'S', color: 'Oat', quantity: 2, lowStockThreshold: 5 }],
    [{ size: 'M', color: 'Black', quantity: 7, reserved: 3, lowStockThreshold: 5 }],
    [],
  ];
  for (const [index, product] of catalogue.entries()) {
    const built = await buildProduct(
      t.app.db,
      { ...product, slug: product.sku.toLowerCase(), createdAt: old(10 - index) },
      stock[index],
    );
    // Pictures: two on the first product (the first by position counts), one with no thumbnail on the third.
    if (index === 0)
      await t.app.db.insert(productImages).values([
        { productId: built.product.id, position: 1, original: '/o/2.jpg', webp: '/w/2.webp', thumbnail: '/t/2.jpg' },
        {
          productId: built.product.id,
          position: 0,
          original: '/o/1.jpg',
          webp: '/w/1.webp',
          thumbnail: '/t/1.jpg',
          alt: 'Front',
        },
      ]);
    if (index === 2)
      await t.app.db
        .insert(productImages)
        .values({ productId: built.product.id, original: '/o/3.jpg', webp: '/w/3.webp', thumbnail: '' });
  }
});
afterAll(async () => t.close());

describe('GET /api/admin/products/rows: the product list with only what a row shows', () => {
  const queries = [
    '',
    'limit=2&page=2',
    'search=coat',
    'sortBy=price&sortOrder=asc',
    'sortBy=salesCount&sortOrder=desc',
    'sortBy=name&sortOrder=desc&limit=3',
    'isActive=false',
    'category=Knits',
    'brand=Fjord&minPrice=100',
    'stock=low',
    'stock=out',
    'stock=moderate',
    'search=nothing-like-this',
    'limit=2&page=9',
  ];

  it.each(queries)('answers the same page and counts as the full staff view, row by row (%s)', async (query) => {
    const full = await get<ProductView>(`/api/admin/products?${query}`);
    const rows = await get<ProductListRow>(`/api/admin/products/rows?${query}`);
    expect(rows.products).toEqual(full.products.map(rowOf));
    expect(rows.pagination).toEqual(full.pagination);
    expect(rows.catalogue).toEqual(full.catalogue);
  });

  it('names nothing a row does not show, and works out stock and pictures', async () => {
    const { products } = await get<ProductListRow>('/api/admin/products/rows?sortBy=sku&sortOrder=asc');
    for (const row of products) expect(Object.keys(row).sort()).toEqual(Object.keys(productListRow.shape).sort());
    const bySku = Object.fromEntries(products.map((row) => [row.sku, row]));
    expect(bySku['WC-1']).toMatchObject({
      availableStock: 66,
      stockStatus: 'In Stock',
      salePrice: 240,
      thumbnail: { url: '/t/1.jpg', alt: 'Front' },
    });
    expect(bySku['CK-2']).toMatchObject({ stockStatus: 'Low Stock', isActive: false, thumbnail: null });
    expect(bySku['PC-3']).toMatchObject({ availableStock: 4, stockStatus: 'Moderate Stock' });
    expect(bySku['PC-3']?.thumbnail).toEqual({ url: '/o/3.jpg', alt: '' });
    expect(bySku['MC-4']).toMatchObject({ availableStock: 0, stockStatus: 'Out of Stock', category: 'Knits' });
  });

  it('refuses bad input with 400 and callers without catalogue access with 401 or 403', async () => {
    expect((await call(t.app, 'GET', '/api/admin/products/rows?page=0', { token: staff })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/products/rows?sortBy=secret', { token: staff })).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/products/rows?stock=some', { token: staff })).status).toBe(400);
    const customer = (await signedIn(t.app, 'customer')).token;
    expect((await call(t.app, 'GET', '/api/admin/products/rows', { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/products/rows')).status).toBe(401);
  });
});
