import type { InventorySummary } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one } from './sql.js';

/**
 * The catalogue's stock picture now, by the stock-status rules of `stockStatus` (packages/shared/src/stock.ts):
 * Out of Stock when a product's total quantity is 0 (also with no combinations at all); Low Stock when, otherwise,
 * any combination is at or below its threshold. Evaluated in SQL so it stays one query at any catalogue size.
 */
export function inventorySummary(db: DbOrTx): Promise<InventorySummary> {
  return one<InventorySummary>(
    db,
    sql`WITH per AS (
          SELECT p.id, p.is_active, coalesce(sum(i.quantity), 0) AS total,
            coalesce(bool_or(i.quantity <= i.low_stock_threshold), false) AS any_low
          FROM products p LEFT JOIN inventory i ON i.product_id = p.id GROUP BY p.id, p.is_active)
        SELECT count(*)::int AS "totalProducts", (count(*) FILTER (WHERE is_active))::int AS "activeProducts",
          (count(*) FILTER (WHERE total > 0 AND any_low))::int AS "lowStockProducts",
          (count(*) FILTER (WHERE total = 0))::int AS "outOfStockProducts"
        FROM per`,
  );
}
