import {
  type AdminProductListQuery,
  availableStock,
  COUNT_EXACT_LIMIT,
  MAX_PAGE_LIMIT,
  type ProductListRow,
  pagination,
  SEARCH_COUNT_EXACT_LIMIT,
  stockStatus,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRowsPrepared, writtenOut } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { countedOrEstimated, keptEstimate } from '../../lib/bounded-count.js';
import { pageRows, productFilters, productOrder, rankedPage } from './product-filters.js';

/** One row as PostgreSQL builds it: the row's stored fields, and each variant's [quantity, reserved, threshold]. */
type RowJson = Omit<ProductListRow, 'availableStock' | 'stockStatus'> & { levels: [number, number, number][] };
type PageJson = { rows: string; total: number | null; catalogue: number | null };

/**
 * The Products screen's rows (docs/benchmarks.md § admin list load): the page, filters, sort and bounded counts of
 * `adminProductPage`, each product reduced to what a row shows. One prepared statement does it all, and none of the
 * full view's costly parts (no sales figures, no wishlist count, no creator).
 *
 * The page is cut by row number (`rankedPage`) with its size written into the statement (at most MAX_PAGE_LIMIT texts,
 * staff only), so one generic plan serves every page.
 */
export async function adminProductRows(db: Db, query: AdminProductListQuery) {
  const filter = await productFilters(db, query, true);
  const where = filter ?? sql`true`;
  const countLimit = query.search ? SEARCH_COUNT_EXACT_LIMIT : COUNT_EXACT_LIMIT;
  const matching = sql`SELECT 1 FROM ${products} WHERE ${where}`;
  const catalogueMatching = sql`SELECT 1 FROM ${products}`;
  const skipped = (query.page - 1) * query.limit;
  const pageWhere = pageRows(query, filter, query.sortOrder, skipped + query.limit) ?? where;
  // A search the planner expects past the bound is not counted (as in adminProductPage): counting even the bound's
  // matches of a common word re-checks far more rows than the page does. Nor is the whole catalogue past it (no
  // filter): its estimate is the table's own row count, and counting 10,001 products answered that estimate anyway.
  const estimate = query.search || !filter ? await keptEstimate(db, matching) : undefined;
  const counted = estimate === undefined || estimate <= countLimit;
  const [page] = await queryRowsPrepared<PageJson>(
    db,
    sql`SELECT ${rowsJson(pageWhere, productOrder(query, query.sortOrder), skipped, query.limit)} AS rows,
        ${counted ? sql`(SELECT count(*)::int FROM (${matching} LIMIT ${writtenOut(countLimit + 1)}) AS bounded)` : sql`NULL::int`} AS total,
        ${filter ? sql`(SELECT count(*)::int FROM (${catalogueMatching} LIMIT ${writtenOut(COUNT_EXACT_LIMIT + 1)}) AS bounded)` : sql`NULL::int`} AS catalogue`,
  );
  if (!page) throw new Error('The product rows statement returned nothing');
  const total = await countedOrEstimated(db, matching, page.total ?? Number.POSITIVE_INFINITY, countLimit, estimate);
  const catalogue = page.catalogue === null ? total : await countedOrEstimated(db, catalogueMatching, page.catalogue);
  return {
    products: (JSON.parse(page.rows) as RowJson[]).map(toRow),
    pagination: pagination(query.page, query.limit, total.total, total.exact),
    catalogue,
  };
}

/**
 * The page's rows as one JSON array in page order (one value to transfer and parse): the `size` products after
 * position `after` of the matching products in list order, each with its category and brand names, its variants' stock levels and its
 * first picture (looked up for the page's rows only).
 */
function rowsJson(where: SQL, orderBy: SQL, after: number, size: number): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'id', page.id, 'name', page.name, 'sku', page.sku,
      'category', (SELECT c.name FROM categories c WHERE c.id = page.category_id),
      'subcategory', page.subcategory,
      'brand', (SELECT b.name FROM brands b WHERE b.id = page.brand_id),
      'price', page.price, 'salePrice', page.sale_price, 'isActive', page.is_active,
      'levels', (SELECT coalesce(json_agg(json_build_array(i.quantity, i.reserved, i.low_stock_threshold)), '[]'::json)
        FROM inventory i WHERE i.product_id = page.id),
      'thumbnail', (SELECT json_build_object('url', coalesce(nullif(pi.thumbnail, ''), pi.original), 'alt', pi.alt)
        FROM product_images pi WHERE pi.product_id = page.id ORDER BY pi.position LIMIT 1)
    ) ORDER BY page.position), '[]')::text
    FROM (${rankedPage({ columns: ROW_COLUMNS, where, orderBy, after, size, limit: writtenOut(Math.min(size, MAX_PAGE_LIMIT)) })}) AS page)`;
}

/** What a row takes from the product itself. */
const ROW_COLUMNS = sql`${products.id} AS id, ${products.name} AS name, ${products.sku} AS sku,
  ${products.categoryId} AS category_id, ${products.subcategory} AS subcategory, ${products.brandId} AS brand_id,
  ${products.price} AS price, ${products.salePrice} AS sale_price, ${products.isActive} AS is_active`;

/** Stock figures by the shared rules (availableStock, stockStatus), as the full staff view works them out. */
function toRow({ levels, ...row }: RowJson): ProductListRow {
  const stock = levels.map(([quantity, reserved, lowStockThreshold]) => ({ quantity, reserved, lowStockThreshold }));
  return {
    ...row,
    availableStock: stock.reduce((sum, s) => sum + availableStock(s), 0),
    stockStatus: stockStatus(stock),
  };
}
