import type { InventoryAnalyticsView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, inventoryAlertRank, products } from '../../db/schema/index.js';

/**
 * The inventory analytics figures in SQL over the per-product stock summary (`analytics_product_stock`, migration
 * 0007), so the answer costs one row per product, never every combination. The rules are packages/shared's
 * (`inventoryTotals`, `stockStatus`, `alertStatus`, `topCategoriesByStock`), restated as SQL aggregates.
 */

export type StockTotals = {
  totalProducts: number;
  lowStockProducts: number;
  outOfStockProducts: number;
  totalValue: number;
  totalStockUnits: number;
};

/** The summary's totals; Out of Stock = no units, Low Stock = units and a combination at or below its threshold. */
const TOTALS = sql`count(*)::int AS "totalProducts",
  (count(*) FILTER (WHERE units > 0 AND low > 0))::int AS "lowStockProducts",
  (count(*) FILTER (WHERE units = 0))::int AS "outOfStockProducts",
  (coalesce(sum(units * round(price * 100)), 0) / 100)::numeric(16,2) AS "totalValue",
  coalesce(sum(units), 0)::bigint AS "totalStockUnits"`;

export async function stockTotals(db: DbOrTx): Promise<StockTotals> {
  const [row] = await queryRows<StockTotals>(
    db,
    sql`SELECT ${TOTALS} FROM (SELECT units, low_variants AS low, price FROM analytics_product_stock) per`,
  );
  return row!;
}

/**
 * The totals as they stood at `since`: a combination's quantity then is its quantity now minus the net of its
 * movements since; combinations created since and products created since are left out. Prices and thresholds are
 * today's. Read as the summary now plus, per product, the difference its moved combinations make (then − now):
 * only movements that change a quantity (or create a combination) are read — reservations and releases, half of all
 * movements, change no quantity — through their own index, and no unmoved combination is read at all.
 * (Quantities are never negative, so an unmoved combination's quantity then is its quantity now.)
 */
export async function stockTotalsAt(db: DbOrTx, since: Date): Promise<StockTotals> {
  const at = sql`${since.toISOString()}::timestamptz`;
  const [row] = await queryRows<StockTotals>(
    db,
    sql`WITH moved AS (
          SELECT inventory_id, sum(new_quantity - previous_quantity) AS net, bool_or(operation = 'create') AS created
          FROM inventory_movements
          WHERE created_at >= ${at} AND (new_quantity <> previous_quantity OR operation = 'create')
            AND inventory_id IS NOT NULL
          GROUP BY 1),
        combination AS (
          SELECT i.product_id, i.quantity AS quantity_now, i.low_stock_threshold AS threshold, m.created,
            greatest(0, i.quantity - m.net) AS quantity_then
          FROM moved m JOIN inventory i ON i.id = m.inventory_id),
        difference AS (
          SELECT product_id,
            sum(CASE WHEN created THEN 0 ELSE quantity_then END - quantity_now) AS units,
            sum((NOT created AND quantity_then <= threshold)::int - (quantity_now <= threshold)::int) AS low
          FROM combination GROUP BY 1)
        SELECT ${TOTALS} FROM (
          SELECT s.units + coalesce(d.units, 0) AS units, s.low_variants + coalesce(d.low, 0) AS low, s.price
          FROM analytics_product_stock s LEFT JOIN difference d ON d.product_id = s.product_id
          WHERE s.created_at < ${at}) per`,
  );
  return row!;
}

/**
 * The totals at `at`, the start of a UTC day: read from `analytics_stock_snapshots`, or worked out from the movements
 * (stockTotalsAt) the first time that day is asked for and kept. Two first askers both work it out; one row stays.
 */
export async function stockTotalsAtDayStart(db: DbOrTx, at: Date): Promise<StockTotals> {
  const kept = sql`SELECT total_products AS "totalProducts", low_stock_products AS "lowStockProducts",
    out_of_stock_products AS "outOfStockProducts", total_value AS "totalValue", total_stock_units AS "totalStockUnits"
    FROM analytics_stock_snapshots WHERE at = ${at.toISOString()}::timestamptz`;
  const [found] = await queryRows<StockTotals>(db, kept);
  if (found) return found;
  const then = await stockTotalsAt(db, at);
  await db.execute(sql`INSERT INTO analytics_stock_snapshots
      (at, total_products, low_stock_products, out_of_stock_products, total_value, total_stock_units)
    VALUES (${at.toISOString()}::timestamptz, ${then.totalProducts}, ${then.lowStockProducts},
      ${then.outOfStockProducts}, ${then.totalValue}, ${then.totalStockUnits})
    ON CONFLICT (at) DO NOTHING`);
  const [stored] = await queryRows<StockTotals>(db, kept);
  return stored ?? then;
}

/** The top categories by units in stock (products without a category under 'Uncategorized'). */
export function topCategories(db: DbOrTx, limit = 3) {
  return queryRows<{ category: string; stock: number }>(
    db,
    sql`SELECT coalesce(c.name, 'Uncategorized') AS "category", sum(s.units)::bigint AS "stock"
        FROM analytics_product_stock s LEFT JOIN categories c ON c.id = s.category_id
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`,
  );
}

/**
 * The first `limit` low-stock alerts in the low-stock list's order (Out of Stock, Critical, Low Stock; then stock;
 * ties by product), which is the partial index `inventory_low_stock_idx`: only the head's rows are read. (Ties by
 * product name would join and sort every tied combination, thousands at 0 units on a large store.)
 */
export function worstAlerts(db: DbOrTx, limit: number): Promise<InventoryAnalyticsView['productsNeedingRestock']> {
  return queryRows(
    db,
    sql`SELECT ${inventory.productId} AS "productId", ${products.name} AS "productName",
          ${inventory.size} || '-' || ${inventory.color} AS "variant", ${inventory.quantity} AS "currentStock",
          ${inventory.lowStockThreshold} AS "threshold"
        FROM ${inventory} JOIN ${products} ON ${products.id} = ${inventory.productId}
        WHERE ${inventory.quantity} <= ${inventory.lowStockThreshold}
        ORDER BY ${inventoryAlertRank}, ${inventory.quantity}, ${inventory.productId}, ${inventory.id}
        LIMIT ${limit}`,
  );
}
