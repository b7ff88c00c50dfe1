import { PRODUCT_MESSAGES, type StockOperation } from '@seamline/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { inventory, inventoryMovements } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { recordEvents } from '../../lib/events.js';
import { combinationKey, locksOf, type StockCombination } from '../../lib/locked-transaction.js';
import { reservationEvents, stockEvents } from './stock-events.js';
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
 * The reservations of one or more new orders, allocated over the stock locations, as common table expressions of ONE
 * statement that is all-or-nothing for each order (so it is safe even outside a transaction). It reads two CTEs the
 * statement defines first:
 * - `wanted` (n, id, product_id, units, movement_id, event_id): each order's combinations (`n` is the order's place in
 *   the statement; rows given twice summed by the caller; no combination in two orders, so every CTE below keyed by a
 *   combination belongs to one order);
 * - `reserving` (n, order_id, pickup_location_id, reason, actor_id): each order, and the pickup location it asks for.
 *
 * - `locked_products`, `old`: steps 3 and 4 of the lock order (lib/locked-transaction.ts; the caller runs the
 *   statement as `locks.steps(['products', 'inventory', 'order'], …)`) — the products FOR KEY SHARE in id order (an
 *   InitPlan that runs before the first inventory row is read), then the variants FOR UPDATE in id order, then
 *   (`lvl`) their levels at their order's candidate locations FOR UPDATE in (variant, location) order;
 * - `loc`: each order's candidate locations: the active ones that ship online orders, or the one pickup location
 *   asked for;
 * - `alloc`, the allocation rule (docs/domain.md § Stock locations): the first location by priority whose levels cover
 *   every line of the order (`whole`); else each line is split over the locations by priority, taking what each has
 *   free;
 * - `stock`: per wanted variant, whether the allocation covers its units; `covered` (n, enough) whether every one of
 *   an order's is; `shortIds(n)` (SQL, JSON array) names an order's that are not;
 * - `changed`, `moved`: add to the levels' `reserved` and write a `reserve` movement per level — only for the orders
 *   `gate` (SQL, a SELECT of `n`s: e.g. "the order row was inserted", itself conditioned on `covered`) names; the
 *   variants' figures follow by the level trigger at the statement's end — and each variant's `inventory.changed`
 *   event, in the CTE `recorded` names: the statement publishes it with its other events (lib/events.ts
 *   `publishInStatement`).
 * The orders' lines take their locations from `alloc` (orders/order-stock.ts `insertItemsAfter`). The caller's order
 * insert keeps the lock order: its analytics rows are locked by its AFTER triggers, which run when the statement ends,
 * after every stock row.
 */
export function reservationSql(gate: SQL) {
  const locks = sql`locked_products AS MATERIALIZED (
      SELECT id FROM products WHERE id = ANY(ARRAY(SELECT product_id FROM wanted)) ORDER BY id FOR KEY SHARE
    ),
    old AS MATERIALIZED (
      SELECT i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved FROM inventory i
      WHERE i.id = ANY(ARRAY(SELECT id FROM wanted)) AND (SELECT count(*) FROM locked_products) >= 0
      ORDER BY i.id FOR UPDATE
    ),
    loc AS MATERIALIZED (
      SELECT r.n, l.id, l.priority FROM reserving r JOIN stock_locations l ON l.active
        AND CASE WHEN r.pickup_location_id IS NULL THEN l.ships_online ELSE l.id = r.pickup_location_id AND l.pickup END
    ),
    lvl AS MATERIALIZED (
      SELECT v.inventory_id, v.location_id, v.quantity, v.reserved FROM inventory_levels v
      WHERE v.inventory_id = ANY(ARRAY(SELECT id FROM old))
        AND EXISTS (SELECT 1 FROM wanted w JOIN loc ON loc.n = w.n
          WHERE w.id = v.inventory_id AND loc.id = v.location_id)
      ORDER BY v.inventory_id, v.location_id FOR UPDATE
    ),
    cand AS MATERIALIZED (
      SELECT w.n, w.id, w.units, v.location_id, loc.priority, v.quantity - v.reserved AS free
      FROM wanted w JOIN lvl v ON v.inventory_id = w.id JOIN loc ON loc.n = w.n AND loc.id = v.location_id
    ),
    whole AS MATERIALIZED (
      SELECT DISTINCT ON (c.n) c.n, c.location_id FROM cand c WHERE c.free >= c.units
      GROUP BY c.n, c.location_id, c.priority
      HAVING count(*) = (SELECT count(*) FROM wanted w WHERE w.n = c.n) ORDER BY c.n, c.priority, c.location_id
    ),
    alloc AS MATERIALIZED (
      SELECT c.n, c.id, c.location_id, c.priority, c.units AS take FROM cand c JOIN whole USING (n, location_id)
      UNION ALL
      SELECT s.n, s.id, s.location_id, s.priority, s.take FROM (
        SELECT c.n, c.id, c.location_id, c.priority, LEAST(c.free, c.units - coalesce(sum(c.free) OVER (
          PARTITION BY c.id ORDER BY c.priority, c.location_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))
          AS take
        FROM cand c WHERE c.free > 0 AND NOT EXISTS (SELECT 1 FROM whole h WHERE h.n = c.n)
      ) AS s WHERE s.take > 0
    ),
    stock AS MATERIALIZED (
      SELECT w.n, w.id, coalesce((SELECT sum(a.take) FROM alloc a WHERE a.id = w.id), 0) >= w.units AS enough
      FROM wanted w
    ),
    covered AS MATERIALIZED (SELECT n, bool_and(enough) AS enough FROM stock GROUP BY n)`;
  const events = reservationEvents(sql`reserved_variants`);
  const changes = sql`changed AS (
      UPDATE inventory_levels AS i SET reserved = i.reserved + a.take, updated_at = now()
      FROM alloc a
      WHERE i.inventory_id = a.id AND i.location_id = a.location_id AND a.n IN (${gate})
      RETURNING i.inventory_id, i.location_id, i.quantity, i.reserved, i.reserved - a.take AS previous_reserved, a.take,
        a.n
    ),
    moved AS (
      INSERT INTO inventory_movements (id, product_id, inventory_id, location_id, size, color, operation, quantity,
        previous_quantity, new_quantity, previous_reserved, new_reserved, reason, actor_id, order_id)
      SELECT substr(md5(w.movement_id || c.location_id), 1, 24), o.product_id, c.inventory_id, c.location_id, o.size,
        o.color, 'reserve', c.take, c.quantity, c.quantity, c.previous_reserved, c.reserved, r.reason, r.actor_id,
        r.order_id
      FROM changed c JOIN wanted w ON w.id = c.inventory_id JOIN old o ON o.id = c.inventory_id
        JOIN reserving r ON r.n = c.n
    ),
    reserved_variants AS (
      SELECT o.id, o.product_id, o.sku, o.size, o.color, o.quantity, o.reserved AS previous_reserved,
        o.reserved + sum(c.take)::int AS reserved, sum(c.take)::int AS units, w.event_id, r.order_id,
        CASE WHEN count(*) = 1 THEN min(c.location_id) END AS location_id
      FROM changed c JOIN old o ON o.id = c.inventory_id JOIN wanted w ON w.id = c.inventory_id
        JOIN reserving r ON r.n = c.n
      GROUP BY o.id, o.product_id, o.sku, o.size, o.color, o.quantity, o.reserved, w.event_id, r.order_id
    ),
    ${events.ctes}`;
  return {
    locks,
    changes,
    recorded: events.recorded,
    shortIds: (n: SQL) =>
      sql`(SELECT coalesce(json_agg(s.id ORDER BY s.id) FILTER (WHERE NOT s.enough), '[]'::json)
        FROM stock s WHERE s.n = ${n})`,
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
