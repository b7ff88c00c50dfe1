import { type SQL, sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import { reservationEvents } from './stock-events.js';

export type Reservation = { inventoryId: string; productId: string; quantity: number };
type ReservationContext = { reason: string; actorId: string | null; orderId: string };

/**
 * The reservation of several combinations for a new order, allocated over the stock locations, as common table
 * expressions of ONE statement that is all-or-nothing (so it is safe even outside a transaction):
 * - `locked_products`, `old`: steps 3 and 4 of the lock order (lib/locked-transaction.ts; the caller runs the
 *   statement as `locks.steps(['products', 'inventory', 'order'], …)`) — the products FOR KEY SHARE in id order (an
 *   InitPlan that runs before the first inventory row is read), then the variants FOR UPDATE in id order, then
 *   (`lvl`) their levels at the candidate locations FOR UPDATE in (variant, location) order;
 * - `loc`: the candidate locations: the active ones that ship online orders, or the one pickup location asked for;
 * - `alloc`, the allocation rule (docs/domain.md § Stock locations): the first location by priority whose levels cover
 *   every line (`whole`); else each line is split over the locations by priority, taking what each has free;
 * - `stock`: per wanted variant, whether the allocation covers its units; `enough` (SQL) is true when every one is,
 *   `shortIds` (SQL, JSON array) names the ones that are not;
 * - `changed`, `moved`: add to the levels' `reserved` and write a `reserve` movement per level — only when `gate` (SQL
 *   over the statement's other CTEs, e.g. "the order row was inserted", itself conditioned on `enough`) holds; the
 *   variants' figures follow by the level trigger at the statement's end — and each variant's `inventory.changed`
 *   event, in the CTE `recorded` names: the statement publishes it with its other events (lib/events.ts
 *   `publishInStatement`).
 * Rows given twice must be summed by the caller. The order's lines take their locations from `alloc`
 * (orders/order-stock.ts `insertItemsAfter`). The caller's order insert keeps the lock order: its analytics rows are
 * locked by its AFTER triggers, which run when the statement ends, after every stock row.
 */
export function reservationSql(
  reservations: readonly Reservation[],
  ctx: ReservationContext,
  gate: SQL,
  pickupLocationId: string | null = null,
) {
  if (reservations.length === 0) throw new Error('a reservation needs at least one combination');
  const productIds = [...new Set(reservations.map((r) => r.productId))];
  const wanted = sql.join(
    reservations.map(
      (r) => sql`(${r.inventoryId}::char(24), ${r.quantity}::int, ${newId()}::char(24), ${newId()}::char(24))`,
    ),
    sql`, `,
  );
  const candidates = pickupLocationId ? sql`l.id = ${pickupLocationId} AND l.pickup` : sql`l.ships_online`;
  const locks = sql`wanted (id, units, movement_id, event_id) AS (VALUES ${wanted}),
    locked_products AS MATERIALIZED (
      SELECT id FROM products WHERE id IN (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY id FOR KEY SHARE
    ),
    old AS MATERIALIZED (
      SELECT i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved FROM inventory i
      WHERE i.id IN (SELECT id FROM wanted) AND (SELECT count(*) FROM locked_products) >= 0
      ORDER BY i.id FOR UPDATE
    ),
    loc AS MATERIALIZED (SELECT l.id, l.priority FROM stock_locations l WHERE l.active AND ${candidates}),
    lvl AS MATERIALIZED (
      SELECT v.inventory_id, v.location_id, v.quantity, v.reserved FROM inventory_levels v
      WHERE v.inventory_id IN (SELECT id FROM old) AND v.location_id IN (SELECT id FROM loc)
      ORDER BY v.inventory_id, v.location_id FOR UPDATE
    ),
    cand AS MATERIALIZED (
      SELECT w.id, w.units, v.location_id, loc.priority, v.quantity - v.reserved AS free
      FROM wanted w JOIN lvl v ON v.inventory_id = w.id JOIN loc ON loc.id = v.location_id
    ),
    whole AS MATERIALIZED (
      SELECT location_id FROM cand WHERE free >= units GROUP BY location_id, priority
      HAVING count(*) = (SELECT count(*) FROM wanted) ORDER BY priority, location_id LIMIT 1
    ),
    alloc AS MATERIALIZED (
      SELECT c.id, c.location_id, c.priority, c.units AS take FROM cand c JOIN whole USING (location_id)
      UNION ALL
      SELECT s.id, s.location_id, s.priority, s.take FROM (
        SELECT c.id, c.location_id, c.priority, LEAST(c.free, c.units - coalesce(sum(c.free) OVER (PARTITION BY c.id
          ORDER BY c.priority, c.location_id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)) AS take
        FROM cand c WHERE c.free > 0 AND NOT EXISTS (SELECT 1 FROM whole)
      ) AS s WHERE s.take > 0
    ),
    stock AS MATERIALIZED (
      SELECT w.id, coalesce((SELECT sum(a.take) FROM alloc a WHERE a.id = w.id), 0) >= w.units AS enough
      FROM wanted w
    )`;
  const events = reservationEvents(sql`reserved_variants`, ctx.orderId);
  const changes = sql`changed AS (
      UPDATE inventory_levels AS i SET reserved = i.reserved + a.take, updated_at = now()
      FROM alloc a
      WHERE i.inventory_id = a.id AND i.location_id = a.location_id AND ${gate}
      RETURNING i.inventory_id, i.location_id, i.quantity, i.reserved, i.reserved - a.take AS previous_reserved, a.take
    ),
    moved AS (
      INSERT INTO inventory_movements (id, product_id, inventory_id, location_id, size, color, operation, quantity,
        previous_quantity, new_quantity, previous_reserved, new_reserved, reason, actor_id, order_id)
      SELECT substr(md5(w.movement_id || c.location_id), 1, 24), o.product_id, c.inventory_id, c.location_id, o.size,
        o.color, 'reserve', c.take, c.quantity, c.quantity, c.previous_reserved, c.reserved, ${ctx.reason},
        ${ctx.actorId}, ${ctx.orderId}
      FROM changed c JOIN wanted w ON w.id = c.inventory_id JOIN old o ON o.id = c.inventory_id
    ),
    reserved_variants AS (
      SELECT o.id, o.product_id, o.sku, o.size, o.color, o.quantity, o.reserved AS previous_reserved,
        o.reserved + sum(c.take)::int AS reserved, sum(c.take)::int AS units, w.event_id,
        CASE WHEN count(*) = 1 THEN min(c.location_id) END AS location_id
      FROM changed c JOIN old o ON o.id = c.inventory_id JOIN wanted w ON w.id = c.inventory_id
      GROUP BY o.id, o.product_id, o.sku, o.size, o.color, o.quantity, o.reserved, w.event_id
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
