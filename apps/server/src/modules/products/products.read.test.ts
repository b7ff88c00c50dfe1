import { STOREFRONT_AVAILABLE_CAP } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOuterwearCatalogue } from '../../../test/catalogue-read-fixture.js';
import { buildProduct, buildReviews, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { products } from '../../db/schema/index.js';

let t: TestApp;
let staff: string;
let customer: string;
let categoryId: string;
let brandId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ catalogue: { viewFlushMs: 200, cacheTtlMs: 0 } });
  staff = (await signedIn(t.app, 'support')).token;
  customer = (await signedIn(t.app, 'customer')).token;
  ({ ids, categoryId, brandId } = await buildOuterwearCatalogue(t.app.db));
});
afterAll(async () => t.close());

const names = (body: { data: { products: { name: string }[] } }) => body.data.products.map((p) => p.name).sort();

describe('GET /api/products', () => {
  it('lists active products for the storefront with pagination (page size 10)', async () => {
    const res = await call(t.app, 'GET', '/api/products');
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['Arctic Parka', 'Down Vest', 'Plain Tee']);
    expect(res.body.data.pagination).toEqual({ page: 1, limit: 10, total: 3, pages: 1, totalPages: 1, exact: true });
  });

  it('shapes a product for staff as the spec entity, with stock figures and sales from live orders only', async () => {
    const res = await call(t.app, 'GET', '/api/products?search=parka', { token: staff });
    const parka = res.body.data.products[0];
    expect(parka).toMatchObject({
      _id: ids.parka,
      id: ids.parka,
      name: 'Arctic Parka',
      category: 'Outerwear',
      categoryId,
      brand: 'Polar Works',
      brandId,
      subcategory: 'Coats',
      sku: 'PRK-001',
      price: 240,
      variants: {
        size: { available: ['M', 'L'], default: 'M' },
        color: { available: ['Black', 'Navy'], default: 'Black' },
      },
      images: [
        {
          original: '/uploads/products/a.png',
          webp: '/uploads/products/a.webp',
          thumbnail: '/uploads/products/a-thumb.webp',
          alt: 'Parka',
        },
      ],
      seo: { slug: 'arctic-parka' },
      salesCount: 3,
      totalStock: 35,
      availableStock: 33,
      reservedStock: 2,
      stockStatus: 'Low Stock',
      createdBy: { firstName: 'Ada', lastName: 'Lovelace' },
      inStock: true,
    });
    expect(parka.inventory[1]).toMatchObject({
      size: 'M',
      color: 'Navy',
      quantity: 12,
      reserved: 2,
      available: 10,
      lowStockThreshold: 5,
    });
    expect(parka.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('shows shoppers the storefront view of one product: prices, options and a bounded availability per variant', async () => {
    const staffOnly = ['costPrice', 'salesCount', 'viewCount', 'totalStock', 'reservedStock', 'availableStock'];
    for (const token of [undefined, customer]) {
      const parka = (await call(t.app, 'GET', '/api/products/slug/arctic-parka', { token })).body.data.product;
      expect(parka).toMatchObject({
        name: 'Arctic Parka',
        price: 240,
        comparePrice: 0,
        salePrice: null,
        inStock: true,
      });
      for (const field of [...staffOnly, 'createdBy', 'stockStatus', 'isActive'])
        expect(parka).not.toHaveProperty(field);
      expect(parka.inventory).toEqual([
        {
          _id: expect.any(String),
          id: expect.any(String),
          size: 'M',
          color: 'Black',
          available: STOREFRONT_AVAILABLE_CAP,
        },
        { _id: expect.any(String), id: expect.any(String), size: 'M', color: 'Navy', available: 10 },
        { _id: expect.any(String), id: expect.any(String), size: 'L', color: 'Navy', available: 3 },
      ]);
    }
    // Staff callers of the same storefront paths keep the staff view.
    for (const url of [`/api/products/${ids.parka}`, '/api/products/slug/arctic-parka']) {
      const product = (await call(t.app, 'GET', url, { token: staff })).body.data.product;
      expect(product).toMatchObject({ costPrice: 0, salesCount: 3, totalStock: 35, reservedStock: 2 });
      expect(product.inventory[1]).toMatchObject({ quantity: 12, reserved: 2, lowStockThreshold: 5 });
    }
    const featured = (await call(t.app, 'GET', '/api/products/featured', { token: staff })).body.data.products[0];
    expect(featured).toMatchObject({ name: 'Arctic Parka', salesCount: 3, createdBy: { firstName: 'Ada' } });
  });

  it("reads shoppers' products lean: the answer is the staff view without staff-only fields, by slug and by id", async () => {
    const staffOnly = [
      'costPrice',
      'isActive',
      'viewCount',
      'salesCount',
      'wishlistCount',
      'totalStock',
      'availableStock',
      'reservedStock',
      'stockStatus',
      'createdBy',
    ];
    for (const slug of ['arctic-parka', 'down-vest', 'plain-tee']) {
      const full = (await call(t.app, 'GET', `/api/products/slug/${slug}`, { token: staff })).body.data.product;
      const expected = Object.fromEntries(Object.entries(full).filter(([field]) => !staffOnly.includes(field)));
      expected.inventory = full.inventory.map(
        (v: { _id: string; id: string; size: string; color: string; available: number }) => ({
          _id: v._id,
          id: v.id,
          size: v.size,
          color: v.color,
          available: Math.max(0, Math.min(STOREFRONT_AVAILABLE_CAP, v.available)),
        }),
      );
      for (const token of [undefined, customer])
        for (const url of [`/api/products/slug/${slug.toUpperCase()}`, `/api/products/${full.id}`]) {
          const res = await call(t.app, 'GET', url, { token });
          expect(res.status, url).toBe(200);
          expect(res.body.data.product, url).toEqual(expected);
        }
    }
    expect((await call(t.app, 'GET', `/api/products/${ids.hidden}`)).status).toBe(404);
  });

  it('lists shoppers a lean summary of each product, from the same data as the full view', async () => {
    const full = (await call(t.app, 'GET', '/api/products/slug/arctic-parka')).body.data.product;
    for (const url of [
      '/api/products?search=parka',
      '/api/products/featured',
      '/api/products/category/Outerwear',
      `/api/products/${ids.vest}/related`,
    ]) {
      const listed = (await call(t.app, 'GET', url, { token: customer })).body.data.products;
      expect(
        listed.find((p: { name: string }) => p.name === 'Arctic Parka'),
        url,
      ).toEqual({
        _id: ids.parka,
        id: ids.parka,
        name: 'Arctic Parka',
        slug: 'arctic-parka',
        category: 'Outerwear',
        brand: 'Polar Works',
        price: 240,
        comparePrice: 0,
        salePrice: null,
        rating: 4.8,
        reviewCount: 5,
        inStock: true,
        image: full.images[0],
        sizes: full.variants.size.available,
        colors: full.variants.color.available,
        colorStock: full.variants.color.available.map((color: string) => ({
          color,
          ...{ Navy: { sizes: 2, sizesLeft: 2 }, Black: { sizes: 1, sizesLeft: 1 } }[color],
        })),
      });
    }
    const tee = (await call(t.app, 'GET', '/api/products?search=plain')).body.data.products[0];
    expect(tee).toMatchObject({ image: null, sizes: [], colors: [], colorStock: [], inStock: false });
    // Staff callers of a list keep the staff view.
    const staffList = (await call(t.app, 'GET', '/api/products?search=parka', { token: staff })).body.data.products;
    expect(staffList[0]).toMatchObject({ salesCount: 3, inventory: expect.any(Array) });
  });

  it('searches name, SKU, category, subcategory and brand case-insensitively, as plain text', async () => {
    const search = async (q: string) =>
      names((await call(t.app, 'GET', `/api/products?search=${encodeURIComponent(q)}`)).body);
    expect(await search('ARCTIC')).toEqual(['Arctic Parka']);
    expect(await search('vst-0')).toEqual(['Down Vest']);
    expect(await search('outerwear')).toEqual(['Arctic Parka', 'Down Vest']);
    expect(await search('t-shirts')).toEqual(['Plain Tee']);
    expect(await search('polar')).toEqual(['Arctic Parka', 'Down Vest']);
    expect(await search('%')).toEqual([]);
    expect(await search("'; drop table products; --")).toEqual([]);
  });

  it('filters by category, brand, flags and price, and sorts', async () => {
    const list = async (query: string) => (await call(t.app, 'GET', `/api/products?${query}`)).body;
    expect(names(await list('category=outerwear'))).toEqual(['Arctic Parka', 'Down Vest']);
    expect(names(await list(`category=${categoryId}`))).toEqual(['Arctic Parka', 'Down Vest']);
    expect(names(await list('brand=Polar%20Works'))).toEqual(['Arctic Parka', 'Down Vest']);
    expect(names(await list('isFeatured=true'))).toEqual(['Arctic Parka']);
    expect(names(await list('minPrice=50&maxPrice=200'))).toEqual(['Down Vest']);
    const sorted = await list('sortBy=price&sortOrder=asc');
    expect(sorted.data.products.map((p: { price: number }) => p.price)).toEqual([15, 99, 240]);
    const bySales = await list('sortBy=salesCount&sortOrder=desc&limit=1');
    expect(bySales.data.products[0].name).toBe('Arctic Parka');
    expect(bySales.data.pagination).toMatchObject({ limit: 1, total: 3, pages: 3, totalPages: 3 });
    expect((await list('page=9')).data).toMatchObject({ products: [], pagination: { page: 9, total: 3 } });
  });

  it('shows staff inactive products too, and lets them filter on isActive', async () => {
    const all = await call(t.app, 'GET', '/api/products', { token: staff });
    expect(names(all.body)).toContain('Hidden Anorak');
    const inactive = await call(t.app, 'GET', '/api/products?isActive=false', { token: staff });
    expect(names(inactive.body)).toEqual(['Hidden Anorak']);
    const storefront = await call(t.app, 'GET', '/api/products?isActive=false', { token: customer });
    expect(names(storefront.body)).toEqual(['Arctic Parka', 'Down Vest', 'Plain Tee']);
  });

  it('refuses bad query values with 400, never 500', async () => {
    for (const query of [
      'page=0',
      'limit=0',
      'limit=abc',
      'sortBy=password',
      'sortOrder=up',
      'minPrice=-1',
      'isActive=maybe',
    ]) {
      const res = await call(t.app, 'GET', `/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('featured, trending, categories, brands', () => {
  it('lists featured and trending active products (limit default 8)', async () => {
    const featured = await call(t.app, 'GET', '/api/products/featured');
    expect(names(featured.body)).toEqual(['Arctic Parka']);
    const trending = await call(t.app, 'GET', '/api/products/trending?limit=1');
    expect(names(trending.body)).toEqual(['Down Vest']);
    expect((await call(t.app, 'GET', '/api/products/featured?limit=0')).status).toBe(400);
  });

  it('lists categories and brands for the forms', async () => {
    const cats = await call(t.app, 'GET', '/api/products/categories', { token: staff });
    expect(cats.body.data.categories.find((c: { name: string }) => c.name === 'Outerwear')).toMatchObject({
      _id: categoryId,
      id: categoryId,
      productCount: 3,
      image: null,
    });
    const brandList = await call(t.app, 'GET', '/api/products/brands');
    expect(brandList.body.data.brands.find((b: { name: string }) => b.name === 'Polar Works')).toMatchObject({
      productCount: 2,
    });
  });

  it('counts only active products for the storefront and every product for staff', async () => {
    // Outerwear holds the parka, the vest and the inactive anorak.
    const outerwear = (body: { data: { categories: { name: string; productCount: number }[] } }) =>
      body.data.categories.find((c) => c.name === 'Outerwear')?.productCount;
    for (const token of [undefined, customer]) {
      expect(outerwear((await call(t.app, 'GET', '/api/products/categories', { token })).body)).toBe(2);
      expect(outerwear((await call(t.app, 'GET', '/api/categories?search=Outerwear', { token })).body)).toBe(2);
      const one = await call(t.app, 'GET', `/api/categories/${categoryId}`, { token });
      expect(one.body.data.category.productCount).toBe(2);
    }
    expect(outerwear((await call(t.app, 'GET', '/api/categories?search=Outerwear', { token: staff })).body)).toBe(3);
    expect(
      (await call(t.app, 'GET', `/api/categories/${categoryId}`, { token: staff })).body.data.category,
    ).toMatchObject({ productCount: 3 });
    const brand = await call(t.app, 'GET', `/api/brands/${brandId}`);
    expect(brand.body.data.brand.productCount).toBe(2);
    // Answers that differ by caller tell caches so.
    for (const url of ['/api/products', `/api/products/${ids.parka}`, '/api/categories', `/api/brands/${brandId}`])
      expect((await call(t.app, 'GET', url)).headers.vary, url).toContain('Authorization');
  });
});

describe('one product', () => {
  const views = async (id: string) =>
    (await t.app.db.select({ v: products.viewCount }).from(products).where(eq(products.id, id)))[0]!.v;

  /** The count once earlier tests' views (flushed every 200 ms) have all been written. */
  async function settledViews(id: string) {
    for (;;) {
      const seen = await views(id);
      await new Promise((resolve) => setTimeout(resolve, 500));
      if ((await views(id)) === seen) return seen;
    }
  }

  it('reads by id and by slug; storefront reads count as views (written in batches), staff reads do not', async () => {
    const before = await settledViews(ids.vest!);
    expect((await call(t.app, 'GET', `/api/products/${ids.vest}`)).body.data.product.name).toBe('Down Vest');
    expect((await call(t.app, 'GET', '/api/products/slug/down-vest', { token: customer })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/products/${ids.vest}`, { token: staff })).status).toBe(200);
    await expect.poll(() => views(ids.vest!), { timeout: 5_000, interval: 100 }).toBe(before + 2);
  });

  it('hides inactive products from the storefront but shows them to staff', async () => {
    const before = await views(ids.hidden!);
    expect((await call(t.app, 'GET', `/api/products/${ids.hidden}`)).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/products/slug/hidden-anorak', { token: customer })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/products/${ids.hidden}`, { token: staff })).status).toBe(200);
    expect(await views(ids.hidden!)).toBe(before);
  });

  it('answers 404 for an unknown product and 400 with the spec message for a malformed id', async () => {
    const missing = await call(t.app, 'GET', '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: 'Product not found', code: 'NOT_FOUND' });
    const short = await call(t.app, 'GET', '/api/products/abc123');
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Invalid product ID format. Expected 24 characters, got 6');
    const notHex = await call(t.app, 'GET', '/api/products/zzzzzzzzzzzzzzzzzzzzzzzz');
    expect(notHex.body.error).toBe('Expected 24-character hexadecimal string.');
    expect((await call(t.app, 'GET', '/api/products/slug/nothing-here')).status).toBe(404);
  });

  it('lists related products of the same category (default 4) and products of a category (12 per page)', async () => {
    const related = await call(t.app, 'GET', `/api/products/${ids.parka}/related`);
    expect(names(related.body)).toEqual(['Down Vest']);
    expect((await call(t.app, 'GET', '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa/related')).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/products/bad/related')).status).toBe(400);
    const byCategory = await call(t.app, 'GET', '/api/products/category/Outerwear');
    expect(names(byCategory.body)).toEqual(['Arctic Parka', 'Down Vest']);
    expect(byCategory.body.data.pagination).toMatchObject({ limit: 12, total: 2 });
    expect((await call(t.app, 'GET', '/api/products/category/Nope')).status).toBe(404);
  });

  it('lists related products of the same brand first, then best rated, the higher id first among equals', async () => {
    const stock = [{ size: 'M', color: 'Black', quantity: 5 }];
    const { product: base } = await buildProduct(t.app.db, { name: 'Related Base' }, stock);
    const { product: unrated } = await buildProduct(t.app.db, { name: 'Other 0', categoryId: base.categoryId }, stock);
    const product = async (name: string, brandId: string, stars: number[], isActive = true) => {
      const built = await buildProduct(t.app.db, { name, categoryId: base.categoryId, brandId, isActive }, stock);
      await buildReviews(t.app.db, built.product.id, stars);
      return built.product.id;
    };
    await product('Same 3', base.brandId, [3]);
    await product('Same 5', base.brandId, [5]);
    await product('Same 0', base.brandId, []);
    await product('Same inactive', base.brandId, [5], false);
    // Five other products tied at 5 stars, more than a page of 4: the tie is broken by id, highest first (ids made in
    // the same second need not grow with creation, so the order comes from the ids themselves).
    const tied: { name: string; id: string }[] = [];
    for (const n of [1, 2, 3, 4, 5])
      tied.push({ name: `Other 5 #${n}`, id: await product(`Other 5 #${n}`, unrated.brandId, [5]) });
    const byId = tied.sort((a, b) => (a.id < b.id ? 1 : -1)).map((p) => p.name);
    await product('Other 4', unrated.brandId, [4]);
    const related = async (query: string) =>
      (await call(t.app, 'GET', `/api/products/${base.id}/related${query}`)).body.data.products.map(
        (p: { name: string }) => p.name,
      );
    expect(await related('')).toEqual(['Same 5', 'Same 3', 'Same 0', byId[0]]);
    expect(await related('?limit=10')).toEqual(['Same 5', 'Same 3', 'Same 0', ...byId, 'Other 4', 'Other 0']);
  });
});
