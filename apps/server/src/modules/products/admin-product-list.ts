import {
  type AdminProductListQuery,
  COUNT_EXACT_LIMIT,
  type ProductListQuery,
  pagination,
  SEARCH_COUNT_EXACT_LIMIT,
} from '@seamline/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { pageRows, productFilters, productOrder } from './product-filters.js';
import { queryProducts } from './product-view.js';

/**
 * The back office's product list (Products and Inventory screens): one page, searched, filtered and sorted by the
 * server (`staffViewPage`), and the whole catalogue's bounded count for the screens' "X of Y products".
 */
export async function adminProductPage(db: Db, query: AdminProductListQuery) {
  const where = await productFilters(db, query, true);
  // Ties are broken by id in the same direction, so one index (column, id) serves both the order and the tie-break.
  const [page, catalogue] = await Promise.all([
    staffViewPage(db, query, where, query.sortOrder),
    where ? boundedCount(db, sql`SELECT 1 FROM ${products}`, COUNT_EXACT_LIMIT, { estimateFirst: true }) : null,
  ]);
  return { ...page, catalogue: catalogue ?? { total: page.pagination.total, exact: page.pagination.exact } };
}

/**
 * A page of the staff view of the products `where` selects, ties broken by id in `idDirection`. The page's ids come
 * from `products` alone (its indexes: search trigrams, sort columns), then only those rows are built into the staff
 * view; the total is a bounded count, exact up to COUNT_EXACT_LIMIT, or up to SEARCH_COUNT_EXACT_LIMIT for a search
 * (each match is re-checked against the text to be counted, so a broad term's exact count alone took ~25 ms); a search
 * the planner expects past that bound is not counted at all. (A count over the view's own rows built every matching
 * product's view: 0.5 s a page of 100,000 products.)
 */
export async function staffViewPage(
  db: Db,
  query: Pick<ProductListQuery, 'page' | 'limit' | 'search' | 'sortBy' | 'sortOrder'>,
  where: SQL | undefined,
  idDirection: 'asc' | 'desc',
) {
  const orderBy = productOrder(query, idDirection);
  const matching = sql`SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}`;
  const skipped = (query.page - 1) * query.limit;
  const rows = pageRows(query, where, idDirection, skipped + query.limit);
  const [ids, total] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`SELECT ${products.id} FROM ${products} WHERE ${rows ?? sql`true`} ORDER BY ${orderBy}
        LIMIT ${query.limit} OFFSET ${skipped}`,
    ),
    query.search
      ? boundedCount(db, matching, SEARCH_COUNT_EXACT_LIMIT, { estimateFirst: true })
      : boundedCount(db, matching),
  ]);
  const page = ids.length ? await pageOf(db, ids, orderBy) : [];
  return { products: page, pagination: pagination(query.page, query.limit, total.total, total.exact) };
}

async function pageOf(db: Db, rows: { id: string }[], orderBy: SQL) {
  const ids = rows.map((row) => row.id);
  return (await queryProducts(db, { where: inArray(products.id, ids), orderBy, limit: ids.length })).products;
}
