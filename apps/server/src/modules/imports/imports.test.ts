import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/uploads.js';
import { activityLogs, brands, categories, inventory, inventoryMovements, products } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  support = (await signedIn(t.app, 'support')).token;
  await t.app.db.insert(categories).values({ name: 'Men' });
  await t.app.db.insert(brands).values([{ name: 'Northwind' }, { name: 'Northwind Apparel' }]);
});
afterAll(async () => t.close());

/** A file without the `location` column (as before locations existed): its quantities go to the first location. */
const HEADER =
  'product_sku,variant_sku,name,description,category,subcategory,brand,price,compare_price,cost_price,sale_price,size,color,quantity,low_stock_threshold,price_override,barcode,tags,status,image_urls';
/** The template's and the export's columns. */
const FULL_HEADER =
  'product_sku,variant_sku,name,description,category,subcategory,brand,price,compare_price,cost_price,sale_price,size,color,location,quantity,low_stock_threshold,price_override,barcode,tags,status,image_urls';
const line = (
  sku: string,
  size: string,
  color: string,
  quantity: number | string,
  extra: Partial<Record<string, string>> = {},
) =>
  [
    sku,
    extra.variant_sku ?? '',
    extra.name ?? 'Import Tee',
    '',
    extra.category ?? 'Men',
    'T-Shirts',
    'Northwind',
    extra.price ?? '20',
    '',
    '',
    '',
    size,
    color,
    String(quantity),
    '5',
    extra.price_override ?? '',
    '',
    '"cotton, basics"',
    extra.status ?? 'active',
    '',
  ].join(',');

const upload = (token: string, csv: string, dryRun: boolean) => {
  const { body, headers } = multipartBody([{ name: 'file', filename: 'catalogue.csv', type: 'text/csv', data: csv }]);
  return call(t.app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token, body, headers });
};

async function applyAndWait(csv: string) {
  const started = await upload(admin, csv, false);
  expect(started.status).toBe(202);
  const id = started.body.data.job.id as string;
  for (let i = 0; i < 200; i++) {
    const res = await call(t.app, 'GET', `/api/admin/jobs/${id}`, { token: admin });
    if (res.body.data.job.status === 'completed' || res.body.data.job.status === 'failed') return res.body.data.job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import job did not finish');
}

const GOOD = [
  HEADER,
  line('IMP-1', 'S', 'Black', 5),
  line('IMP-1', 'M', 'Black', 7, { price_override: '22.50' }),
  line('IMP-2', 'L', 'Red', 3, { name: 'Import Hoodie', price: '45' }),
].join('\n');

describe('product import', () => {
  it('previews a file: counts and every bad row named by row, column and the form message; writes nothing', async () => {
    const csv = [
      GOOD,
      line('IMP-3', 'M', 'Blue', 2, { price: '0' }),
      line('IMP-4', 'M', 'Blue', 'lots'),
      line('IMP-5', 'M', 'Blue', 1, { category: 'Nope', status: 'maybe' }),
    ].join('\n');
    const res = await upload(admin, csv, true);
    expect(res.status).toBe(200);
    const { preview } = res.body.data;
    expect(preview).toMatchObject({ totalRows: 6, newProducts: 2, errorCount: 4 });
    expect(preview.counts).toEqual({ create: 3, update: 0, unchanged: 0, failed: 3 });
    expect(preview.errors).toEqual([
      { row: 5, column: 'price', message: 'Price must be greater than 0.' },
      { row: 6, column: 'quantity', message: 'Quantity must be a whole number of at least 0.' },
      { row: 7, column: 'status', message: 'Status must be active or inactive' },
      { row: 7, column: 'category', message: 'Category not found' },
    ]);
    expect(await t.app.db.$count(products, sql`${products.sku} LIKE 'IMP-%'`)).toBe(0);
  });

  it('refuses a file without the required columns (400), no file, and callers without product write access', async () => {
    const missing = await upload(admin, 'product_sku,name\nA,B', true);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('The file has no category');
    expect((await upload(support, GOOD, true)).status).toBe(403);
    const empty = multipartBody([{ name: 'other', data: 'x' }]);
    const none = await call(t.app, 'POST', '/api/admin/products/import', { token: admin, ...empty });
    expect(none.status).toBe(400);
  });

  it('applies a file as a job with "import" movements and one activity entry; the same file again changes nothing', async () => {
    const job = await applyAndWait(GOOD);
    expect(job).toMatchObject({ status: 'completed', totalRows: 3, processedRows: 3 });
    expect(job.counts).toEqual({ create: 3, update: 0, unchanged: 0, failed: 0 });
    const [tee] = await t.app.db.select().from(products).where(eq(products.sku, 'IMP-1'));
    const rows = await t.app.db.select().from(inventory).where(eq(inventory.productId, tee!.id));
    expect(rows.map((r) => [r.size, r.quantity, r.sku, r.priceOverride]).sort()).toEqual([
      ['M', 7, 'IMP-1-M-BLACK', 22.5],
      ['S', 5, 'IMP-1-S-BLACK', null],
    ]);
    const moves = await t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, tee!.id));
    expect(moves.map((m) => [m.operation, m.reason])).toEqual([
      ['create', 'import'],
      ['create', 'import'],
    ]);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, job.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.details).toMatchObject({ create: 3, update: 0, unchanged: 0, failed: 0 });

    const again = await applyAndWait(GOOD);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, failed: 0 });
    expect(await t.app.db.$count(inventoryMovements, eq(inventoryMovements.productId, tee!.id))).toBe(2);
  });

  it('updates matched rows (by variant SKU or product SKU + size/color) with "set" movements', async () => {
    const changed = [
      HEADER,
      line('IMP-1', 'S', 'Black', 9),
      line('IMP-1', 'XL', 'Black', 4, { variant_sku: 'IMP-1-M-BLACK', price_override: '22.50' }),
    ].join('\n');
    const preview = (await upload(admin, changed, true)).body.data.preview;
    expect(preview.counts).toEqual({ create: 0, update: 2, unchanged: 0, failed: 0 });
    const job = await applyAndWait(changed);
    expect(job.counts).toEqual({ create: 0, update: 2, unchanged: 0, failed: 0 });
    const [tee] = await t.app.db.select().from(products).where(eq(products.sku, 'IMP-1'));
    const rows = await t.app.db.select().from(inventory).where(eq(inventory.productId, tee!.id));
    expect(rows.map((r) => [r.size, r.quantity]).sort()).toEqual([
      ['M', 4],
      ['S', 9],
    ]);
    const sets = await t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.operation, 'set'));
    expect(sets.map((m) => [m.reason, m.previousQuantity, m.newQuantity]).sort()).toEqual([
      ['import', 5, 9],
      ['import', 7, 4],
    ]);
  });

  it('downloads the template, which previews without errors', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/import/template.csv',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\n')[0]).toBe(FULL_HEADER);
    const preview = (await upload(admin, res.body, true)).body.data.preview;
    expect(preview.errorCount).toBe(0);
    expect(preview.counts.create).toBe(2);
  });
});

describe('exports', () => {
  it('exports products with variants in the import columns (filters apply), audited; the export re-imports unchanged', async () => {
    await buildProduct(t.app.db, { sku: 'OTHER-1', name: 'Unrelated Coat' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv?search=IMP-',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(FULL_HEADER);
    // One location: one row per variant, naming it.
    expect(lines.slice(1).every((l) => l.includes(',Warehouse,'))).toBe(true);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual(
      expect.arrayContaining(['IMP-1,IMP-1-M-BLACK', 'IMP-1,IMP-1-S-BLACK', 'IMP-2,IMP-2-L-RED']),
    );
    expect(res.body).not.toContain('OTHER-1');
    const [log] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'export'));
    expect(log).toMatchObject({ resource: 'product' });
    const preview = (await upload(admin, res.body, true)).body.data.preview;
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: 3, failed: 0 });
  });

  it('exports inventory per variant with SKU, barcode and availability', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/inventory/export.csv?search=IMP-2',
      headers: { authorization: `Bearer ${support}` },
    });
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.trim().split('\n');
    expect(header).toBe(
      'product_sku,variant_sku,barcode,name,size,color,location,quantity,reserved,available,low_stock_threshold,stock_status',
    );
    expect(row).toMatch(/^IMP-2,IMP-2-L-RED,2\d{12},Import Hoodie,L,Red,Warehouse,3,0,3,5,Low Stock$/);
  });
});
