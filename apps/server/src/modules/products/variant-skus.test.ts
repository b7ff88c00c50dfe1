import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenAndNorthwind, buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { placeOrder } from '../../../test/orders.js';

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  customer = (await signedIn(t.app, 'customer')).token;
  await addMenAndNorthwind(t.app.db);
});
afterAll(async () => t.close());

/** The EAN-13 rule: weights 1,3,1,3… over the first 12 digits, the 13th makes the sum a multiple of 10. */
function validEan13(code: string) {
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
  return code.length === 13 && (10 - (sum % 10)) % 10 === digits[12];
}

const body = (sku: string, inventory: Record<string, unknown>[]) => ({
  name: 'Oxford Shirt',
  sku,
  category: 'Men',
  subcategory: 'Shirts',
  brand: 'Northwind',
  price: 40,
  salePrice: 35,
  inventory,
});

describe('variant SKUs, barcodes and price overrides', () => {
  it('derives a unique SKU and a valid EAN-13 per combination when none is given', async () => {
    const created = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: body('oxf-100', [
        { size: 'M', color: 'Navy Blue', quantity: 3 },
        { size: 'XL', color: 'white', quantity: 1, sku: 'OXF-WHITE-XL-SPECIAL', priceOverride: 45 },
      ]),
    });
    expect(created.status).toBe(201);
    const rows = created.body.data.product.inventory as {
      sku: string;
      barcode: string;
      priceOverride: number | null;
    }[];
    expect(rows.map((r) => r.sku)).toEqual(['OXF-100-M-NAVY-BLUE', 'OXF-WHITE-XL-SPECIAL']);
    expect(rows.map((r) => r.priceOverride)).toEqual([null, 45]);
    for (const row of rows) expect(validEan13(row.barcode)).toBe(true);
    expect(new Set(rows.map((r) => r.barcode)).size).toBe(2);
  });

  it('refuses a SKU or barcode another variant holds (409), case-insensitively', async () => {
    const taken = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: body('OXF-200', [{ size: 'S', color: 'Red', quantity: 1, sku: 'oxf-100-m-navy-blue' }]),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A variant with this SKU already exists');
    const { inventory } = await buildProduct(t.app.db);
    const barcode = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: body('OXF-201', [{ size: 'S', color: 'Red', quantity: 1, barcode: inventory[0]!.barcode }]),
    });
    expect(barcode.status).toBe(409);
    expect(barcode.body.message).toBe('A variant with this barcode already exists');
    const bad = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: body('OXF-202', [{ size: 'S', color: 'Red', quantity: 1, barcode: '12ab', priceOverride: 0 }]),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('Barcode must be 8-14 digits.');
    expect(JSON.stringify(bad.body.details)).toContain('Price override must be greater than 0.');
  });

  it('edits a variant SKU and price override through the product form', async () => {
    const { product } = await buildProduct(t.app.db, { sku: 'EDIT-1' });
    const edited = await call(t.app, 'PUT', `/api/products/${product.id}`, {
      token: admin,
      body: { inventory: [{ size: 'M', color: 'Black', quantity: 10, sku: 'EDIT-1-MB', priceOverride: 19.5 }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.product.inventory[0]).toMatchObject({ sku: 'EDIT-1-MB', priceOverride: 19.5 });
  });

  it('prices an order line at the override and keeps the variant SKU on the line', async () => {
    const { product } = await buildProduct(t.app.db, { sku: 'PRICE-1', price: 30, salePrice: 25 }, [
      { size: 'M', color: 'Black', quantity: 10 },
      { size: 'L', color: 'Black', quantity: 10 },
    ]);
    await call(t.app, 'PUT', `/api/products/${product.id}`, {
      token: admin,
      body: {
        salePrice: 25,
        inventory: [
          { size: 'M', color: 'Black', quantity: 10 },
          { size: 'L', color: 'Black', quantity: 10, priceOverride: 32.5 },
        ],
      },
    });
    const order = await placeOrder(t.app, customer, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
      { productId: product.id, size: 'L', color: 'Black', quantity: 2 },
    ]);
    const lines = order.items as { size: string; price: number; variantSku: string }[];
    expect(lines.map((l) => [l.size, l.price, l.variantSku])).toEqual([
      ['M', 25, 'PRICE-1-M-BLACK'],
      ['L', 32.5, 'PRICE-1-L-BLACK'],
    ]);
    expect(order.subtotal).toBe(90);
  });
});
