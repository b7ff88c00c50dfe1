import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { waitForJob } from '../../../test/jobs.js';
import { placeOrder } from '../../../test/orders.js';
import { multipartBody } from '../../../test/uploads.js';
import { inventoryMovements, products, stockLocations } from '../../db/schema/index.js';

/*
 * The product CSV's `location` column (docs/domain.md § Stock locations): a row's quantity is the level at its
 * location (blank or no column: the first location), rows of one size/color at other locations set theirs, and the
 * export writes a row per size/color and active location, so export → edit → import sets each location's level.
 */
let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  customer = (await signedIn(t.app, 'customer')).token;
  for (const [path, name] of [
    ['/api/categories', 'Men'],
    ['/api/brands', 'Northwind'],
  ] as const)
    expect((await call(t.app, 'POST', path, { token: admin, body: { name } })).status).toBe(201);
  // A shop after the warehouse (offers pickup, ships nothing online) and a location that was closed.
  const location = (name: string, pickup: boolean) =>
    call(t.app, 'POST', '/api/admin/locations', {
      token: admin,
      body: { name, kind: 'shop', shipsOnline: false, pickup },
    });
  expect((await location('City Shop', true)).status).toBe(201);
  const depot = await location('Old Depot', false);
  const closed = await call(t.app, 'POST', `/api/admin/locations/${depot.body.data.location._id}/deactivate`, {
    token: admin,
  });
  expect(closed.status).toBe(200);
});
afterAll(async () => t.close());

const HEADER =
  'product_sku,name,category,subcategory,brand,price,size,color,location,quantity,low_stock_threshold,status';
const OLD_HEADER = 'product_sku,name,category,subcategory,brand,price,size,color,quantity,low_stock_threshold,status';
const row = (size: string, location: string | null, quantity: number, sku = 'LOC-1') =>
  [sku, 'Location Tee', 'Men', 'T-Shirts', 'Northwind', '20', size, 'Black', ...(location === null ? [] : [location])]
    .concat([String(quantity), '5', 'active'])
    .join(',');
const file = (header: string, rows: string[]) => [header, ...rows].join('\n');

const upload = (csv: string, dryRun: boolean) => {
  const { body, headers } = multipartBody([{ name: 'file', filename: 'stock.csv', type: 'text/csv', data: csv }]);
  return call(t.app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token: admin, body, headers });
};
const preview = async (csv: string) => {
  const res = await upload(csv, true);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.preview;
};
async function apply(csv: string) {
  const started = await upload(csv, false);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForJob(t.app, admin, started.body.data.job.id);
}

const productId = async (sku: string) =>
  (await t.app.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)))[0]!.id;

/** Each size's total and its quantity at each location holding a level ("size: total = Warehouse q + City Shop q"). */
async function stock(sku: string) {
  const res = await call(t.app, 'GET', `/api/admin/products/${await productId(sku)}/inventory`, { token: admin });
  expect(res.status).toBe(200);
  type Level = { locationName: string; quantity: number; reserved: number };
  return Object.fromEntries(
    (res.body.data.variants as { size: string; quantity: number; levels: Level[] }[]).map((v) => [
      v.size,
      { total: v.quantity, ...Object.fromEntries(v.levels.map((l) => [l.locationName, l.quantity])) },
    ]),
  );
}

const movements = async (sku: string) =>
  (
    await t.app.db
      .select({
        operation: inventoryMovements.operation,
        location: stockLocations.name,
        previous: inventoryMovements.previousQuantity,
        next: inventoryMovements.newQuantity,
        reason: inventoryMovements.reason,
      })
      .from(inventoryMovements)
      .innerJoin(stockLocations, eq(stockLocations.id, inventoryMovements.locationId))
      .where(eq(inventoryMovements.productId, await productId(sku)))
      .orderBy(asc(inventoryMovements.createdAt), asc(inventoryMovements.id))
  ).map((m) => `${m.operation} ${m.location} ${m.previous}→${m.next} ${m.reason}`);

async function exported(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  return { text: res.body, records: parse(res.body, { columns: true }) as Record<string, string>[] };
}

describe('product import with a location column', () => {
  it('sets each named location’s level (several rows of one size/color in one file); the variant holds the sum', async () => {
    const csv = file(HEADER, [row('M', '', 5), row('M', 'city shop', 3), row('L', 'City Shop', 4)]);
    expect(await preview(csv)).toMatchObject({ counts: { create: 3, update: 0, unchanged: 0, failed: 0 } });
    const job = await apply(csv);
    expect(job).toMatchObject({ status: 'completed', counts: { create: 3, update: 0, unchanged: 0, failed: 0 } });
    expect(await stock('LOC-1')).toEqual({
      M: { total: 8, Warehouse: 5, 'City Shop': 3 },
      // A new size/color starts at the first location (empty there), its quantity set where the row says.
      L: { total: 4, Warehouse: 0, 'City Shop': 4 },
    });
    expect((await movements('LOC-1')).sort()).toEqual([
      'create Warehouse 0→0 import',
      'create Warehouse 0→5 import',
      'set City Shop 0→3 import',
      'set City Shop 0→4 import',
    ]);
    const again = await apply(csv);
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, failed: 0 });
    expect(await movements('LOC-1')).toHaveLength(4);
  });

  it('refuses an unknown or inactive location, a second row for one place and a quantity below what is reserved there; the other rows apply', async () => {
    // 2 units of M reserved at the shop by a pickup order.
    await placeOrder(
      t.app,
      customer,
      [{ productId: await productId('LOC-1'), size: 'M', color: 'Black', quantity: 2 }],
      {
        shippingMethod: 'pickup',
        pickupLocationId: (await t.app.db.select().from(stockLocations).where(eq(stockLocations.name, 'City Shop')))[0]!
          .id,
      },
    );
    const csv = file(HEADER, [
      row('M', 'Warehouse', 9),
      row('M', 'City Shop', 1),
      row('L', 'Nowhere', 1),
      row('L', 'Old Depot', 1),
      row('L', 'City Shop', 4),
      row('M', 'WAREHOUSE', 2),
      row('S', 'Nowhere', 1, 'LOC-2'),
    ]);
    const result = await preview(csv);
    expect(result.counts).toEqual({ create: 0, update: 1, unchanged: 1, failed: 5 });
    expect(result.errors).toEqual([
      { row: 3, column: 'quantity', message: 'Quantity cannot be below the 2 units reserved by orders' },
      { row: 4, column: 'location', message: 'Location not found' },
      { row: 5, column: 'location', message: 'This location is inactive' },
      { row: 7, column: 'location', message: 'This size/color already has a row for this location' },
      { row: 8, column: 'location', message: 'Location not found' },
    ]);
    const job = await apply(csv);
    expect(job.counts).toEqual({ create: 0, update: 1, unchanged: 1, failed: 5 });
    expect(job.errors).toEqual(result.errors);
    expect(await stock('LOC-1')).toEqual({
      M: { total: 12, Warehouse: 9, 'City Shop': 3 },
      L: { total: 4, Warehouse: 0, 'City Shop': 4 },
    });
    expect(await call(t.app, 'GET', '/api/products?search=LOC-2', { token: admin })).toMatchObject({
      body: { data: { products: [] } },
    });
  });

  it('a file without the location column sets the first location, as before', async () => {
    const csv = file(OLD_HEADER, [row('M', null, 7), row('L', null, 0)]);
    expect((await preview(csv)).counts).toEqual({ create: 0, update: 1, unchanged: 1, failed: 0 });
    const job = await apply(csv);
    expect(job.counts).toEqual({ create: 0, update: 1, unchanged: 1, failed: 0 });
    expect(await stock('LOC-1')).toEqual({
      M: { total: 10, Warehouse: 7, 'City Shop': 3 },
      L: { total: 4, Warehouse: 0, 'City Shop': 4 },
    });
    expect((await movements('LOC-1')).at(-1)).toBe('set Warehouse 9→7 import');
  });

  it('rows of one new size/color split over two batches of the job (and of the dry run) make one variant', async () => {
    // IMPORT_LIMITS.batchRows is 1,000: XB-1's first row ends the first batch, its other rows start the second.
    const filler = Array.from({ length: 999 }, (_, i) => row('M', '', 1, `FILL-${i}`));
    const csv = file(HEADER, [
      ...filler,
      row('M', '', 5, 'XB-1'),
      row('M', 'City Shop', 3, 'XB-1'),
      row('L', 'City Shop', 2, 'XB-1'),
    ]);
    expect((await preview(csv)).counts).toEqual({ create: 1002, update: 0, unchanged: 0, failed: 0 });
    expect((await apply(csv)).counts).toEqual({ create: 1002, update: 0, unchanged: 0, failed: 0 });
    expect(await stock('XB-1')).toEqual({
      M: { total: 8, Warehouse: 5, 'City Shop': 3 },
      L: { total: 2, Warehouse: 0, 'City Shop': 2 },
    });
    expect((await apply(csv)).counts).toEqual({ create: 0, update: 0, unchanged: 1002, failed: 0 });
  }, 60_000);
});

describe('export → edit → import with locations', () => {
  it('exports a row per size/color and active location, which imports back unchanged and applies an edit at each place', async () => {
    const products = await exported('/api/admin/products/export.csv?search=LOC-1');
    expect(products.records.map((r) => [r.size, r.location, r.quantity])).toEqual([
      ['L', 'Warehouse', '0'],
      ['L', 'City Shop', '4'],
      ['M', 'Warehouse', '7'],
      ['M', 'City Shop', '3'],
    ]);
    const inventory = await exported('/api/admin/inventory/export.csv?search=LOC-1');
    expect(inventory.records.map((r) => [r.size, r.location, r.quantity, r.reserved, r.available])).toEqual([
      ['L', 'Warehouse', '0', '0', '0'],
      ['L', 'City Shop', '4', '0', '4'],
      ['M', 'Warehouse', '7', '0', '7'],
      ['M', 'City Shop', '3', '2', '1'],
    ]);
    expect(await preview(products.text)).toMatchObject({
      counts: { create: 0, update: 0, unchanged: 4, failed: 0 },
      errors: [],
    });

    const edited = products.records.map((r) => ({
      ...r,
      quantity:
        r.size === 'L' && r.location === 'Warehouse'
          ? '6'
          : r.size === 'M' && r.location === 'City Shop'
            ? '5'
            : r.quantity,
    }));
    const job = await apply(stringify(edited, { header: true }));
    expect(job).toMatchObject({ status: 'completed', counts: { create: 0, update: 2, unchanged: 2, failed: 0 } });
    expect(await stock('LOC-1')).toEqual({
      M: { total: 12, Warehouse: 7, 'City Shop': 5 },
      L: { total: 10, Warehouse: 6, 'City Shop': 4 },
    });
    // Every figure of the file is what the catalogue now holds.
    expect((await exported('/api/admin/products/export.csv?search=LOC-1')).records).toEqual(edited);
  });
});
