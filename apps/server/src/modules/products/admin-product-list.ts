import { type AdminProductListQuery, COUNT_EXACT_LIMIT, pagination, SEARCH_COUNT_EXACT_LIMIT } from '@seamline/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { productFilters, productOrder } from './product-filters.js';
import { queryProducts } from './product-view.js';

/**
 * The back office's product list (Products and Inventory screens): one page, searched, filtered and sorted by the
 * server. The page's ids come from `products` alone (its indexes: search trigrams, sort columns), then only those
 * rows are built into the staff view; totals are bounded counts, for the matching products and for the whole catalogue
 * (the screens' "X of Y products"): exact up to COUNT_EXACT_LIMIT, or up to SEARCH_COUNT_EXACT_LIMIT for a search
 * (each match is re-checked against the text to be counted, so a broad term's exact count alone took ~25 ms); a
 * search the planner expects past that bound, and a catalogue past COUNT_EXACT_LIMIT, are not counted at all.
 */
export async function adminProductPage(db: Db, query: AdminProductListQuery) {
  const where = await productFilters(db, query, true);
  // Ties are broken by id in the same direction, so one index (column, id) serves both the order and the tie-break.
  const orderBy = productOrder(query, query.sortOrder);
  const matching = sql`SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}`;
  const [ids, total, catalogue] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`SELECT ${products.id} FROM ${products} WHERE ${where ?? sql`true`} ORDER BY ${orderBy}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    query.search
      ? boundedCount(db, matching, SEARCH_COUNT_EXACT_LIMIT, { estimateFirst: true })
      : boundedCount(db, matching),
    where ? boundedCount(db, sql`SELECT 1 FROM ${products}`, COUNT_EXACT_LIMIT, { estimateFirst: true }) : null,
  ]);
  const page = ids.length ? await pageOf(db, ids, orderBy) : [];
  return {
    products: page,
    pagination: pagination(query.page, query.limit, total.total, total.exact),
    catalogue: catalogue ?? total,
  };
}

async function pageOf(db: Db, rows: { id: string }[], orderBy: SQL) {
  const ids = rows.map((row) => row.id);
  return (await queryProducts(db, { where: inArray(products.id, ids), orderBy, limit: ids.length })).products;
}
