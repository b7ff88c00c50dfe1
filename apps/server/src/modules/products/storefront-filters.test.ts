import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, buildReviews, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { brands, categories } from '../../db/schema/index.js';

/** The storefront listing's filters (size, color, in stock) and its "popular" sort, through GET /api/products. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ catalogue: { viewFlushMs: 200, cacheTtlMs: 0 } });
  const db = t.app.db;
  const categoryId = (await db.insert(categories).values({ name: 'Knitwear' }).returning())[0]!.id;
  const brandId = (await db.insert(brands).values({ name: 'Loom & Co' }).returning())[0]!.id;
  // Each product is rated by published reviews with these stars.
  const make = async (
    name: string,
    stars: number[],
    [price, salePrice]: [number, number | null],
    variants: Parameters<typeof buildProduct>[2],
  ) => {
    const { product } = await buildProduct(db, { name, categoryId, brandId, price, salePrice }, variants);
    await buildReviews(db, product.id, stars);
  };
  // Cardigan: its M/Black is all reserved (sold out), other combinations have units.
  await make(
    'Cardigan',
    [4, 4, 4, 5],
    [80, 40],
    [
      { size: 'M', color: 'Black', quantity: 5, reserved: 5 },
      { size: 'L', color: 'Black', quantity: 3 },
      { size: 'M', color: 'Navy', quantity: 4 },
    ],
  );
  await make('Sweater', [5], [60, null], [{ size: 'S', color: 'White', quantity: 2 }]);
  await make('Pullover', [5, 5, 5, 4], [50, 55], [{ size: 'M', color: 'Black', quantity: 1 }]);
  await make('Vest', [], [30, 0], [{ size: 'M', color: 'Black', quantity: 0 }]);
});
afterAll(async () => t.close());

const list = async (query: string, token?: string) => {
  const res = await call(t.app, 'GET', `/api/products?category=Knitwear&${query}`, { token });
  expect(res.status).toBe(200);
  return (res.body.data.products as { name: string }[]).map((p) => p.name);
};
const sorted = async (query: string) => (await list(query)).sort();

describe('GET /api/products: storefront filters', () => {
  it('filters by size and by color, any case, several values comma-separated or repeated', async () => {
    expect(await sorted('size=M')).toEqual(['Cardigan', 'Pullover', 'Vest']);
    expect(await sorted('color=navy,WHITE')).toEqual(['Cardigan', 'Sweater']);
    expect(await sorted('color=Navy&color=White')).toEqual(['Cardigan', 'Sweater']);
    expect(await sorted('size=S,L&color=Black')).toEqual(['Cardigan']);
  });

  it('keeps only products with units to sell, and with size/color only those whose very combination has units', async () => {
    expect(await sorted('inStock=true')).toEqual(['Cardigan', 'Pullover', 'Sweater']);
    expect(await sorted('inStock=false')).toEqual(['Cardigan', 'Pullover', 'Sweater', 'Vest']);
    expect(await sorted('size=M&color=Black')).toEqual(['Cardigan', 'Pullover', 'Vest']);
    expect(await sorted('size=M&color=Black&inStock=true')).toEqual(['Pullover']);
  });

  it('counts the filtered matches in the pagination', async () => {
    const res = await call(t.app, 'GET', '/api/products?category=Knitwear&inStock=true&limit=2');
    expect(res.body.data.pagination).toMatchObject({ total: 3, pages: 2, exact: true });
  });

  it('sorts by popularity: most reviewed first, then best rated (ascending reverses both)', async () => {
    expect(await list('sortBy=popularity')).toEqual(['Pullover', 'Cardigan', 'Sweater', 'Vest']);
    expect(await list('sortBy=popularity&sortOrder=asc')).toEqual(['Vest', 'Sweater', 'Cardigan', 'Pullover']);
  });

  it('sorts and filters shoppers by the price they pay (the sale price when below the price); staff by the price', async () => {
    expect(await list('sortBy=finalPrice&sortOrder=asc')).toEqual(['Vest', 'Cardigan', 'Pullover', 'Sweater']);
    expect(await list('sortBy=finalPrice')).toEqual(['Sweater', 'Pullover', 'Cardigan', 'Vest']);
    expect(await list('sortBy=price&sortOrder=asc')).toEqual(['Vest', 'Pullover', 'Sweater', 'Cardigan']);
    expect(await sorted('minPrice=35&maxPrice=50')).toEqual(['Cardigan', 'Pullover']);
    const staff = (await signedIn(t.app, 'support')).token;
    expect((await list('minPrice=35&maxPrice=50', staff)).sort()).toEqual(['Pullover']);
  });

  it('answers 400 for too many or too long size/color values, and for an unknown sort', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `S${i}`).join(',');
    for (const query of [`size=${many}`, `color=${'x'.repeat(31)}`, 'sortBy=bestselling', 'inStock=yes']) {
      const res = await call(t.app, 'GET', `/api/products?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});
