import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import {
  activityLogs,
  brands,
  categories,
  inventory,
  inventoryMovements,
  orderItems,
  orders,
  productImages,
  products,
} from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let moderator: string;
let support: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(
    (['admin', 'moderator', 'support', 'customer'] as const).map(async (role) => (await signedIn(t.app, role)).token),
  );
  [admin, moderator, support, customer] = tokens as [string, string, string, string];
  await t.app.db.insert(categories).values([{ name: 'Men' }, { name: 'Women' }]);
  await t.app.db.insert(brands).values([{ name: 'Northwind' }, { name: 'Coastline' }]);
});
afterAll(async () => t.close());

let skuCounter = 0;
const validBody = (overrides: Record<string, unknown> = {}) => ({
  name: '  Linen Shirt  ',
  sku: `LIN-${++skuCounter}`,
  description: 'A breezy linen shirt for summer days.',
  category: 'Men',
  subcategory: 'Shirts',
  brand: 'Northwind',
  price: 59.99,
  comparePrice: 79.99,
  costPrice: 20,
  weight: 0.25,
  dimensions: { length: 30, width: 20, height: 2 },
  seo: { title: 'Linen Shirt', description: 'Shop linen', keywords: ' linen, summer , ,shirt ', slug: '' },
  tags: 'linen,  summer ,,',
  isActive: true,
  isFeatured: true,
  isTikTokTrending: false,
  inventory: [
    { size: 'M', color: 'White', quantity: 10 },
    { size: 'L', color: 'Blue', quantity: 4, lowStockThreshold: 3 },
  ],
  images: [
    {
      original: '/uploads/products/x.png',
      webp: '/uploads/products/x.webp',
      thumbnail: '/uploads/products/x-thumb.webp',
      alt: 'Front',
    },
  ],
  ...overrides,
});

describe('POST /api/products', () => {
  it('creates a product with trimmed values, lists, a generated slug, its combinations and images', async () => {
    const res = await call(t.app, 'POST', '/api/products', { token: admin, body: validBody() });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Product created successfully');
    const p = res.body.data.product;
    expect(p).toMatchObject({
      name: 'Linen Shirt',
      slug: 'linen-shirt',
      category: 'Men',
      brand: 'Northwind',
      tags: ['linen', 'summer'],
      seo: { title: 'Linen Shirt', keywords: ['linen', 'summer', 'shirt'], slug: 'linen-shirt' },
      isFeatured: true,
      totalStock: 14,
      images: [{ alt: 'Front' }],
      createdBy: { firstName: 'Test' },
    });
    expect(p.inventory.map((r: { size: string; lowStockThreshold: number }) => [r.size, r.lowStockThreshold])).toEqual([
      ['M', 5],
      ['L', 3],
    ]);
    const movements = await t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, p.id));
    expect(movements.map((m) => m.operation)).toEqual(['create', 'create']);
    const [log] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, p.id));
    expect(log).toMatchObject({ action: 'create', resource: 'product', status: 'success' });
    // The same name again gets the next free slug.
    const again = await call(t.app, 'POST', '/api/products', { token: moderator, body: validBody() });
    expect(again.body.data.product.slug).toBe('linen-shirt-2');
  });

  it('gives every validation message of the spec', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: undefined }, 'name', 'Name is required.'],
      [{ name: '   ' }, 'name', 'Name is required.'],
      [{ name: 'ab' }, 'name', 'Name must be 3-100 characters.'],
      [{ name: 'x'.repeat(101) }, 'name', 'Name must be 3-100 characters.'],
      [{ sku: '' }, 'sku', 'SKU is required.'],
      [{ sku: 'AB' }, 'sku', 'SKU must be 3-50 characters.'],
      [{ sku: 'A'.repeat(51) }, 'sku', 'SKU must be 3-50 characters.'],
      [{ description: 'too short' }, 'description', 'Description must be 10-500 characters.'],
      [{ description: 'x'.repeat(501) }, 'description', 'Description must be 10-500 characters.'],
      [{ category: ' ' }, 'category', 'Category is required.'],
      [{ subcategory: undefined }, 'subcategory', 'Subcategory is required.'],
      [{ brand: '' }, 'brand', 'Brand is required.'],
      [{ price: 0 }, 'price', 'Price must be greater than 0.'],
      [{ price: 'abc' }, 'price', 'Price must be greater than 0.'],
      [{ comparePrice: -1 }, 'comparePrice', 'Compare price cannot be negative.'],
      [{ costPrice: -0.01 }, 'costPrice', 'Cost price cannot be negative.'],
      [{ weight: -2 }, 'weight', 'Weight cannot be negative.'],
      [
        { inventory: [{ size: 'M', color: 'Red', quantity: 1.5 }] },
        'inventory.0.quantity',
        'Quantity must be a whole number of at least 0.',
      ],
      [
        { inventory: [{ size: 'M', color: 'Red', quantity: -1 }] },
        'inventory.0.quantity',
        'Quantity must be a whole number of at least 0.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(t.app, 'POST', '/api/products', { token: admin, body: validBody(overrides) });
      expect(res.status, message).toBe(400);
      expect(res.body.details, message).toContainEqual({ field, message });
    }
    expect(
      (await call(t.app, 'POST', '/api/products', { token: admin, body: validBody({ description: '' }) })).status,
    ).toBe(201);
  });

  it('refuses an unknown category or brand, a duplicate SKU or slug, and duplicate combinations', async () => {
    const unknown = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: validBody({ category: 'Aliens' }),
    });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'Category not found']);
    const noBrand = await call(t.app, 'POST', '/api/products', { token: admin, body: validBody({ brand: 'Nope' }) });
    expect([noBrand.status, noBrand.body.error]).toEqual([400, 'Brand not found']);
    await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: validBody({ sku: 'DUP-1', seo: { slug: 'Custom Slug' } }),
    });
    const dupSku = await call(t.app, 'POST', '/api/products', { token: admin, body: validBody({ sku: 'dup-1' }) });
    expect([dupSku.status, dupSku.body.error]).toEqual([409, 'A product with this SKU already exists']);
    const dupSlug = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: validBody({ seo: { slug: 'custom-slug' } }),
    });
    expect([dupSlug.status, dupSlug.body.error]).toEqual([409, 'A product with this slug already exists']);
    const dupVariant = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: validBody({
        inventory: [
          { size: 'M', color: 'Red', quantity: 1 },
          { size: 'm', color: 'RED', quantity: 2 },
        ],
      }),
    });
    expect([dupVariant.status, dupVariant.body.error]).toEqual([409, 'This size/color combination already exists']);
  });

  it('allows admin and moderator only', async () => {
    expect((await call(t.app, 'POST', '/api/products', { body: validBody() })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/products', { token: customer, body: validBody() })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/products', { token: support, body: validBody() })).status).toBe(403);
  });

  it('answers 400, never 500, to malformed bodies', async () => {
    for (const body of [
      [],
      'x',
      { ...validBody(), inventory: 'lots' },
      { ...validBody(), dimensions: { length: 'long' } },
      { ...validBody(), images: [{}] },
    ]) {
      const res = await call(t.app, 'POST', '/api/products', { token: admin, body });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('PUT /api/products/{id}', () => {
  it('keeps every field a partial body leaves out (pictures, combinations, prices, flags, tags)', async () => {
    const body = validBody({ salePrice: 49.99, tags: ['linen'], isFeatured: true });
    const created = (await call(t.app, 'POST', '/api/products', { token: admin, body })).body.data.product;
    const res = await call(t.app, 'PUT', `/api/products/${created.id}`, {
      token: admin,
      body: { name: 'Linen Shirt Renamed' },
    });
    expect(res.status).toBe(200);
    const { name, updatedAt: _after, ...rest } = res.body.data.product;
    const { updatedAt: _before, name: _old, ...restBefore } = created;
    expect(name).toBe('Linen Shirt Renamed');
    expect(rest).toEqual(restBefore);
  });

  it('updates the form fields, images and combinations (quantities through the stock function) and logs the change', async () => {
    const created = (await call(t.app, 'POST', '/api/products', { token: admin, body: validBody() })).body.data.product;
    const res = await call(t.app, 'PUT', `/api/products/${created.id}`, {
      token: moderator,
      body: validBody({
        name: 'Linen Shirt Deluxe',
        sku: created.sku,
        category: 'Women',
        brand: 'Coastline',
        price: 64.5,
        seo: { slug: 'linen-deluxe', keywords: [] },
        inventory: [
          { size: 'M', color: 'White', quantity: 7, lowStockThreshold: 2 },
          { size: 'S', color: 'Green', quantity: 3 },
        ],
        images: [],
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product updated successfully');
    expect(res.body.data.product).toMatchObject({
      name: 'Linen Shirt Deluxe',
      category: 'Women',
      brand: 'Coastline',
      price: 64.5,
      slug: 'linen-deluxe',
      images: [],
    });
    expect(
      res.body.data.product.inventory.map((r: { size: string; quantity: number }) => `${r.size}:${r.quantity}`),
    ).toEqual(['S:3', 'M:7']);
    const ops = (await t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, created.id)))
      .map((m) => m.operation)
      .sort();
    expect(ops).toEqual(['create', 'create', 'create', 'set', 'set']);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, created.id));
    const update = logs.find((l) => l.action === 'update')!;
    expect(update.details).toMatchObject({
      name: { before: 'Linen Shirt', after: 'Linen Shirt Deluxe' },
      price: { before: 59.99, after: 64.5 },
    });
  });

  it('keeps a combination holding reserved units (409) and checks SKU uniqueness', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5, reserved: 2 }]);
    const removeIt = await call(t.app, 'PUT', `/api/products/${product.id}`, { token: admin, body: { inventory: [] } });
    expect(removeIt.status).toBe(409);
    const below = await call(t.app, 'PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { inventory: [{ size: 'M', color: 'Black', quantity: 1 }] },
    });
    expect(below.status).toBe(409);
    const other = await buildProduct(t.app.db, { sku: 'TAKEN-1' }, []);
    const dup = await call(t.app, 'PUT', `/api/products/${product.id}`, { token: admin, body: { sku: 'taken-1' } });
    expect([dup.status, dup.body.error]).toEqual([409, 'A product with this SKU already exists']);
    expect(other.product.id).not.toBe(product.id);
    const partial = await call(t.app, 'PUT', `/api/products/${product.id}`, { token: admin, body: { name: 'ab' } });
    expect(partial.body.error).toBe('Name must be 3-100 characters.');
  });

  it('answers 404, 400 for bad ids, 403 for support and customers', async () => {
    expect(
      (await call(t.app, 'PUT', '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa', { token: admin, body: { name: 'Valid' } }))
        .status,
    ).toBe(404);
    const bad = await call(t.app, 'PUT', '/api/products/123', { token: admin, body: { name: 'Valid' } });
    expect([bad.status, bad.body.error]).toEqual([400, 'Invalid product ID format. Expected 24 characters, got 3']);
    const { product } = await buildProduct(t.app.db);
    expect(
      (await call(t.app, 'PUT', `/api/products/${product.id}`, { token: support, body: { name: 'Valid' } })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'PUT', `/api/products/${product.id}`, { token: customer, body: { name: 'Valid' } })).status,
    ).toBe(403);
    expect((await call(t.app, 'PUT', `/api/products/${product.id}`, { body: { name: 'Valid' } })).status).toBe(401);
  });
});

describe('DELETE /api/products/{id}', () => {
  it('removes the product with its inventory, movements and images; order lines keep their snapshot', async () => {
    const created = (await call(t.app, 'POST', '/api/products', { token: admin, body: validBody() })).body.data.product;
    const address = {
      firstName: 'A',
      lastName: 'B',
      street: 's',
      city: 'c',
      state: 's',
      zipCode: 'z',
      country: 'US',
      phone: '1',
    };
    const [order] = await t.app.db
      .insert(orders)
      .values({
        orderNumber: 'ORD-DEL-1',
        subtotal: 1,
        total: 1,
        status: 'delivered',
        stockState: 'committed',
        shippingAddress: address,
        billingAddress: address,
      })
      .returning();
    await t.app.db.insert(orderItems).values({
      orderId: order!.id,
      productId: created.id,
      productName: created.name,
      productSlug: created.slug,
      productSku: created.sku,
      size: 'M',
      color: 'White',
      price: 59.99,
      quantity: 1,
      total: 59.99,
    });

    expect((await call(t.app, 'DELETE', `/api/products/${created.id}`, { token: support })).status).toBe(403);
    const res = await call(t.app, 'DELETE', `/api/products/${created.id}`, { token: moderator });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product and all related data permanently deleted successfully');
    const left = async (table: typeof inventory | typeof inventoryMovements | typeof productImages) =>
      (await t.app.db.select().from(table).where(eq(table.productId, created.id))).length;
    expect([await left(inventory), await left(inventoryMovements), await left(productImages)]).toEqual([0, 0, 0]);
    expect(await t.app.db.select().from(products).where(eq(products.id, created.id))).toEqual([]);
    const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line).toMatchObject({ productId: null, productName: 'Linen Shirt' });
    expect((await call(t.app, 'GET', `/api/products/${created.id}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/products/${created.id}`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/products/nope', { token: admin })).status).toBe(400);
    expect((await call(t.app, 'DELETE', `/api/products/${created.id}`)).status).toBe(401);
  });
});

describe('admin product helpers', () => {
  it('GET /api/admin/products lists every product for staff (20 per page) with search', async () => {
    await buildProduct(t.app.db, { name: 'Secret Inactive Coat', isActive: false });
    const res = await call(t.app, 'GET', '/api/admin/products?search=secret', { token: support });
    expect(res.status).toBe(200);
    expect(res.body.data.products.map((p: { name: string }) => p.name)).toEqual(['Secret Inactive Coat']);
    expect(res.body.data.pagination.limit).toBe(20);
    expect((await call(t.app, 'GET', '/api/admin/products', { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/products')).status).toBe(401);
  });

  it('PUT /api/admin/products/{id}/status switches the flags and logs it', async () => {
    const { product } = await buildProduct(t.app.db);
    const res = await call(t.app, 'PUT', `/api/admin/products/${product.id}/status`, {
      token: moderator,
      body: { isActive: false, isFeatured: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.product).toMatchObject({ isActive: false, isFeatured: true });
    const [log] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, product.id));
    expect(log).toMatchObject({ action: 'update_status', details: { isActive: { before: true, after: false } } });
    expect(
      (await call(t.app, 'PUT', `/api/admin/products/${product.id}/status`, { token: moderator, body: {} })).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/products/${product.id}/status`, {
          token: moderator,
          body: { isActive: 'no' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/products/${product.id}/status`, {
          token: support,
          body: { isActive: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'PUT', '/api/admin/products/aaaaaaaaaaaaaaaaaaaaaaaa/status', {
          token: admin,
          body: { isActive: true },
        })
      ).status,
    ).toBe(404);
  });
});
