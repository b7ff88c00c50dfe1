import { alertStatus, type LowStockPageView, type LowStockQuery, pagination } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { inventory, inventoryAlertRank, inventoryLevels, levelAlertRank, products } from '../../db/schema/index.js';
import { type BoundedCount, boundedCount } from '../../lib/bounded-count.js';
import { productSearch } from '../product-search/index.js';
import { activeLocation } from './stock-locations.js';

type AlertRow = {
  productId: string;
  productName: string;
  size: string;
  color: string;
  quantity: number;
  threshold: number;
  image: string | null;
};

const imageSql = sql`(SELECT pi.original FROM product_images pi WHERE pi.product_id = ${products.id}
  ORDER BY pi.position LIMIT 1)`;

/**
 * One page of low-stock alerts, worst first (Out of Stock, Critical, Low Stock; then lowest stock), optionally only
 * for products matching the product search. Without a location: every combination's totals at or below its threshold
 * (ties by product, so a product's rows stay together). With one: that location's levels at or below their own
 * threshold, each naming the location. Each order is a partial index (`inventory_low_stock_idx`,
 * `inventory_levels_low_stock_idx`), so a page reads its own rows only; sorting ties by product name instead would
 * join every tied row (thousands at 0) before the first page.
 */
export async function lowStockPage(db: DbOrTx, query: LowStockQuery): Promise<LowStockPageView> {
  const location = query.locationId ? await activeLocation(db, query.locationId) : null;
  const search = query.search ? await productSearch(db, query.search) : undefined;
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  const [rows, total] = location
    ? await levelAlerts(db, location.id, search, page)
    : await variantAlerts(db, search, page);
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
      location: location ? { _id: location.id, name: location.name } : null,
    })),
    pagination: pagination(query.page, query.limit, total.total, total.exact),
  };
}

type Page = { limit: number; offset: number };

function variantAlerts(db: DbOrTx, search: SQL | undefined, page: Page): Promise<[AlertRow[], BoundedCount]> {
  const low = sql`${inventory.quantity} <= ${inventory.lowStockThreshold}`;
  const from = sql`${inventory} JOIN ${products} ON ${products.id} = ${inventory.productId}
    WHERE ${low} AND ${search ?? sql`true`}`;
  // Without a search the count needs no join: an index-only scan of the partial index.
  const matching = search ? sql`SELECT 1 FROM ${from}` : sql`SELECT 1 FROM ${inventory} WHERE ${low}`;
  return Promise.all([
    queryRows<AlertRow>(
      db,
      sql`SELECT ${inventory.productId} AS "productId", ${products.name} AS "productName", ${inventory.size},
          ${inventory.color}, ${inventory.quantity}, ${inventory.lowStockThreshold} AS threshold, ${imageSql} AS image
        FROM ${from}
        ORDER BY ${inventoryAlertRank}, ${inventory.quantity}, ${inventory.productId}, ${inventory.id}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    boundedCount(db, matching),
  ]);
}

function levelAlerts(
  db: DbOrTx,
  locationId: string,
  search: SQL | undefined,
  page: Page,
): Promise<[AlertRow[], BoundedCount]> {
  const low = sql`${inventoryLevels.locationId} = ${locationId}
    AND ${inventoryLevels.quantity} <= ${inventoryLevels.lowStockThreshold}`;
  const from = sql`${inventoryLevels} JOIN ${inventory} ON ${inventory.id} = ${inventoryLevels.inventoryId}
    JOIN ${products} ON ${products.id} = ${inventory.productId}
    WHERE ${low} AND ${search ?? sql`true`}`;
  const matching = search ? sql`SELECT 1 FROM ${from}` : sql`SELECT 1 FROM ${inventoryLevels} WHERE ${low}`;
  return Promise.all([
    queryRows<AlertRow>(
      db,
      sql`SELECT ${inventory.productId} AS "productId", ${products.name} AS "productName", ${inventory.size},
          ${inventory.color}, ${inventoryLevels.quantity}, ${inventoryLevels.lowStockThreshold} AS threshold,
          ${imageSql} AS image
        FROM ${from}
        ORDER BY ${levelAlertRank}, ${inventoryLevels.quantity}, ${inventoryLevels.inventoryId}
        LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    boundedCount(db, matching),
  ]);
}
