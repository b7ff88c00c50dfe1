import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { waitForJob } from '../../../test/jobs.js';
import { multipartBody } from '../../../test/uploads.js';

/*
 * The products and inventory exports neutralise formula-looking cells like every other export, and the product import
 * takes that quote off again: a catalogue with such text (a sale name, a negative-looking SKU, a description starting
 * with "=" or "@") goes export → import unchanged.
 */
let t: TestApp;
let admin: string;
const ids: Record<'sale' | 'season' | 'quoted', string> = { sale: '', season: '', quoted: '' };

async function createProduct(body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/products', {
    token: admin,
    body: { category: 'Men', subcategory: 'Shirts', brand: 'Northwind', price: 20, ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.product._id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  for (const [path, name] of [
    ['/api/categories', 'Men'],
    ['/api/brands', 'Northwind'],
  ] as const)
    expect((await call(t.app, 'POST', path, { token: admin, body: { name } })).status).toBe(201);
  ids.sale = await createProduct({
    name: '-10% sale',
    sku: '-10-SALE',
    description: '=HYPERLINK("https://evil.example") is only text here',
    tags: '+new, basics',
    inventory: [
      { size: 'M', color: '@Night', quantity: 5, sku: '-V-001' },
      { size: 'L', color: 'Black', quantity: 2 },
    ],
  });
  ids.season = await createProduct({
    name: "'Tis the season",
    sku: 'PLAIN-100',
    description: '@everyone this one is ours',
    inventory: [{ size: '-XL', color: 'Red', quantity: 3 }],
  });
  ids.quoted = await createProduct({
    name: "'=already quoted",
    sku: '-100',
    description: '+ more than a tee, a statement',
    inventory: [{ size: 'S', color: 'Blue', quantity: 1 }],
  });
});
afterAll(async () => t.close());

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } });
  expect(res.statusCode).toBe(200);
  return { text: res.body, records: parse(res.body, { columns: true }) as Record<string, string>[] };
}

/** Cells a spreadsheet would run as a formula (a plain number is none). */
const formulaCells = (records: Record<string, string>[]) =>
  records.flatMap(Object.values).filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell));

const upload = (csv: string, dryRun: boolean) => {
  const { body, headers } = multipartBody([{ name: 'file', filename: 'products.csv', type: 'text/csv', data: csv }]);
  return call(t.app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token: admin, body, headers });
};

describe('catalogue CSV exports', () => {
  it('the products export neutralises every formula-looking cell with a leading quote', async () => {
    const { records } = await download('/api/admin/products/export.csv');
    expect(formulaCells(records)).toEqual([]);
    const night = records.find((r) => r.size === 'M')!;
    expect(night).toMatchObject({
      product_sku: "'-10-SALE",
      variant_sku: "'-V-001",
      name: "'-10% sale",
      description: `'=HYPERLINK("https://evil.example") is only text here`,
      color: "'@Night",
      tags: "'+new, basics",
      price: '20.00',
    });
    expect(records.find((r) => r.color === 'Red')).toMatchObject({
      name: "'Tis the season",
      description: "'@everyone this one is ours",
      size: "'-XL",
    });
    // A plain negative number stays as it is; a cell already starting with a quote and "=" gets one quote more.
    expect(records.find((r) => r.color === 'Blue')).toMatchObject({
      product_sku: '-100',
      name: "''=already quoted",
      description: "'+ more than a tee, a statement",
    });
  });

  it('the inventory export neutralises them the same way', async () => {
    const { records } = await download('/api/admin/inventory/export.csv');
    expect(formulaCells(records)).toEqual([]);
    expect(records.find((r) => r.size === 'M')).toMatchObject({
      product_sku: "'-10-SALE",
      variant_sku: "'-V-001",
      name: "'-10% sale",
      color: "'@Night",
    });
    expect(records.find((r) => r.color === 'Red')).toMatchObject({ name: "'Tis the season", size: "'-XL" });
  });

  it('the products export imports back unchanged (dry run: every row unchanged, none failed)', async () => {
    const { text } = await download('/api/admin/products/export.csv');
    const preview = await upload(text, true);
    expect(preview.status).toBe(200);
    expect(preview.body.data.preview).toMatchObject({
      totalRows: 4,
      counts: { create: 0, update: 0, unchanged: 4, failed: 0 },
      errors: [],
    });
  });

  it('an edited export applies the edit and keeps the text as it was, without the quotes', async () => {
    const { records } = await download('/api/admin/products/export.csv');
    for (const record of records) if (record.size === 'M') record.quantity = '9';
    const csv = stringify(records, { header: true });
    const started = await upload(csv, false);
    expect(started.status).toBe(202);
    const job = await waitForJob(t.app, admin, started.body.data.job.id);
    expect(job).toMatchObject({ status: 'completed', counts: { create: 0, update: 1, unchanged: 3, failed: 0 } });

    const sale = (await call(t.app, 'GET', `/api/products/${ids.sale}`, { token: admin })).body.data.product;
    expect(sale).toMatchObject({
      name: '-10% sale',
      sku: '-10-SALE',
      description: '=HYPERLINK("https://evil.example") is only text here',
      tags: ['+new', 'basics'],
    });
    expect(sale.inventory.find((v: { size: string }) => v.size === 'M')).toMatchObject({
      color: '@Night',
      sku: '-V-001',
      quantity: 9,
    });
    const season = (await call(t.app, 'GET', `/api/products/${ids.season}`, { token: admin })).body.data.product;
    expect(season).toMatchObject({ name: "'Tis the season", description: '@everyone this one is ours' });
    expect(season.inventory[0]).toMatchObject({ size: '-XL', quantity: 3 });
    const quoted = (await call(t.app, 'GET', `/api/products/${ids.quoted}`, { token: admin })).body.data.product;
    expect(quoted).toMatchObject({ name: "'=already quoted", sku: '-100' });
  });

  it('with a second location both exports write a row per size/color and location, and the products file imports back unchanged', async () => {
    const one = await download('/api/admin/products/export.csv');
    expect(one.records.map((r) => r.location)).toEqual(['Warehouse', 'Warehouse', 'Warehouse', 'Warehouse']);
    const created = await call(t.app, 'POST', '/api/admin/locations', {
      token: admin,
      body: { name: '=Pier Shop', kind: 'shop' },
    });
    expect(created.status).toBe(201);
    const added = await call(t.app, 'POST', `/api/products/${ids.season}/stock/add`, {
      token: admin,
      body: { size: '-XL', color: 'Red', quantity: 2, locationId: created.body.data.location._id },
    });
    expect(added.status).toBe(200);

    const { text, records } = await download('/api/admin/products/export.csv');
    expect(formulaCells(records)).toEqual([]);
    expect(records.filter((r) => r.color === 'Red').map((r) => [r.size, r.location, r.quantity])).toEqual([
      ["'-XL", 'Warehouse', '3'],
      ["'-XL", "'=Pier Shop", '2'],
    ]);
    expect(records).toHaveLength(8);
    const preview = await upload(text, true);
    expect(preview.body.data.preview).toMatchObject({
      totalRows: 8,
      counts: { create: 0, update: 0, unchanged: 8, failed: 0 },
      errors: [],
    });
    const inventory = await download('/api/admin/inventory/export.csv');
    expect(
      inventory.records.filter((r) => r.color === 'Red').map((r) => [r.location, r.quantity, r.available]),
    ).toEqual([
      ['Warehouse', '3', '3'],
      ["'=Pier Shop", '2', '2'],
    ]);
  });
});
