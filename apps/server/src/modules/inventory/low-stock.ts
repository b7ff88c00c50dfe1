import { alertStatus, type LowStockPageView, type LowStockQuery, pagination } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, inventoryAlertRank, products } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { productSearch } from '../product-search/index.js';

type AlertRow = {
  productId: string;
  productName: string;
  size: string;
  color: string;
  quantity: number;
  threshold: number;
  image: string | null;
};

/**
 * One page of low-stock alerts: every combination at or below its threshold, worst first (Out of Stock, Critical,
 * Low Stock; then lowest stock; ties by product, so a product's rows stay together), optionally only for products
 * matching the product search. The order is the partial index `inventory_low_stock_idx`, so a page reads its own
 * rows only; sorting ties by product name instead would join every tied row (thousands at 0) before the first page.
 */
export async function lowStockPage(db: DbOrTx, query: LowStockQuery): Promise<LowStockPageView> {
  const low = sql`${inventory.quantity} <= ${inventory.lowStockThreshold}`;
  const search = query.search ? await productSearch(db, query.search) : undefined;
  const from = sql`${inventory} JOIN ${products} ON ${products.id} = ${inventory.productId}
    WHERE ${low} AND ${search ?? sql`true`}`;
  // Without a search the count needs no join: an index-only scan of the partial index.
  const matching = search ? sql`SELECT 1 FROM ${from}` : sql`SELECT 1 FROM ${inventory} WHERE ${low}`;
  const [rows, total] = await Promise.all([
    queryRows<AlertRow>(
      db,
      sql`SELECT ${inventory.productId} AS "productId", ${products.name} AS "productName", ${inventory.size},
          ${inventory.color}, ${inventory.quantity}, ${inventory.lowStockThreshold} AS threshold,
          (SELECT pi.original FROM product_images pi WHERE pi.product_id = ${products.id}
            ORDER BY pi.position LIMIT 1) AS image
        FROM ${from}
        ORDER BY ${inventoryAlertRank}, ${inventory.quantity}, ${inventory.productId}, ${inventory.id}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    boundedCount(db, matching),
  ]);
  return {
    alerts: rows.map((row) => ({
      productId: row.productId,
      productName: row.productName,
      size: row.size,
      color: row.color,
      variant: `${row.size}-${row.color}`,
      currentStock: row.quantity,
      threshold: row.threshold,
      status: alertStatus(row.quantity, row.threshold),
      image: row.image,
    })),
    pagination: pagination(query.page, query.limit, total.total, total.exact),
  };
}
