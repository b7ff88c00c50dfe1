import { availableStock, PAGE_SIZES, type StorefrontColorStock, type StorefrontProductSummary } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, queryRowsPrepared, writtenOut } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { type BoundedCount, boundedCount, countedOrEstimated, keptEstimate } from '../../lib/bounded-count.js';
import { rankedPage } from './product-filters.js';
import { byVariant, distinctValues, type ProductPageQuery } from './product-view.js';

/** The rows a storefront list's filters select (conditions on `products` alone, see product-filters.ts), counted. */
const storefrontMatching = (where: SQL | undefined) => sql`SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}`;

type Variant = { size: string; color: string; quantity: number; reserved: number };
/**
 * A row as PostgreSQL builds it; each variant as [size, colour, quantity, reserved] (no keys to build and parse). A
 * search's rows also carry `matched`, read by the statement itself, never by the answer.
 */
type SummaryRow = Omit<StorefrontProductSummary, '_id' | 'sizes' | 'colors' | 'inStock' | 'colorStock'> & {
  variants: [string, string, number, number][];
};

/** The page sizes the storefront asks for, written into the statement (see `summaryPage`). */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([
  PAGE_SIZES.productServer,
  PAGE_SIZES.productsByCategory,
  PAGE_SIZES.storefrontListing,
  PAGE_SIZES.featured,
  PAGE_SIZES.related,
]);

/**
 * A page's rows, each with its category and brand names, its variants and its first picture, in page order; with
 * `matched`, each row also carries how many rows match in all (a window over the rows the page was cut from).
 *
 * The page is cut by row number (`rankedPage`): with OFFSET and LIMIT as parameters the list was planned on every call
 * (0.76 ms of the first page's 1.8 ms) and built the skipped rows' variants and pictures too (page 3 of 24 cost four
 * times page 1). Anyone may ask for any size, so only the storefront's own sizes are written out (the statement texts
 * a caller can make stay few); another size is a parameter.
 *
 * The rows are ranked by id alone and only the page's rows are read from the table: a search ranks every match, and
 * with the newest-first index carrying each product's search text (migration 0052) it tests and ranks them from the
 * index without visiting their rows (`shirt` on the 1,000-product store, the statement alone at 10 clients: 2,271–2,497
 * → 3,181–3,566 a second).
 */
function summaryPage(q: ProductPageQuery, matched = false): SQL {
  const limit = PLANNED_PAGE_SIZES.has(q.limit) ? writtenOut(q.limit) : sql`${q.limit}::int`;
  const ranked = rankedPage({
    columns: matched ? sql`${products.id} AS id, count(*) OVER () AS matched` : sql`${products.id} AS id`,
    where: q.where ?? sql`true`,
    orderBy: q.orderBy,
    after: q.offset ?? 0,
    size: q.limit,
    limit,
  });
  return sql`SELECT page.id, p.name, p.slug, c.name AS category, b.name AS brand,
        p.price::float8 AS price, p.compare_price::float8 AS "comparePrice",
        p.sale_price::float8 AS "salePrice", p.rating::float8 AS rating,
        p.review_count AS "reviewCount", page.position,${matched ? sql` page.matched,` : sql``}
        (SELECT coalesce(json_agg(json_build_array(i.size, i.color, i.quantity, i.reserved + i.held_offline)), '[]'::json)
          FROM inventory i WHERE i.product_id = page.id) AS variants,
        (SELECT json_build_object('original', pi.original, 'webp', pi.webp, 'thumbnail', pi.thumbnail, 'alt', pi.alt)
          FROM product_images pi WHERE pi.product_id = page.id ORDER BY pi.position LIMIT 1) AS image
      FROM (${ranked}) AS page
      JOIN products p ON p.id = page.id
      JOIN categories c ON c.id = p.category_id
      JOIN brands b ON b.id = p.brand_id`;
}

/**
 * A page of storefront summaries in ONE query whatever the page size: PostgreSQL returns the page as one JSON text
 * (one parse here instead of two JSON columns per row).
 */
export async function queryStorefrontSummaries(
  db: DbOrTx,
  q: ProductPageQuery,
  prepared = false,
): Promise<StorefrontProductSummary[]> {
  const [row] = await (prepared ? queryRowsPrepared : queryRows)<{ page: string }>(
    db,
    sql`SELECT coalesce(json_agg(x ORDER BY x.position), '[]')::text AS page FROM (${summaryPage(q)}) x`,
  );
  return (JSON.parse(row?.page ?? '[]') as SummaryRow[]).map(toSummary);
}

/** A storefront page and its total's bounded count; `count` null when the page alone tells the total. */
export type CountedPage = { summaries: StorefrontProductSummary[]; count: BoundedCount | null };

/** Whether the page alone cannot tell the total: it is full, or empty past the first page. */
const needsCount = (rows: number, limit: number, offset: number) => rows === limit || (offset > 0 && rows === 0);

/**
 * A search of a catalogue larger than the count's bound (`catalogue` products by the planner's count). `walkWhere`,
 * when the search can walk its sort order's index: builds the same conditions with the pattern out of the trigram
 * index's reach (see `productFilters`), so that a statement prepared once walks the sort order whatever the pattern;
 * built only for a page that walks.
 */
export type LargeCatalogueSearch = { catalogue: number; walkWhere?: () => Promise<SQL | undefined> };

/**
 * A list page and its bounded count. The count runs only when the page is full, or empty past the first page (a
 * shorter page is the last one: it tells the total); it stops after `countCap` + 1 rows. Both go in ONE prepared
 * statement (the planner's work is kept per connection), a search's included while the catalogue is no larger than
 * the bound: whatever the plan, it then reads at most that many rows, so one kept plan serves every pattern (a
 * search's own plan cost more to make than to run). Such a search (`countFromPage`) reads and sorts every match to cut
 * its page anyway, so the page's own window counts them instead of a second pass of the pattern (a pattern most
 * products match 1.8 → 1.55 ms a statement; `shirt`, 94 matches, 0.48 → 0.47 ms). A list without a search walks its sort order's index
 * only as far as the page and counts apart (an index-only count: a window would read every row, 0.43 → 1.1 ms).
 *
 * A search of a larger catalogue (`largeSearch`) asks the planner first how many products match (the answer kept a
 * minute: a search asked again skips that round trip). Past the bound, the total is that estimate (counting a common
 * word's first 1,001 matches of 100,000 products cost twice its page) and the page comes from `commonWordPage`. Up to
 * it, a statement planned for the pattern and a count that stops after the bound: the trigram estimate can be a third
 * of the truth near the bound (`boots`: 980 estimated, 2,696 matching), and the window above would read and sort every
 * match (87 ms against 9 ms).
 */
export async function queryStorefrontPage(
  db: DbOrTx,
  q: ProductPageQuery & {
    countCap: number;
    countFromPage: boolean;
    largeSearch?: LargeCatalogueSearch;
    /** What the total counts when the page is cut from fewer rows (`pageRows`); then the page never counts. */
    counted?: SQL;
  },
): Promise<CountedPage> {
  const offset = q.offset ?? 0;
  const narrowed = q.counted !== undefined && q.counted !== q.where;
  const matching = storefrontMatching(narrowed ? q.counted : q.where);
  const countFromPage = q.countFromPage && !narrowed;
  if (q.largeSearch) {
    const estimate = await keptEstimate(db, matching);
    const summaries =
      estimate > q.countCap
        ? await commonWordPage(db, q, q.largeSearch, estimate)
        : await queryStorefrontSummaries(db, q);
    if (!needsCount(summaries.length, q.limit, offset)) return { summaries, count: null };
    return { summaries, count: await boundedCount(db, matching, q.countCap, { knownEstimate: estimate }) };
  }
  // The bound is the server's own constant: written out, the planner sees it.
  const bounded = sql`SELECT count(*)::int FROM (${matching} LIMIT ${writtenOut(q.countCap + 1)}) AS bounded`;
  // A page past the end has no row to carry the window's count: it counts apart. (One WHEN: a second one carrying the
  // same count made the list's statement take twice as long, 0.41 → 0.79 ms.)
  const total = countFromPage
    ? sql`coalesce((SELECT max(page.matched)::int FROM page), (${bounded}))`
    : sql`(${bounded})`;
  const statement = sql`WITH page AS MATERIALIZED (${summaryPage(q, countFromPage)})
    SELECT (SELECT coalesce(json_agg(page ORDER BY page.position), '[]')::text FROM page) AS page,
      CASE WHEN (SELECT count(*) FROM page) = ${q.limit}::int OR (${offset}::int > 0 AND NOT EXISTS (SELECT 1 FROM page))
        THEN ${total} END AS counted`;
  const [row] = await queryRowsPrepared<{ page: string; counted: number | null }>(db, statement);
  const counted = row?.counted ?? null;
  return {
    summaries: (JSON.parse(row?.page ?? '[]') as SummaryRow[]).map(toSummary),
    count: counted === null ? null : await countedOrEstimated(db, matching, counted, q.countCap),
  };
}

/**
 * The page of a word that many products match (`estimate` of them). Walking the sort order finds a page of matches
 * after about (offset + size) × catalogue / estimate rows, where reading every match through the trigram index costs
 * `estimate` rows and a sort: the walk, by one statement prepared once (planning this statement for each pattern cost
 * as much as running it: 0.56 ms against 0.72 ms for `shirt` on 100,000 products), while it is the shorter way and
 * the search can walk (`walkWhere`); otherwise a statement planned for its pattern, which picks the shorter way itself.
 */
async function commonWordPage(
  db: DbOrTx,
  q: ProductPageQuery,
  search: LargeCatalogueSearch,
  estimate: number,
): Promise<StorefrontProductSummary[]> {
  const walked = (((q.offset ?? 0) + q.limit) * search.catalogue) / estimate;
  if (search.walkWhere && walked <= estimate) {
    return queryStorefrontSummaries(db, { ...q, where: await search.walkWhere() }, true);
  }
  return queryStorefrontSummaries(db, q);
}

/** The contract's summary, field by field in the schema's order (nothing else from the row reaches the answer). */
function toSummary(row: SummaryRow): StorefrontProductSummary {
  const sorted = row.variants.map(([size, color, quantity, reserved]) => ({ size, color, quantity, reserved }));
  sorted.sort(byVariant);
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    slug: row.slug,
    category: row.category,
    brand: row.brand,
    price: row.price,
    comparePrice: row.comparePrice,
    salePrice: row.salePrice,
    rating: row.rating,
    reviewCount: row.reviewCount,
    inStock: sorted.some((v) => availableStock(v) > 0),
    image: row.image,
    sizes: distinctValues(sorted.map((v) => v.size)),
    colors: distinctValues(sorted.map((v) => v.color)),
    colorStock: colorStockOf(sorted),
  };
}

/** Per colour (first-seen order, case-insensitive), its sizes with units to sell: from the page query's variants. */
function colorStockOf(variants: Variant[]): StorefrontColorStock[] {
  const byColor = new Map<string, StorefrontColorStock>();
  for (const variant of variants) {
    const key = variant.color.toLowerCase();
    let entry = byColor.get(key);
    if (!entry) {
      entry = { color: variant.color, sizesLeft: 0, sizes: 0 };
      byColor.set(key, entry);
    }
    entry.sizes += 1;
    if (availableStock(variant) > 0) entry.sizesLeft += 1;
  }
  return [...byColor.values()];
}
