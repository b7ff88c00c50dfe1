import {
  adjustedPrice,
  BULK_MESSAGES,
  type BulkChange,
  type BulkResult,
  PRODUCT_MESSAGES,
  type productBulkAction,
  type productBulkFilter,
  type productBulkInput,
} from '@seamline/shared';
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { type AuditContext, type AuditEntry, SYSTEM_ACTOR } from '../../lib/audit.js';
import {
  type BatchOutcome,
  type BulkSelection,
  batchesOf,
  idIn,
  outcomeOf,
  runBulk,
  writeActivities,
} from '../../lib/bulk.js';
import { notFound } from '../../lib/errors.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { type CatalogueWriteService, productFilters, recordProductChanges } from '../products/index.js';
import type { BulkJobSpec } from './bulk-job.js';

type Action = z.output<typeof productBulkAction>;
type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'sku' | 'isActive' | 'categoryId' | 'brandId' | 'price' | 'tags'
>;
type Selection = { ids: string[] } | { filter: z.output<typeof productBulkFilter> };
type Input = z.output<typeof productBulkInput>;

/** The one field an update action changes, its new value for a row (undefined: the row already is so) or a refusal. */
type Change = { field: 'isActive' | 'categoryId' | 'brandId' | 'price' | 'tags'; before: unknown; after: unknown };
const MAX_PRICE = 1e9;

function changeFor(row: ProductRow, action: Exclude<Action, { type: 'delete' }>): Change | undefined | string {
  switch (action.type) {
    case 'activate':
    case 'deactivate': {
      const after = action.type === 'activate';
      return row.isActive === after ? undefined : { field: 'isActive', before: row.isActive, after };
    }
    case 'set_category':
      return row.categoryId === action.categoryId
        ? undefined
        : { field: 'categoryId', before: row.categoryId, after: action.categoryId };
    case 'set_brand':
      return row.brandId === action.brandId
        ? undefined
        : { field: 'brandId', before: row.brandId, after: action.brandId };
    case 'adjust_price': {
      const after = adjustedPrice(row.price, action.adjustment);
      if (after <= 0 || after > MAX_PRICE) return PRODUCT_MESSAGES.price;
      return after === row.price ? undefined : { field: 'price', before: row.price, after };
    }
    case 'add_tags': {
      const added = action.tags.filter((tag) => !row.tags.includes(tag));
      return added.length ? { field: 'tags', before: row.tags, after: [...row.tags, ...added] } : undefined;
    }
  }
}

/** SET clause of the changed rows: one value for all, or per-row values joined in from a VALUES list. */
function setClause(changes: { id: string; change: Change }[], action: Action): { set: SQL; from: SQL } {
  const { field } = changes[0]!.change;
  if (field === 'price') {
    const values = sql.join(
      changes.map(({ id, change }) => sql`(${id}, ${change.after as number}::numeric)`),
      sql`, `,
    );
    return { set: sql`price = v.value`, from: sql`FROM (VALUES ${values}) AS v(id, value) WHERE p.id = v.id AND` };
  }
  if (field === 'tags' && action.type === 'add_tags') {
    // Adds the tags a row lacks after its own (per row, so one statement serves rows holding different tags).
    const tags = sql.join(
      action.tags.map((tag) => sql`${tag}`),
      sql`, `,
    );
    return {
      set: sql`tags = p.tags || ARRAY(SELECT t FROM unnest(ARRAY[${tags}]::text[]) AS t WHERE NOT t = ANY(p.tags))`,
      from: sql`WHERE`,
    };
  }
  const columns: Record<Change['field'], string> = {
    isActive: 'is_active',
    categoryId: 'category_id',
    brandId: 'brand_id',
    price: 'price',
    tags: 'tags',
  };
  const column = columns[field];
  return { set: sql`${sql.raw(column)} = ${changes[0]!.change.after}`, from: sql`WHERE` };
}

/**
 * Bulk actions on products: batches of locked rows, one UPDATE per batch, an activity-log row per changed product;
 * a dry run answers at once, the action itself runs as a job.
 */
export class ProductBulkService {
  constructor(
    private readonly db: Db,
    private readonly writes: CatalogueWriteService,
  ) {}

  private async selected(selection: Selection): Promise<BulkSelection> {
    if ('ids' in selection) return selection;
    return { where: (await productFilters(this.db, selection.filter, true)) ?? sql`true` };
  }

  /** A set_category / set_brand target must exist (404 before anything is queued). */
  async assertTarget(action: Action) {
    if (action.type === 'set_category') {
      const [found] = await this.db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, action.categoryId));
      if (!found) throw notFound(BULK_MESSAGES.categoryNotFound);
    }
    if (action.type === 'set_brand') {
      const [found] = await this.db.select({ id: brands.id }).from(brands).where(eq(brands.id, action.brandId));
      if (!found) throw notFound(BULK_MESSAGES.brandNotFound);
    }
  }

  /** What the action would do (the same rules per row, counts over the whole selection); writes nothing. */
  async preview(input: Input): Promise<BulkResult> {
    const { action } = input;
    await this.assertTarget(action);
    const batches = batchesOf(this.db, products, products.id, await this.selected(input.selection));
    if (action.type === 'delete') return runBulk(batches, (ids) => this.previewDelete(ids));
    return runBulk(batches, (ids) =>
      this.db.transaction((tx) => this.updateBatch(tx, ids, action, SYSTEM_ACTOR, true)),
    );
  }

  /** The action as a job: an update batch is one transaction with its progress; a delete goes product by product. */
  job(): BulkJobSpec<Input> {
    return {
      target: async (body) => ({ table: products, id: products.id, selection: await this.selected(body.selection) }),
      apply: async (ids, { body: { action } }, ctx, progress) => {
        if (action.type !== 'delete') {
          await progress.batch(this.db, ids, (tx) => this.updateBatch(tx, ids, action, ctx, false));
          return;
        }
        const rows = await this.db
          .select({ id: products.id, label: products.name })
          .from(products)
          .where(idIn(products.id, ids));
        await progress.eachObject(this.db, ids, rows, 'Product', (row, done) => this.writes.remove(row.id, ctx, done));
      },
    };
  }

  private lockRows(tx: Tx, ids: string[]) {
    return locksOf(tx).step('products', () =>
      tx
        .select({
          id: products.id,
          name: products.name,
          sku: products.sku,
          isActive: products.isActive,
          categoryId: products.categoryId,
          brandId: products.brandId,
          price: products.price,
          tags: products.tags,
        })
        .from(products)
        .where(idIn(products.id, ids))
        .orderBy(asc(products.id))
        .for('update'),
    );
  }

  private async updateBatch(
    tx: Tx,
    ids: string[],
    action: Exclude<Action, { type: 'delete' }>,
    ctx: AuditContext,
    dryRun: boolean,
  ): Promise<BatchOutcome> {
    const rows = await this.lockRows(tx, ids);
    const outcome = outcomeOf(ids, rows, 'Product');
    const changes: { row: ProductRow; change: Change }[] = [];
    for (const row of rows) {
      const change = changeFor(row, action);
      if (typeof change === 'string') outcome.failures.push({ id: row.id, label: row.name, reason: change });
      else if (change) changes.push({ row, change });
      else outcome.unchanged += 1;
    }
    outcome.changed = changes.map(({ row }) => ({ id: row.id, label: row.name }));
    outcome.preview = changes.map(({ row, change }) => ({ id: row.id, label: row.name, ...change }) as BulkChange);
    if (!changes.length || dryRun) return outcome;
    const { set, from } = setClause(
      changes.map(({ row, change }) => ({ id: row.id, change })),
      action,
    );
    await tx.execute(
      sql`UPDATE ${products} AS p SET ${set}, updated_at = now() ${from} ${idIn(
        sql`p.id`,
        changes.map((c) => c.row.id),
      )}`,
    );
    const entries: AuditEntry[] = changes.map(({ row, change }) => ({
      action: action.type === 'activate' || action.type === 'deactivate' ? 'update_status' : 'update',
      resource: 'product',
      resourceId: row.id,
      details: {
        name: row.name,
        sku: row.sku,
        bulk: action.type,
        changes: { [change.field]: { before: change.before, after: change.after } },
      },
    }));
    await writeActivities(tx, ctx, entries);
    await recordProductChanges(
      tx,
      'product.updated',
      changes.map(({ row }) => row.id),
    );
    return outcome;
  }

  private async previewDelete(ids: string[]): Promise<BatchOutcome> {
    const rows = await this.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(idIn(products.id, ids));
    const outcome = outcomeOf(ids, rows, 'Product');
    outcome.changed = rows.map((row) => ({ id: row.id, label: row.name }));
    return outcome;
  }
}
