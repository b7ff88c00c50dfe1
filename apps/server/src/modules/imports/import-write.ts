import { IMPORT_MESSAGES, type RowError, slugify } from '@seamline/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, inventoryMovements, products } from '../../db/schema/index.js';
import { recordEvents } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { combinationKey, locksOf } from '../../lib/locked-transaction.js';
import {
  type ChangedStock,
  emptyLevels,
  firstLevels,
  firstLocationSql,
  holdActiveLocations,
  lockStockRows,
  stockEvents,
} from '../inventory/index.js';
import { recordProductChanges } from '../products/index.js';
import type { ImportPlanner, ProductFields, RowDecision } from './import-plan.js';

const REASON = 'import';

const productColumns = (f: ProductFields) => ({
  name: f.name,
  description: f.description,
  categoryId: f.categoryId,
  subcategory: f.subcategory,
  brandId: f.brandId,
  price: f.price,
  comparePrice: f.comparePrice,
  costPrice: f.costPrice,
  salePrice: f.salePrice,
  tags: f.tags,
  isActive: f.isActive,
});

/** A row the write could not apply after all (the plan was made outside the transaction). */
export type RefusedRow = { row: number; kind: RowDecision['kind']; error: RowError };

/** A level an import row sets: a matched variant's, or one of a variant this batch inserted. */
type LevelSet = { decision: RowDecision; inventoryId: string; quantity: number; held: boolean };

const variantKey = (productId: string, size: string, color: string) =>
  `${productId}/${size.trim().toLowerCase()}/${color.trim().toLowerCase()}`;

/**
 * Writes one planned batch (all but its pictures: import-images.ts sets those after, without a transaction open
 * during the downloads) inside the caller's transaction, in the lock order of lib/locked-transaction.ts: products
 * first (new ones inserted in one statement, changed ones updated), then the variants in id order (new ones inserted
 * with their `create` movements, their starting stock at the first location when the row names that one), then every
 * level the rows set (changed quantities, and the stock of new variants at other locations) by one conditional
 * statement with `set` movements at each level's location, reason "import", then the batch's events: one per product
 * (created or updated) and one per stock change. Returns the rows whose quantity could not be set (reserved units
 * grew, or the location was deactivated, since the plan).
 */
export async function writeBatch(
  tx: DbOrTx,
  planner: ImportPlanner,
  decisions: readonly RowDecision[],
  actorId: string | null,
): Promise<RefusedRow[]> {
  const createdProducts = await locksOf(tx).step('products', () => writeProducts(tx, planner, decisions, actorId));
  // Every product of the batch is known now: existing ones since the plan, new ones since their insert.
  const idOf = (d: RowDecision) => planner.productId(d.productSku)!;

  const changed = decisions.filter(
    (d) => d.variant && (Object.keys(d.variantChanges).length > 0 || d.levelQuantity !== null),
  );
  await lockStockRows(
    tx,
    changed.map((d) => ({ productId: d.variant!.productId, size: d.variant!.size, color: d.variant!.color })),
  );
  const levels: LevelSet[] = changed
    .filter((d) => d.levelQuantity !== null)
    .map((d) => ({ decision: d, inventoryId: d.variant!.id, quantity: d.levelQuantity!, held: true }));
  const fresh = decisions.filter((d) => !d.variant);
  const createdIds = await insertVariants(
    tx,
    fresh.filter((d) => d.firstOfVariant),
    idOf,
    actorId,
  );
  // A new variant's stock elsewhere than where its insert put it, and its later rows (other locations): their levels.
  for (const d of fresh) {
    const { size, color, quantity } = d.data.variant;
    const id = createdIds.get(variantKey(idOf(d), size, color));
    if (id && quantity > 0 && !(d.firstOfVariant && id.stocked))
      levels.push({ decision: d, inventoryId: id.id, quantity, held: false });
  }
  for (const d of changed)
    if (Object.keys(d.variantChanges).length > 0)
      await tx.update(inventory).set(d.variantChanges).where(eq(inventory.id, d.variant!.id));
  const refused = await setLevels(tx, levels, actorId);
  const touched = new Set([
    ...decisions.filter((d) => d.productWrite || d.variant === undefined || changed.includes(d)).map(idOf),
  ]);
  for (const id of createdProducts) touched.delete(id);
  await recordProductChanges(tx, 'product.created', createdProducts);
  await recordProductChanges(tx, 'product.updated', [...touched]);
  return refused;
}

/**
 * The batch's new variants in one insert, with their `create` movements and events. The insert puts a variant's
 * starting stock at the first location (trigger of migration 0043): a row naming that location starts with its
 * quantity, a row naming another starts empty there and its quantity is set where it belongs after. Returns each new
 * variant's id and whether it started with its row's quantity, by product, size and color.
 */
async function insertVariants(
  tx: DbOrTx,
  firstRows: readonly RowDecision[],
  idOf: (d: RowDecision) => string,
  actorId: string | null,
): Promise<Map<string, { id: string; stocked: boolean }>> {
  if (firstRows.length === 0) return new Map();
  const [first] = await queryRows<{ id: string }>(tx, sql`SELECT ${firstLocationSql} AS id`);
  const keyOf = (d: RowDecision) => variantKey(idOf(d), d.data.variant.size, d.data.variant.color);
  const stocked = new Set(firstRows.filter((d) => d.locationId === first?.id).map(keyOf));
  const created = await tx
    .insert(inventory)
    .values(
      firstRows.map((d) => ({
        productId: idOf(d),
        size: d.data.variant.size,
        color: d.data.variant.color,
        quantity: stocked.has(keyOf(d)) ? d.data.variant.quantity : 0,
        lowStockThreshold: d.data.variant.lowStockThreshold,
        ...(d.data.variant.sku ? { sku: d.data.variant.sku } : {}),
        ...(d.data.variant.barcode ? { barcode: d.data.variant.barcode } : {}),
        priceOverride: d.data.variant.priceOverride ?? null,
      })),
    )
    .returning();
  // Where the trigger of migration 0043 put each new variant's starting stock.
  const locationOf = await firstLevels(
    tx,
    created.map((row) => row.id),
  );
  await tx.insert(inventoryMovements).values(
    created.map((row) => ({
      productId: row.productId,
      inventoryId: row.id,
      locationId: locationOf.get(row.id)!,
      size: row.size,
      color: row.color,
      operation: 'create' as const,
      quantity: row.quantity,
      previousQuantity: 0,
      newQuantity: row.quantity,
      previousReserved: 0,
      newReserved: 0,
      reason: REASON,
      actorId,
    })),
  );
  const events = created.flatMap((row) =>
    stockEvents(
      { ...row, previousQuantity: 0, previousReserved: 0, locationId: locationOf.get(row.id)! },
      { operation: 'create', quantity: row.quantity },
    ),
  );
  await recordEvents(tx, events);
  return new Map(
    created.map((row) => {
      const key = variantKey(row.productId, row.size, row.color);
      return [key, { id: row.id, stocked: stocked.has(key) }];
    }),
  );
}

/** New products in one insert (their ids remembered for the file's later rows), changed ones one update each. */
async function writeProducts(
  tx: DbOrTx,
  planner: ImportPlanner,
  decisions: readonly RowDecision[],
  actorId: string | null,
): Promise<string[]> {
  const writes = decisions.filter((d) => d.productWrite).map((d) => d.productWrite!);
  const createdIds: string[] = [];
  const inserts = writes.filter((w) => !w.existingId);
  if (inserts.length > 0) {
    const wanted = inserts.map((w) => `${slugify(w.fields.name) || 'product'}-${slugify(w.fields.sku)}`);
    const taken = new Set(
      (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, wanted))).map(
        (r) => r.slug,
      ),
    );
    const rows = await tx
      .insert(products)
      .values(
        inserts.map((w, index) => ({
          id: newId(),
          ...productColumns(w.fields),
          sku: w.fields.sku,
          slug: taken.has(wanted[index]!) ? `${wanted[index]}-${newId().slice(-6)}` : wanted[index]!,
          createdBy: actorId,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    for (const row of rows) {
      planner.productCreated(row.sku, row.id);
      createdIds.push(row.id);
    }
  }
  for (const write of writes.filter((w) => w.existingId)) {
    const id = write.existingId!;
    await tx
      .update(products)
      .set({ ...productColumns(write.fields), updatedAt: new Date() })
      .where(eq(products.id, id));
  }
  return createdIds;
}

/**
 * The levels as ONE conditional statement (docs/domain.md § Domain rules: never read-then-write): each locked level at
 * an active location is set only when the new quantity still covers its reserved units, and a `set` movement naming
 * its location is written per level it changed. The caller holds the variants (locked, or inserted by it), so the
 * missing levels may be created empty first.
 */
async function setLevels(tx: DbOrTx, levels: readonly LevelSet[], actorId: string | null): Promise<RefusedRow[]> {
  if (levels.length === 0) return [];
  const values = sql.join(
    levels.map(
      (l) =>
        sql`(${l.inventoryId}::char(24), ${l.decision.locationId}::char(24), ${l.quantity}::int, ${newId()}::char(24))`,
    ),
    sql`, `,
  );
  const held = levels.filter((l) => l.held).map((l) => combinationKey(l.decision.variant!));
  // Each level's location is held for the batch while it is active (after the variants writeBatch holds: lock
  // order), so none is deactivated under it; a level at one deactivated since the plan is refused below.
  const active = await holdActiveLocations(tx, [...new Set(levels.map((l) => l.decision.locationId))]);
  await emptyLevels(
    tx,
    levels
      .filter((l) => active.has(l.decision.locationId))
      .map((l) => ({ inventoryId: l.inventoryId, locationId: l.decision.locationId })),
  );
  const done = await locksOf(tx).step(
    'inventory',
    () =>
      queryRows<ChangedStock & { q: number }>(
        tx,
        sql`WITH wanted (id, location_id, q, movement_id) AS (VALUES ${values}),
      variant AS MATERIALIZED (
        SELECT i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved, i.low_stock_threshold
        FROM inventory i WHERE i.id IN (SELECT id FROM wanted) ORDER BY i.id FOR UPDATE
      ),
      old AS MATERIALIZED (
        SELECT l.inventory_id AS id, l.location_id, l.quantity, l.reserved FROM inventory_levels l
        JOIN wanted w ON w.id = l.inventory_id AND w.location_id = l.location_id
        WHERE l.inventory_id IN (SELECT id FROM variant)
          AND l.location_id IN (SELECT s.id FROM stock_locations s WHERE s.active)
        ORDER BY l.inventory_id, l.location_id FOR UPDATE OF l
      ),
      changed AS (
        UPDATE inventory_levels AS i SET quantity = w.q, updated_at = now()
        FROM old JOIN wanted w ON w.id = old.id AND w.location_id = old.location_id
        WHERE i.inventory_id = old.id AND i.location_id = old.location_id AND w.q >= old.reserved
        RETURNING i.inventory_id AS id, i.location_id, i.quantity, i.reserved, old.quantity AS previous_quantity, w.q,
          w.movement_id
      ),
      moved AS (
        INSERT INTO inventory_movements (id, product_id, inventory_id, location_id, size, color, operation, quantity,
          previous_quantity, new_quantity, previous_reserved, new_reserved, reason, actor_id)
        SELECT c.movement_id, v.product_id, c.id, c.location_id, v.size, v.color, 'set', c.q, c.previous_quantity,
          c.quantity, c.reserved, c.reserved, ${REASON}, ${actorId}
        FROM changed c JOIN variant v ON v.id = c.id
      )
      -- The variant's total before and after each of its levels, in location order (one statement may set several).
      SELECT c.id, v.product_id AS "productId", v.sku, v.size, v.color,
        (v.quantity + sum(c.quantity - c.previous_quantity) OVER w)::int AS quantity,
        (v.quantity + sum(c.quantity - c.previous_quantity) OVER w - (c.quantity - c.previous_quantity))::int
          AS "previousQuantity",
        v.reserved, v.low_stock_threshold AS "lowStockThreshold", c.q, c.location_id AS "locationId"
      FROM changed c JOIN variant v ON v.id = c.id
      WINDOW w AS (PARTITION BY c.id ORDER BY c.location_id)`,
      ),
    held,
  );
  await recordEvents(
    tx,
    done.flatMap((row) =>
      stockEvents({ ...row, previousReserved: row.reserved }, { operation: 'set', quantity: row.q }),
    ),
  );
  const ok = new Set(done.map((r) => `${r.id}/${r.locationId}`));
  return refusals(
    tx,
    levels.filter((l) => !ok.has(`${l.inventoryId}/${l.decision.locationId}`)),
  );
}

/** Why levels were not set: their location is no longer active, or more units are reserved there than the file's. */
async function refusals(tx: DbOrTx, refused: readonly LevelSet[]): Promise<RefusedRow[]> {
  if (refused.length === 0) return [];
  const values = sql.join(
    refused.map((l) => sql`(${l.inventoryId}::char(24), ${l.decision.locationId}::char(24))`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; locationId: string; active: boolean; reserved: number }>(
    tx,
    sql`SELECT w.id, w.location_id AS "locationId", s.active, coalesce(l.reserved, 0) AS reserved
      FROM (VALUES ${values}) AS w (id, location_id)
      JOIN stock_locations s ON s.id = w.location_id
      LEFT JOIN inventory_levels l ON l.inventory_id = w.id AND l.location_id = w.location_id`,
  );
  const why = new Map(rows.map((r) => [`${r.id}/${r.locationId}`, r]));
  return refused.map(({ decision, inventoryId }) => {
    const found = why.get(`${inventoryId}/${decision.locationId}`);
    const error: RowError = found?.active
      ? { row: decision.row, column: 'quantity', message: IMPORT_MESSAGES.reservedAbove(found.reserved) }
      : { row: decision.row, column: 'location', message: IMPORT_MESSAGES.locationInactive };
    return { row: decision.row, kind: decision.kind, error };
  });
}
