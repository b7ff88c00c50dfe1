import { isObjectId, type ProductListQuery, STOCK, type StockFilter } from '@seamline/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { brands, categories, inventory, productFinalPrice, products } from '../../db/schema/index.js';
import { type RankOrder, rankedCandidates } from '../../lib/ranked-candidates.js';
import { salesRankCandidates } from '../analytics/index.js';
import { productSearch } from '../product-search/index.js';
import { salesCountSql } from './product-view.js';

/**
 * What a product list can be sorted by, each a list of columns taking the asked direction (ties are broken by id).
 * `productOrder` builds the ORDER BY list. Popularity is the number of reviews, then the rating: both indexed
 * together (products_popularity_idx), so the storefront's "popular" page stays an index walk at 100k products. Sales
 * (two probes per product in the sales rollup) are worked out only for the products that can reach the page
 * (`pageRows`). Views have no index on `products`, so view-count writes stay cheap HOT updates; their page is cut
 * from the products that can reach it too, found in the indexed copy of the counts (product_view_counts).
 */
const PRODUCT_SORT_COLUMNS: Record<ProductListQuery['sortBy'], (SQL | AnyPgColumn)[]> = {
  createdAt: [products.createdAt],
  updatedAt: [products.updatedAt],
  name: [products.name],
  price: [products.price],
  sku: [products.sku],
  rating: [products.rating],
  viewCount: [products.viewCount],
  salesCount: [salesCountSql],
  popularity: [products.reviewCount, products.rating],
  finalPrice: [productFinalPrice],
};

/** The sorts no index of `products` serves (see PRODUCT_SORT_COLUMNS): their pages are cut from candidates. */
const UNINDEXED_SORTS: ReadonlySet<ProductListQuery['sortBy']> = new Set(['salesCount', 'viewCount']);

/** What a list query may carry besides its filters: with nothing else set, a search is its only condition. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['page', 'limit', 'sortBy', 'sortOrder', 'search']);

/**
 * Whether a storefront search's page can be found by walking its sort order's index with the pattern as a mere filter:
 * an indexed sort, and no filter but the search (a category, a price range or a variant filter has ways of its own
 * that a plan kept for every pattern would have to guess between). Any field set but those of NOT_FILTERS counts as a
 * filter, so one added to the query later takes the planned way until it is known to walk.
 */
export function searchWalksSortOrder(query: ProductListQuery): boolean {
  const filtered = Object.entries(query).some(
    ([field, value]) => !NOT_FILTERS.has(field) && value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
  return Boolean(query.search) && !filtered && !UNINDEXED_SORTS.has(query.sortBy);
}

/** ORDER BY the sort's columns in the asked direction, then `id` in `idDirection` (ties, stable pages). */
export function productOrder(query: Pick<ProductListQuery, 'sortBy' | 'sortOrder'>, idDirection: 'asc' | 'desc'): SQL {
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const tie = idDirection === 'asc' ? asc(products.id) : desc(products.id);
  return sql.join([...PRODUCT_SORT_COLUMNS[query.sortBy].map((column) => direction(column)), tie], sql`, `);
}

/**
 * The rows a list's page is cut from: the matching products (`where`), and for the sorts no index of `products`
 * serves (sales, views) only those that can stand on the pages up to `through`, read from the figure's own indexed
 * table (`salesRankCandidates`; `rankedCandidates` over product_view_counts), so that a page never reads and sorts
 * every product (sales 0.75 s, views 77–130 ms on 100,000 products). Positions among them are the list's own up to
 * `through`; a total counts `where`.
 */
export function pageRows(
  query: Pick<ProductListQuery, 'sortBy' | 'sortOrder'>,
  where: SQL | undefined,
  idDirection: 'asc' | 'desc',
  through: number,
): SQL | undefined {
  if (!UNINDEXED_SORTS.has(query.sortBy)) return where;
  const order: RankOrder = { direction: query.sortOrder === 'asc' ? 'asc' : 'desc', idDirection, first: through };
  const matching = where ?? sql`true`;
  const candidates =
    query.sortBy === 'salesCount'
      ? salesRankCandidates({ where: matching, ...order })
      : viewRankCandidates(matching, order);
  return and(where, sql`${products.id} = ANY(${candidates})`);
}

/** The products that can lead a list sorted by views (`rankedCandidates`: a row for every product, kept by triggers). */
function viewRankCandidates(where: SQL, order: RankOrder): SQL {
  const ranked = rankedCandidates(
    {
      from: sql`product_view_counts v JOIN products ON products.id = v.product_id`,
      where,
      id: sql`products.id`,
      value: sql`v.views`,
      key: sql`v.product_id`,
    },
    order,
  );
  return sql`ARRAY(WITH ${ranked.ctes} ${ranked.ids})`;
}

/**
 * The page of matching products after list position `after`, at most `size` of them: `columns` of each and its
 * `position`. Cut by row number rather than OFFSET: with OFFSET and LIMIT as parameters PostgreSQL plans for a tenth of
 * the table and so plans again on every call (as long as running it), and an OFFSET builds whatever the outer query
 * adds to the skipped rows too. A row-number bound is a run condition that stops the ordered walk after the page;
 * `limit` is the page size as the statement states it: written out (`writtenOut`), one generic plan, an index walk
 * sized for the page, serves every page. The caller adds what a row shows (names, stock, picture) to the page's rows.
 */
export function rankedPage(page: { columns: SQL; where: SQL; orderBy: SQL; after: number; size: number; limit: SQL }) {
  return sql`SELECT * FROM (
      SELECT ${page.columns}, row_number() OVER (ORDER BY ${page.orderBy}) AS position
      FROM ${products} WHERE ${page.where}
    ) AS ranked
    WHERE position > ${page.after} AND position <= ${page.after + page.size}
    LIMIT ${page.limit}`;
}

/** A category or brand given by id or by name (case-insensitive). */
function refFilter(kind: 'category' | 'brand', value: string): SQL {
  const column = kind === 'category' ? products.categoryId : products.brandId;
  if (isObjectId(value)) return eq(column, value);
  const table = kind === 'category' ? categories : brands;
  return sql`${column} IN (SELECT id FROM ${table} WHERE lower(name) = lower(${value}))`;
}

/** Some inventory row of the product meets `condition` (inventory_variant_idx leads with product_id). */
function anyVariant(condition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${inventory} WHERE ${inventory.productId} = ${products.id} AND ${condition})`;
}

/**
 * The stock state filter, the same rule as `stockStatus` in packages/shared, as correlated checks of the product's
 * own few inventory rows (a page walk stays bounded: each product costs one index probe).
 */
export function stockCondition(state: StockFilter): SQL {
  const stocked = anyVariant(sql`${inventory.quantity} > 0`);
  const low = anyVariant(sql`${inventory.quantity} <= ${inventory.lowStockThreshold}`);
  const moderate = anyVariant(
    sql`${inventory.quantity} <= ${inventory.lowStockThreshold} * ${STOCK.moderateBandFactor}::numeric`,
  );
  if (state === 'out') return sql`NOT ${stocked}`;
  if (state === 'low') return sql`${stocked} AND ${low}`;
  if (state === 'moderate') return sql`${stocked} AND NOT ${low} AND ${moderate}`;
  return sql`${stocked} AND NOT ${moderate}`;
}

/**
 * The list filters and search as conditions on `products` alone (no join needed). Storefront readers (`staff`
 * false) only see active products. `searchOffIndex`: the search's pattern kept out of the trigram index's reach
 * (`productSearch`'s `offIndex`).
 */
export async function productFilters(
  db: DbOrTx,
  query: Omit<ProductListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'> & { stock?: StockFilter },
  staff: boolean,
  { searchOffIndex = false } = {},
): Promise<SQL | undefined> {
  const filters: SQL[] = [];
  // Written without a parameter, so a prepared list statement's one plan is made for active products.
  if (!staff) filters.push(sql`${products.isActive}`);
  else if (query.isActive !== undefined) filters.push(eq(products.isActive, query.isActive));
  // At most 100 primary-key probes: the cost stays the same whatever the catalogue's size.
  if (query.ids?.length) filters.push(inArray(products.id, query.ids));
  if (query.isFeatured !== undefined) filters.push(eq(products.isFeatured, query.isFeatured));
  if (query.isTikTokTrending !== undefined) filters.push(eq(products.isTikTokTrending, query.isTikTokTrending));
  if (query.category) filters.push(refFilter('category', query.category));
  if (query.brand) filters.push(refFilter('brand', query.brand));
  // Shoppers filter by what they would pay; staff by the list price they edit.
  const price = staff ? sql`${products.price}` : productFinalPrice;
  if (query.minPrice !== undefined) filters.push(sql`${price} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) filters.push(sql`${price} <= ${query.maxPrice}`);
  const variant = variantFilter(query);
  if (variant) filters.push(variant);
  if (query.stock) filters.push(stockCondition(query.stock));
  if (query.search) filters.push(await productSearch(db, query.search, { offIndex: searchOffIndex }));
  return and(...filters);
}

/**
 * Size, color and in-stock as one EXISTS over the product's variants, so "M, Black, in stock" means one variant that
 * is all three. Each probe is a lookup in inventory_variant_idx (product_id, lower(size), lower(color)).
 */
function variantFilter({
  size,
  color,
  inStock,
}: Pick<ProductListQuery, 'size' | 'color' | 'inStock'>): SQL | undefined {
  const lower = (values: string[]) => values.map((v) => v.toLowerCase());
  const conditions: SQL[] = [];
  if (size.length) conditions.push(sql`lower(${inventory.size}) IN ${lower(size)}`);
  if (color.length) conditions.push(sql`lower(${inventory.color}) IN ${lower(color)}`);
  if (inStock) conditions.push(sql`${inventory.quantity} > ${inventory.reserved}`);
  if (!conditions.length) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${inventory} WHERE ${inventory.productId} = ${products.id} AND ${and(...conditions)})`;
}
