import { PRODUCT_MESSAGES, type StockOperation } from '@seamline/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { inventory, inventoryMovements } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { recordEvents } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { combinationKey, locksOf, type StockCombination } from '../../lib/locked-transaction.js';
import { reservationEvents, stockEvents } from './stock-events.js';

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
  reason?: string | null;
  actorId?: string | null;
  orderId?: string | null;
};

export type StockRow = {
  id: string;
  size: string;
  color: string;
  quantity: number;
  reserved: number;
  lowStockThreshold: number;
  previousQuantity: number;
  previousReserved: number;
};

export type StockResult =
  | { ok: true; row: StockRow }
  | { ok: false; reason: 'not_found' | 'insufficient'; available: number };

// new quantity, new reserved, and the condition, in terms of the locked current row `old` and the amount $q.
const RULES: Record<StockOperation, { quantity: string; reserved: string; when: string }> = {
  add: { quantity: 'old.quantity + $q', reserved: 'old.reserved', when: 'true' },
  subtract: { quantity: 'old.quantity - $q', reserved: 'old.reserved', when: 'old.quantity - old.reserved >= $q' },
  set: { quantity: '$q', reserved: 'old.reserved', when: '$q >= old.reserved' },
  reserve: { quantity: 'old.quantity', reserved: 'old.reserved + $q', when: 'old.quantity - old.reserved >= $q' },
  release: { quantity: 'old.quantity', reserved: 'old.reserved - $q', when: 'old.reserved >= $q' },
  commit: { quantity: 'old.quantity - $q', reserved: 'old.reserved - $q', when: 'old.reserved >= $q' },
  return: { quantity: 'old.quantity + $q', reserved: 'old.reserved', when: 'true' },
};

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
  quantity: number;
  reserved: number;
  low_stock_threshold: number;
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

export async function changeStock(db: DbOrTx, change: StockChange): Promise<StockResult> {
  if (!Number.isInteger(change.quantity) || change.quantity < 0)
    throw new Error('stock quantity must be a whole number ≥ 0');
  const rule = RULES[change.operation];
  // Step 4 of the lock order; asked again after the order row only for a row this transaction already holds.
  const rows = await locksOf(db).step(
    'inventory',
    () =>
      queryRows<RawRow>(
        db,
        sql`WITH old AS (
          SELECT id, quantity, reserved FROM inventory
          WHERE product_id = ${change.productId} AND lower(size) = lower(${change.size}) AND lower(color) = lower(${change.color})
          FOR UPDATE
        )
        UPDATE inventory AS i
        SET quantity = ${expression(rule.quantity, change.quantity)},
            reserved = ${expression(rule.reserved, change.quantity)},
            updated_at = now()
        FROM old
        WHERE i.id = old.id AND ${expression(rule.when, change.quantity)}
        RETURNING i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved, i.low_stock_threshold,
                  old.quantity AS previous_quantity, old.reserved AS previous_reserved`,
      ),
    [combinationKey(change)],
  );
  const updated = rows[0];
  if (!updated) {
    const [current] = await db
      .select({ quantity: inventory.quantity, reserved: inventory.reserved })
      .from(inventory)
      .where(
        and(
          eq(inventory.productId, change.productId),
          sql`lower(${inventory.size}) = lower(${change.size})`,
          sql`lower(${inventory.color}) = lower(${change.color})`,
        ),
      );
    return current
      ? { ok: false, reason: 'insufficient', available: current.quantity - current.reserved }
      : { ok: false, reason: 'not_found', available: 0 };
  }
  const row: StockRow = {
    id: updated.id,
    size: updated.size,
    color: updated.color,
    quantity: Number(updated.quantity),
    reserved: Number(updated.reserved),
    lowStockThreshold: Number(updated.low_stock_threshold),
    previousQuantity: Number(updated.previous_quantity),
    previousReserved: Number(updated.previous_reserved),
  };
  await db.insert(inventoryMovements).values({
    productId: change.productId,
    inventoryId: row.id,
    size: row.size,
    color: row.color,
    operation: change.operation,
    quantity: change.quantity,
    previousQuantity: row.previousQuantity,
    newQuantity: row.quantity,
    previousReserved: row.previousReserved,
    newReserved: row.reserved,
    reason: change.reason ?? null,
    actorId: change.actorId ?? null,
    orderId: change.orderId ?? null,
  });
  await recordEvents(db, stockEvents({ ...row, productId: updated.product_id, sku: updated.sku }, change));
  return { ok: true, row };
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
  await db.insert(inventoryMovements).values({
    productId: row.productId,
    inventoryId: row.id,
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
  const created = { ...row, previousQuantity: 0, previousReserved: 0 };
  await recordEvents(db, stockEvents(created, { operation: 'create', quantity: row.quantity }));
  return row;
}

export type Reservation = { inventoryId: string; productId: string; quantity: number };
type ReservationContext = { reason: string; actorId: string | null; orderId: string };

/**
 * The reservation of several combinations for a new order, as common table expressions of ONE statement that is
 * all-or-nothing (so it is safe even outside a transaction):
 * - `locked_products`, `old`: steps 3 and 4 of the lock order (lib/locked-transaction.ts; the caller runs the
 *   statement as `locks.steps(['products', 'inventory', 'order'], …)`) — the products FOR KEY SHARE in id order (an InitPlan that
 *   runs before the first inventory row is read), then the inventory rows FOR UPDATE in id order;
 * - `stock`: per wanted row, whether the locked current row covers the units (`quantity - reserved >= units`);
 *   `enough` (SQL) is true when every row does, `shortIds` (SQL, JSON array) names the rows that do not;
 * - `changed`, `moved`: add to `reserved` and write a `reserve` movement per row — only when `gate` (SQL over the
 *   statement's other CTEs, e.g. "the order row was inserted", itself conditioned on `enough`) holds — and its
 *   `inventory.changed` event, in the CTE `recorded` names: the statement publishes it with its other events
 *   (lib/events.ts `publishInStatement`).
 * Rows given twice must be summed by the caller. The caller's order insert keeps the lock order: its analytics rows
 * are locked by its AFTER triggers, which run when the statement ends, after every stock row.
 */
export function reservationSql(reservations: readonly Reservation[], ctx: ReservationContext, gate: SQL) {
  if (reservations.length === 0) throw new Error('a reservation needs at least one combination');
  const productIds = [...new Set(reservations.map((r) => r.productId))];
  const wanted = sql.join(
    reservations.map(
      (r) => sql`(${r.inventoryId}::char(24), ${r.quantity}::int, ${newId()}::char(24), ${newId()}::char(24))`,
    ),
    sql`, `,
  );
  const locks = sql`wanted (id, units, movement_id, event_id) AS (VALUES ${wanted}),
    locked_products AS MATERIALIZED (
      SELECT id FROM products WHERE id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id FOR KEY SHARE
    ),
    old AS MATERIALIZED (
      SELECT i.id, i.product_id, i.quantity, i.reserved FROM inventory i
      WHERE i.id IN (SELECT id FROM wanted) AND (SELECT count(*) FROM locked_products) >= 0
      ORDER BY i.id FOR UPDATE
    ),
    stock AS MATERIALIZED (
      SELECT w.id, coalesce(old.quantity - old.reserved >= w.units, false) AS enough
      FROM wanted w LEFT JOIN old ON old.id = w.id
    )`;
  const events = reservationEvents(sql`changed`, ctx.orderId);
  const changes = sql`changed AS (
      UPDATE inventory AS i SET reserved = old.reserved + w.units, updated_at = now()
      FROM old JOIN wanted w ON w.id = old.id
      WHERE i.id = old.id AND old.quantity - old.reserved >= w.units AND ${gate}
      RETURNING i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved, old.reserved AS previous_reserved,
        w.units, w.movement_id, w.event_id
    ),
    moved AS (
      INSERT INTO inventory_movements (id, product_id, inventory_id, size, color, operation, quantity,
        previous_quantity, new_quantity, previous_reserved, new_reserved, reason, actor_id, order_id)
      SELECT movement_id, product_id, id, size, color, 'reserve', units, quantity, quantity, previous_reserved,
        reserved, ${ctx.reason}, ${ctx.actorId}, ${ctx.orderId}
      FROM changed
    ),
    ${events.ctes}`;
  return {
    locks,
    changes,
    recorded: events.recorded,
    enough: sql`(SELECT bool_and(enough) FROM stock)`,
    shortIds: sql`(SELECT coalesce(json_agg(id ORDER BY id) FILTER (WHERE NOT enough), '[]'::json) FROM stock)`,
  };
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
