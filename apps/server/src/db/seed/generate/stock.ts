import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.js';
import { idOf, type Run } from './sql.js';

/**
 * The stock of products first..last once the orders exist, as the order code would have left it (docs/domain.md §
 * Domain rules): every line reserved its units when placed; paid, shipped and delivered orders committed them (out of
 * quantity); cancelled ones released them; refunded ones were committed and then returned. Each variant gets a `create`
 * movement with the stock it started with (what is on the shelf now + what committed orders took), then one movement
 * per step in time order, each carrying the running quantity and reserved. Its row ends with reserved = the units of
 * its orders still reserved, on top of the free stock the catalogue step gave it, so the stock invariants hold
 * (invariants.ts). `batch` numbers the movement ids of this call.
 */
export async function settleStock(db: DbOrTx, run: Run, batch: number, first: number, last: number) {
  const range = `BETWEEN ${idOf(run, 'product', String(first))} AND ${idOf(run, 'product', String(last))}`;
  // The window over a batch's movements sorts in memory rather than on disk (the caller's transaction).
  await db.execute(sql`SET LOCAL work_mem = '128MB'`);
  await db.execute(
    sql.raw(`WITH inv AS (
          SELECT id, product_id, size, color, quantity AS free, created_at FROM inventory WHERE product_id ${range}),
        lines AS (
          SELECT inv.id AS inventory_id, oi.quantity AS q, o.id AS order_id, o.order_number, o.status, o.stock_state,
            o.created_at, coalesce(o.paid_at, o.shipped_at, o.created_at) AS committed_at, o.updated_at AS closed_at
          FROM order_items oi
          JOIN inv ON inv.product_id = oi.product_id AND inv.size = oi.size AND inv.color = oi.color
          JOIN orders o ON o.id = oi.order_id
          WHERE oi.product_id ${range}),
        sums AS (
          SELECT inv.id, inv.free,
            coalesce(sum(lines.q) FILTER (WHERE lines.stock_state = 'reserved'), 0)::int AS held,
            coalesce(sum(lines.q) FILTER (WHERE lines.stock_state = 'committed'), 0)::int AS taken
          FROM inv LEFT JOIN lines ON lines.inventory_id = inv.id GROUP BY inv.id, inv.free),
        steps AS (
          SELECT inventory_id, order_id, order_number, status, 'reserve' AS operation, 1 AS step, created_at AS at, q,
            0 AS dq, q AS dr FROM lines
          UNION ALL
          SELECT inventory_id, order_id, order_number, status, 'commit', 2, committed_at, q, -q, -q FROM lines
            WHERE stock_state = 'committed' OR status = 'refunded'
          UNION ALL
          SELECT inventory_id, order_id, order_number, status, 'release', 3, closed_at, q, 0, -q FROM lines
            WHERE status = 'cancelled'
          UNION ALL
          SELECT inventory_id, order_id, order_number, status, 'return', 3, closed_at, q, q, 0 FROM lines
            WHERE status = 'refunded'),
        running AS (
          SELECT steps.*, sums.free + sums.held + sums.taken + sum(dq) OVER w AS new_q, sum(dr) OVER w AS new_r
          FROM steps JOIN sums ON sums.id = steps.inventory_id
          WINDOW w AS (PARTITION BY steps.inventory_id ORDER BY at, order_id, step ROWS UNBOUNDED PRECEDING)),
        moves AS (
          SELECT inv.id AS inventory_id, NULL AS order_id, 'create' AS operation, sums.free + sums.held + sums.taken AS q,
            0 AS prev_q, sums.free + sums.held + sums.taken AS new_q, 0 AS prev_r, 0 AS new_r, 'Initial stock' AS reason,
            inv.created_at AS at
          FROM inv JOIN sums ON sums.id = inv.id
          UNION ALL
          SELECT inventory_id, order_id, operation, q, new_q - dq, new_q, new_r - dr, new_r,
            'Order ' || order_number || ' ' || status, at
          FROM running),
        written AS (
          INSERT INTO inventory_movements (id, product_id, inventory_id, size, color, operation, quantity,
            previous_quantity, new_quantity, previous_reserved, new_reserved, reason, order_id, created_at)
          SELECT ${idOf(run, 'movement', `${batch}::bigint * 4294967296 + row_number() OVER ()`)}, inv.product_id,
            inv.id, inv.size, inv.color, moves.operation, moves.q, moves.prev_q, moves.new_q, moves.prev_r,
            moves.new_r, moves.reason, moves.order_id, moves.at
          FROM moves JOIN inv ON inv.id = moves.inventory_id)
      UPDATE inventory_levels AS l SET quantity = sums.free + sums.held, reserved = sums.held, updated_at = ${run.now}
      FROM sums WHERE l.inventory_id = sums.id`),
  );
}
