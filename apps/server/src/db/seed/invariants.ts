import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.js';
import { queryRows } from '../client.js';

export type StockMismatch = { inventoryId: string; problem: string };

/**
 * The stock invariants over the whole database: for every combination, reserved = Σ units of the lines of orders whose
 * stock is still reserved, and quantity = initial + Σ movement deltas (reserved likewise from 0). `initial` gives the
 * quantity each row had before any movement was recorded (0 when absent: rows created through createVariant).
 * `only` limits the check to these inventory rows (the benchmark's hot variants on a large store).
 */
export async function checkStockInvariants(
  db: DbOrTx,
  initial = new Map<string, number>(),
  only?: readonly string[],
): Promise<StockMismatch[]> {
  const rows = await queryRows<{
    id: string;
    quantity: number;
    reserved: number;
    held: number;
    quantity_delta: number;
    reserved_delta: number;
  }>(
    db,
    sql`SELECT i.id, i.quantity, i.reserved,
          COALESCE((SELECT SUM(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                    WHERE o.stock_state = 'reserved' AND oi.product_id = i.product_id
                      AND lower(oi.size) = lower(i.size) AND lower(oi.color) = lower(i.color)), 0)::int AS held,
          COALESCE((SELECT SUM(m.new_quantity - m.previous_quantity) FROM inventory_movements m WHERE m.product_id = i.product_id AND m.inventory_id = i.id), 0)::int AS quantity_delta,
          COALESCE((SELECT SUM(m.new_reserved - m.previous_reserved) FROM inventory_movements m WHERE m.product_id = i.product_id AND m.inventory_id = i.id), 0)::int AS reserved_delta
        FROM inventory i
        ${
          only
            ? sql`WHERE i.id IN (${sql.join(
                only.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }`,
  );
  const problems: StockMismatch[] = [];
  for (const row of rows) {
    const start = initial.get(row.id) ?? 0;
    if (Number(row.reserved) !== Number(row.held))
      problems.push({ inventoryId: row.id, problem: `reserved ${row.reserved} ≠ open reserved lines ${row.held}` });
    if (Number(row.quantity) !== start + Number(row.quantity_delta))
      problems.push({
        inventoryId: row.id,
        problem: `quantity ${row.quantity} ≠ ${start} + movements ${row.quantity_delta}`,
      });
    if (Number(row.reserved) !== Number(row.reserved_delta))
      problems.push({ inventoryId: row.id, problem: `reserved ${row.reserved} ≠ movements ${row.reserved_delta}` });
    if (row.quantity < 0 || row.reserved < 0 || row.reserved > row.quantity)
      problems.push({ inventoryId: row.id, problem: 'out of range' });
  }
  return problems;
}

/**
 * Products whose rating, review count or counts by stars and fit differ from their published reviews' (average of the
 * stars to 2 decimals, count; a product without a summary row counts zeros): none when the figures come only from the
 * reviews trigger.
 */
export async function checkReviewFigures(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM products p
        LEFT JOIN review_summaries s ON s.product_id = p.id
        LEFT JOIN LATERAL (SELECT coalesce(round(avg(r.rating), 2), 0) AS rating, count(*)::int AS n,
            array[count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2),
              count(*) FILTER (WHERE r.rating = 3), count(*) FILTER (WHERE r.rating = 4),
              count(*) FILTER (WHERE r.rating = 5), count(*) FILTER (WHERE r.fit = 'runs_small'),
              count(*) FILTER (WHERE r.fit = 'true_to_size'), count(*) FILTER (WHERE r.fit = 'runs_large')]::int[] AS counts
          FROM reviews r WHERE r.product_id = p.id AND r.status = 'published') f ON true
        WHERE p.rating <> f.rating OR p.review_count <> f.n
          OR f.counts <> array[coalesce(s.stars_1, 0), coalesce(s.stars_2, 0), coalesce(s.stars_3, 0),
            coalesce(s.stars_4, 0), coalesce(s.stars_5, 0), coalesce(s.runs_small, 0), coalesce(s.true_to_size, 0),
            coalesce(s.runs_large, 0)]`,
  );
  return rows.map((row) => row.id);
}

/**
 * Locations whose kept totals (units, reserved, low levels: migration 0050), the pending changes added up first,
 * differ from the sums of their levels; none when every level change went through the levels' triggers.
 */
export async function checkLocationTotals(db: DbOrTx): Promise<string[]> {
  await db.execute(sql`SELECT location_stock_fold()`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT coalesce(t.location_id, s.location_id) AS id
        FROM location_stock_totals t
        FULL JOIN (SELECT location_id, sum(quantity) AS units, sum(reserved) AS reserved,
            count(*) FILTER (WHERE quantity <= low_stock_threshold) AS low
          FROM inventory_levels GROUP BY 1) s ON s.location_id = t.location_id
        WHERE (coalesce(t.units, 0), coalesce(t.reserved, 0), coalesce(t.low_levels, 0))
          IS DISTINCT FROM (coalesce(s.units, 0), coalesce(s.reserved, 0), coalesce(s.low, 0))`,
  );
  return rows.map((row) => row.id);
}
