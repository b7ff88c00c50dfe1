import { PRODUCT_MESSAGES, type StockOperation } from '@seamline/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { inventory, inventoryMovements } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { recordEvents } from '../../lib/events.js';
import { combinationKey, locksOf, type StockCombination } from '../../lib/locked-transaction.js';
import { stockEvents } from './stock-events.js';
import { firstLevels, holdStockingLevel, locationRefusal } from './stock-locations.js';

/**
 * The one place where inventory quantity and reserved change (docs/domain.md § Domain rules).
 * The operations are packages/shared's STOCK_OPERATIONS (staff) and ORDER_STOCK_OPERATIONS (orders). Each change is
 * ONE conditional UPDATE that locks the row, checks the rule against the current values and writes, plus a movement
 * row — never read-then-write. Its row locks go through lib/locked-transaction.ts, which keeps the lock order.
 */

export type StockChange = {
  productId: string;
  size: string;
  color: string;
  operation: StockOperation;
  quantity: number;
  /** The location whose level changes; left out, the first location (`firstLocationSql`). */
  locationId?: string | null;
  /**
   * Put the units back even at a location deactivated since: an order's committed units given back by its cancellation
   * or refund, after the payment provider was called (refusing then would leave the money moved and the order as it
   * was). Every other stocking change is refused at an inactive location.
   */
  anyLocation?: boolean;
  reason?: string | null;
  actorId?: string | null;
  orderId?: string | null;
};

/** The variant's figures (the sums over its locations) after and before a change, and the changed level's. */
export type StockRow = {
  id: string;
  size: string;
  color: string;
  quantity: number;
  reserved: number;
  lowStockThreshold: number;
  previousQuantity: number;
  previousReserved: number;
  locationId: string;
  level: { quantity: number; reserved: number; previousQuantity: number; previousReserved: number };
};

export type StockResult =
  | { ok: true; row: StockRow }
  | { ok: false; reason: 'not_found' | 'insufficient'; available: number };

// A level's new quantity, new reserved, and the condition, in terms of the locked current level `old` and the amount
// $q. The variant's figures follow by the triggers of migration 0043.
const RULES: Record<StockOperation, { quantity: string; reserved: string; when: string }> = {
  add: { quantity: 'old.quantity + $q', reserved: 'old.reserved', when: 'true' },
  subtract: { quantity: 'old.quantity - $q', reserved: 'old.reserved', when: 'old.quantity - old.reserved >= $q' },
  set: { quantity: '$q', reserved: 'old.reserved', when: '$q >= old.reserved' },
  reserve: { quantity: 'old.quantity', reserved: 'old.reserved + $q', when: 'old.quantity - old.reserved >= $q' },
  release: { quantity: 'old.quantity', reserved: 'old.reserved - $q', when: 'old.reserved >= $q' },
  commit: { quantity: 'old.quantity - $q', reserved: 'old.reserved - $q', when: 'old.reserved >= $q' },
  return: { quantity: 'old.quantity + $q', reserved: 'old.reserved', when: 'true' },
  transfer_out: { quantity: 'old.quantity - $q', reserved: 'old.reserved', when: 'old.quantity - old.reserved >= $q' },
  transfer_in: { quantity: 'old.quantity + $q', reserved: 'old.reserved', when: 'true' },
};

/** The operations that may put units at a location that holds none of the variant yet (its level is created). */
const STOCKING: ReadonlySet<StockOperation> = new Set(['add', 'set', 'return', 'transfer_in']);

/**
 * The location a change without one goes to: the first active location by priority that ships online orders (a store
 * with one location: that one). New variants' starting stock goes there too (trigger of migration 0043).
 */
export const firstLocationSql = sql`(SELECT l.id FROM stock_locations l WHERE l.active
  ORDER BY l.ships_online DESC, l.priority, l.id LIMIT 1)`;

function expression(template: string, quantity: number) {
  const parts = template.split('$q');
  return sql.join(
    parts.flatMap((part, index) => (index === 0 ? [sql.raw(part)] : [sql`${quantity}::int`, sql.raw(part)])),
    sql.raw(''),
  );
}

type RawRow = {
  id: string;
  product_id: string;
  sku: string;
  size: string;
  color: string;
  variant_quantity: number;
  variant_reserved: number;
  low_stock_threshold: number;
  location_id: string;
  quantity: number;
  reserved: number;
  previous_quantity: number;
  previous_reserved: number;
};

/**
 * Takes steps 3 and 4 of the lock order (lib/locked-transaction.ts) for a set of combinations: their products (key
 * share) and their inventory rows (for update), each in id order. Call it before the first `changeStock` of a
 * transaction that changes several rows.
 */
export async function lockStockRows(db: DbOrTx, combinations: readonly StockCombination[]): Promise<void> {
  await locksOf(db).stock(combinations);
}

const variantWhere = (c: StockCombination) =>
  sql`product_id = ${c.productId} AND lower(size) = lower(${c.size}) AND lower(color) = lower(${c.color})`;

/**
 * Changes one level: ONE conditional UPDATE of the level, after its variant's row is locked (lock step 4: every level
 * write holds its variant), plus a movement naming the location. A stocking operation (one that can put units at the
 * location) first holds the location and creates the empty level there (`holdStockingLevel`): an inactive location
 * takes no units, refused 409 "This location is inactive" (an unknown one 404) whatever the caller checked before.
 */
export async function changeStock(db: DbOrTx, change: StockChange): Promise<StockResult> {
  if (!Number.isInteger(change.quantity) || change.quantity < 0)
    throw new Error('stock quantity must be a whole number ≥ 0');
  const rule = RULES[change.operation];
  const named = change.locationId ? sql`${change.locationId}::char(24)` : firstLocationSql;
  let location = named;
  const rows = await locksOf(db).step('inventory', async () => {
    if (STOCKING.has(change.operation)) {
      const held = await holdStockingLevel(db, variantWhere(change), named, change.anyLocation === true);
      if (!held) throw await locationRefusal(db, named);
      // The location held, by id: `firstLocationSql` read again could name another one by now.
      location = sql`${held}::char(24)`;
    }
    return queryRows<RawRow>(
      db,
      sql`WITH variant AS MATERIALIZED (
          SELECT id, product_id, sku, size, color, quantity, reserved, low_stock_threshold FROM inventory
          WHERE ${variantWhere(change)}
          FOR UPDATE
        ),
        old AS MATERIALIZED (
          SELECT l.inventory_id, l.location_id, l.quantity, l.reserved FROM inventory_levels l
          WHERE l.inventory_id = (SELECT id FROM variant) AND l.location_id = ${location}
          FOR UPDATE
        ),
        changed AS (
          UPDATE inventory_levels AS i
          SET quantity = ${expression(rule.quantity, change.quantity)},
              reserved = ${expression(rule.reserved, change.quantity)},
              updated_at = now()
          FROM old
          WHERE i.inventory_id = old.inventory_id AND i.location_id = old.location_id
            AND ${expression(rule.when, change.quantity)}
          RETURNING i.location_id, i.quantity, i.reserved, old.quantity AS previous_quantity,
            old.reserved AS previous_reserved
        )
        SELECT v.id, v.product_id, v.sku, v.size, v.color, v.quantity AS variant_quantity,
          v.reserved AS variant_reserved, v.low_stock_threshold, c.*
        FROM variant v CROSS JOIN changed c`,
    );
  }, [combinationKey(change)]);
  const updated = rows[0];
  if (!updated) return refusal(db, change, location);
  const level = {
    quantity: Number(updated.quantity),
    reserved: Number(updated.reserved),
    previousQuantity: Number(updated.previous_quantity),
    previousReserved: Number(updated.previous_reserved),
  };
  // The variant's figures before the change, and after it: the trigger adds the level's change at the statement's end.
  const previousQuantity = Number(updated.variant_quantity);
  const previousReserved = Number(updated.variant_reserved);
  const row: StockRow = {
    id: updated.id,
    size: updated.size,
    color: updated.color,
    quantity: previousQuantity + level.quantity - level.previousQuantity,
    reserved: previousReserved + level.reserved - level.previousReserved,
    lowStockThreshold: Number(updated.low_stock_threshold),
    previousQuantity,
    previousReserved,
    locationId: updated.location_id,
    level,
  };
  await db.insert(inventoryMovements).values({
    productId: change.productId,
    inventoryId: row.id,
    locationId: row.locationId,
    size: row.size,
    color: row.color,
    operation: change.operation,
    quantity: change.quantity,
    previousQuantity: level.previousQuantity,
    newQuantity: level.quantity,
    previousReserved: level.previousReserved,
    newReserved: level.reserved,
    reason: change.reason ?? null,
    actorId: change.actorId ?? null,
    orderId: change.orderId ?? null,
  });
  await recordEvents(db, stockEvents({ ...row, productId: updated.product_id, sku: updated.sku }, change));
  return { ok: true, row };
}

/** Why a change was refused: no such variant (or level, for a taking operation), or not enough at the location. */
async function refusal(db: DbOrTx, change: StockChange, location: SQL): Promise<StockResult> {
  const [current] = await queryRows<{ level: boolean; available: number }>(
    db,
    sql`SELECT l.inventory_id IS NOT NULL AS level, coalesce(l.quantity - l.reserved, 0)::int AS available
      FROM inventory i LEFT JOIN inventory_levels l ON l.inventory_id = i.id AND l.location_id = ${location}
      WHERE ${variantWhere(change)}`,
  );
  if (!current) return { ok: false, reason: 'not_found', available: 0 };
  return { ok: false, reason: 'insufficient', available: Number(current.available) };
}

export type NewVariant = {
  productId: string;
  size: string;
  color: string;
  quantity: number;
  lowStockThreshold: number;
  /** Empty or left out: derived from the product SKU (trigger of migration 0016). */
  sku?: string;
  /** Empty or left out: the next in-store EAN-13. */
  barcode?: string;
  priceOverride?: number | null;
  reason?: string | null;
  actorId?: string | null;
};

/**
 * Adds a size/color combination; null when it already exists (case-insensitively). A SKU or barcode another variant
 * holds → 409. The starting quantity is recorded as a `create` movement so the history explains every unit.
 */
export async function createVariant(db: DbOrTx, variant: NewVariant): Promise<typeof inventory.$inferSelect | null> {
  const [row] = await db
    .insert(inventory)
    .values({
      productId: variant.productId,
      size: variant.size.trim(),
      color: variant.color.trim(),
      quantity: variant.quantity,
      reserved: 0,
      lowStockThreshold: variant.lowStockThreshold,
      ...(variant.sku ? { sku: variant.sku } : {}),
      ...(variant.barcode ? { barcode: variant.barcode } : {}),
      priceOverride: variant.priceOverride ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [existing] = await db
      .select({ id: inventory.id })
      .from(inventory)
      .where(
        and(
          eq(inventory.productId, variant.productId),
          sql`lower(${inventory.size}) = lower(${variant.size.trim()})`,
          sql`lower(${inventory.color}) = lower(${variant.color.trim()})`,
        ),
      );
    // Not the combination: the SKU or barcode is another variant's (409 saying which).
    if (!existing) await assertVariantCodesFree(db, variant);
    return null;
  }
  const locationId = (await firstLevels(db, [row.id])).get(row.id)!;
  await db.insert(inventoryMovements).values({
    productId: row.productId,
    inventoryId: row.id,
    locationId,
    size: row.size,
    color: row.color,
    operation: 'create',
    quantity: row.quantity,
    previousQuantity: 0,
    newQuantity: row.quantity,
    previousReserved: 0,
    newReserved: 0,
    reason: variant.reason ?? null,
    actorId: variant.actorId ?? null,
  });
  const created = { ...row, previousQuantity: 0, previousReserved: 0, locationId };
  await recordEvents(db, stockEvents(created, { operation: 'create', quantity: row.quantity }));
  return row;
}

/**
 * 409 when another variant (than `exceptId`) holds this SKU (case-insensitively) or barcode. A derived SKU (none
 * given) is checked as the trigger would write it.
 */
export async function assertVariantCodesFree(
  db: DbOrTx,
  variant: { productId: string; size: string; color: string; sku?: string; barcode?: string },
  exceptId?: string,
): Promise<void> {
  const sku = variant.sku
    ? sql`${variant.sku}`
    : sql`variant_sku((SELECT p.sku FROM products p WHERE p.id = ${variant.productId}), ${variant.size}, ${variant.color})`;
  const rows = await queryRows<{ sku_taken: boolean; barcode_taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM inventory WHERE lower(sku) = lower(${sku}) AND id <> ${exceptId ?? ''}) AS sku_taken,
      EXISTS (SELECT 1 FROM inventory WHERE barcode = ${variant.barcode ?? ''} AND id <> ${exceptId ?? ''}) AS barcode_taken`,
  );
  if (rows[0]?.sku_taken) throw conflict(PRODUCT_MESSAGES.variantSkuTaken, 'DUPLICATE_VARIANT_SKU');
  if (rows[0]?.barcode_taken) throw conflict(PRODUCT_MESSAGES.barcodeTaken, 'DUPLICATE_BARCODE');
}
