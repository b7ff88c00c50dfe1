import type { InventorySummary } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one } from './sql.js';

/**
 * The catalogue's stock picture now, by the stock-status rules of `stockStatus` (packages/shared/src/stock.ts):
 * Out of Stock when a product's total quantity is 0 (also with no combinations at all); Low Stock when, otherwise,
 * any combination is at or below its threshold. Read from the per-product stock summary (migration 0007), one row per
 * product instead of every combination.
 */
export function inventorySummary(db: DbOrTx): Promise<InventorySummary> {
  return one<InventorySummary>(
    db,
    sql`SELECT count(*)::int AS "totalProducts", (count(*) FILTER (WHERE is_active))::int AS "activeProducts",
          (count(*) FILTER (WHERE units > 0 AND low_variants > 0))::int AS "lowStockProducts",
          (count(*) FILTER (WHERE units = 0))::int AS "outOfStockProducts"
        FROM analytics_product_stock`,
  );
}
