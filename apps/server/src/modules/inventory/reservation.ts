import { type SQL, sql } from 'drizzle-orm';
import { combinationKey, type LockStep, type StockCombination } from '../../lib/locked-transaction.js';
import { reservationEvents } from './stock-events.js';

/**
 * The rows an order's reservation statement (below) locks, by step of the lock order, for its caller to declare with
 * `locks.steps` before running it: the products, the combinations, and the order row its triggers take at the end.
 */
export function reservationLockRows(
  combinations: readonly StockCombination[],
  orderId: string,
): Partial<Record<LockStep, readonly string[]>> {
  return {
    products: combinations.map((c) => c.productId),
    inventory: combinations.map(combinationKey),
    order: [orderId],
  };
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
 * - `locked_products`, `old`: steps 3 and 4 of the lock order (lib/locked-transaction.ts; the caller declares
 *   `reservationLockRows` with `locks.steps` first) — the products FOR KEY SHARE in id order (an
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
