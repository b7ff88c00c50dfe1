import { alertStatus, type LowStockPageView, type LowStockQuery, pagination } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, inventoryAlertRank, products } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { productSearch } from '../products/product-filters.js';

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
 * Low Stock; then lowest stock, then product name), optionally only for products matching the product search. The
 * order is the partial index `inventory_low_stock_idx`, so the first page reads a few rows, not the catalogue.
 */
export async function lowStockPage(db: DbOrTx, query: LowStockQuery): Promise<LowStockPageView> {
  const search = query.search ? await productSearch(db, query.search) : sql`true`;
  const from = sql`${inventory} JOIN ${products} ON ${products.id} = ${inventory.productId}
    WHERE ${inventory.quantity} <= ${inventory.lowStockThreshold} AND ${search}`;
  const [rows, total] = await Promise.all([
    queryRows<AlertRow>(
      db,
      sql`SELECT ${inventory.productId} AS "productId", ${products.name} AS "productName", ${inventory.size},
          ${inventory.color}, ${inventory.quantity}, ${inventory.lowStockThreshold} AS threshold,
          (SELECT pi.original FROM product_images pi WHERE pi.product_id = ${products.id}
            ORDER BY pi.position LIMIT 1) AS image
        FROM ${from}
        ORDER BY ${inventoryAlertRank}, ${inventory.quantity}, ${products.name}, ${inventory.id}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    boundedCount(db, sql`SELECT 1 FROM ${from}`),
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
