import { BULK_BATCH_SIZE, BULK_MESSAGES, PRODUCT_MESSAGES } from '@seamline/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { runJob } from '../../../test/jobs.js';
import { activityLogs, brands, categories, products } from '../../db/schema/index.js';

let t: TestApp;
let moderator: string;
let ids: string[];

const bulk = (body: Record<string, unknown>, token = moderator) =>
  call(t.app, 'POST', '/api/admin/products/bulk', { token, body });
/** The action as a job, to its end: its result. */
const bulkJob = async (body: Record<string, unknown>) =>
  (await runJob(t.app, moderator, '/api/admin/products/bulk', body)).result!;
const productRows = () => t.app.db.select().from(products).where(inArray(products.id, ids)).orderBy(products.name);
const logsOf = (action: string, id: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resourceId, id), eq(activityLogs.action, action), eq(activityLogs.resource, 'product')));

beforeAll(async () => {
  t = await createTestApp();
  moderator = (await signedIn(t.app, 'moderator')).token;
  ids = [];
  for (const [name, price] of [
    ['Bulk Alpha', 10],
    ['Bulk Beta', 19.99],
    ['Bulk Gamma', 0.5],
  ] as const)
    ids.push((await buildProduct(t.app.db, { name, price, tags: ['summer'] })).product.id);
});
afterAll(async () => t.close());

describe('POST /api/admin/products/bulk', () => {
  it('previews a price rise (dry run) without writing, then applies it with a log row per product', async () => {
    const action = { type: 'adjust_price', adjustment: { mode: 'percent', value: 10 } };
    const preview = await bulk({ selection: { ids }, action, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ matched: 3, changed: 3, failed: 0 });
    const byLabel = Object.fromEntries(
      preview.body.data.preview.map((row: { label: string; before: number; after: number }) => [
        row.label,
        [row.before, row.after],
      ]),
    );
    expect(byLabel).toEqual({ 'Bulk Alpha': [10, 11], 'Bulk Beta': [19.99, 21.99], 'Bulk Gamma': [0.5, 0.55] });
    expect((await productRows()).map((p) => p.price)).toEqual([10, 19.99, 0.5]);

    const applied = await bulkJob({ selection: { ids }, action });
    expect(applied).toMatchObject({ matched: 3, changed: 3, failed: 0 });
    expect((await productRows()).map((p) => p.price)).toEqual([11, 21.99, 0.55]);
    const [log] = await logsOf('update', ids[1]!);
    expect(log!.details).toMatchObject({ bulk: 'adjust_price', changes: { price: { before: 19.99, after: 21.99 } } });
  });

  it('refuses a price that would reach 0 and says why, changing the others', async () => {
    const res = await bulkJob({
      selection: { ids },
      action: { type: 'adjust_price', adjustment: { mode: 'amount', value: -1 } },
    });
    expect(res).toMatchObject({ matched: 3, changed: 2, failed: 1 });
    expect(res.failures).toEqual([{ id: ids[2], label: 'Bulk Gamma', reason: PRODUCT_MESSAGES.price }]);
    expect((await productRows()).map((p) => p.price)).toEqual([10, 20.99, 0.55]);
  });

  it('deactivates and activates; rows already so are unchanged', async () => {
    const off = await bulkJob({ selection: { ids: ids.slice(0, 2) }, action: { type: 'deactivate' } });
    expect(off).toMatchObject({ changed: 2, unchanged: 0 });
    const on = await bulkJob({ selection: { ids }, action: { type: 'activate' } });
    expect(on).toMatchObject({ changed: 2, unchanged: 1 });
    expect((await logsOf('update_status', ids[0]!)).length).toBe(2);
    expect((await productRows()).every((p) => p.isActive)).toBe(true);
  });

  it('moves products to another category and brand, and adds tags without repeating them', async () => {
    const [category] = await t.app.db.insert(categories).values({ name: 'Bulk Target' }).returning();
    const [brand] = await t.app.db.insert(brands).values({ name: 'Bulk Brand' }).returning();
    expect(
      (await bulkJob({ selection: { ids }, action: { type: 'set_category', categoryId: category!.id } })).changed,
    ).toBe(3);
    expect((await bulkJob({ selection: { ids }, action: { type: 'set_brand', brandId: brand!.id } })).changed).toBe(3);
    const tags = await bulkJob({ selection: { ids }, action: { type: 'add_tags', tags: ['sale', 'summer'] } });
    expect(tags.changed).toBe(3);
    const rows = await productRows();
    expect(rows.map((p) => [p.categoryId, p.brandId])).toEqual(rows.map(() => [category!.id, brand!.id]));
    expect(rows.map((p) => p.tags)).toEqual(rows.map(() => ['summer', 'sale']));
    const again = await bulkJob({ selection: { ids }, action: { type: 'add_tags', tags: ['sale'] } });
    expect(again).toMatchObject({ changed: 0, unchanged: 3 });
  });

  it('refuses an unknown category (404), bad input (400) and a role without catalogue writes (403)', async () => {
    const missing = await bulk({ selection: { ids }, action: { type: 'set_category', categoryId: 'a'.repeat(24) } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(BULK_MESSAGES.categoryNotFound);
    for (const body of [
      { selection: { ids: [] }, action: { type: 'activate' } },
      { selection: { ids: ['nope'] }, action: { type: 'activate' } },
      { selection: { ids }, action: { type: 'explode' } },
      { selection: { ids }, action: { type: 'adjust_price', adjustment: { mode: 'percent', value: 0 } } },
      { selection: { ids }, action: { type: 'adjust_price', adjustment: { mode: 'percent', value: -100 } } },
      { selection: { filter: { stock: 'plenty' } }, action: { type: 'activate' } },
      {},
    ])
      expect((await bulk(body)).status, JSON.stringify(body)).toBe(400);
    const support = (await signedIn(t.app, 'support')).token;
    expect((await bulk({ selection: { ids }, action: { type: 'activate' } }, support)).status).toBe(403);
  });

  it('acts on all rows matching a filter across several batches, and deletes with one log row each', async () => {
    const [category] = await t.app.db.insert(categories).values({ name: 'Bulk Many' }).returning();
    const { product } = await buildProduct(t.app.db, { categoryId: category!.id, name: 'Many 0' });
    const count = BULK_BATCH_SIZE * 2 + 5;
    await t.app.db.insert(products).values(
      Array.from({ length: count - 1 }, (_, i) => ({
        name: `Many ${i + 1}`,
        slug: `many-${i + 1}`,
        sku: `MANY-${i + 1}`,
        subcategory: 'Tees',
        price: 5,
        categoryId: category!.id,
        brandId: product.brandId,
      })),
    );
    const filter = { category: category!.id, isActive: 'true' };
    const offJob = await runJob(t.app, moderator, '/api/admin/products/bulk', {
      selection: { filter },
      action: { type: 'deactivate' },
    });
    // "All matching" is counted when the job starts, and walked to the end.
    expect(offJob).toMatchObject({ status: 'completed', totalRows: count, processedRows: count });
    const off = offJob.result!;
    expect(off).toMatchObject({ matched: count, changed: count, failed: 0 });
    expect(off.succeeded.length).toBeLessThanOrEqual(200);
    const left = await t.app.db
      .select()
      .from(products)
      .where(and(eq(products.categoryId, category!.id), eq(products.isActive, true)));
    expect(left).toEqual([]);

    const removed = await bulkJob({ selection: { filter: { category: category!.id } }, action: { type: 'delete' } });
    expect(removed).toMatchObject({ matched: count, changed: count });
    expect(await t.app.db.select().from(products).where(eq(products.categoryId, category!.id))).toEqual([]);
    expect((await logsOf('delete', product.id)).length).toBe(1);
  }, 120_000);
});
