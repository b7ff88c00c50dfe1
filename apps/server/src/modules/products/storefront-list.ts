import { availableStock, PAGE_SIZES, type StorefrontColorStock, type StorefrontProductSummary } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, queryRowsPrepared, writtenOut } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { type BoundedCount, boundedCount, countedOrEstimated } from '../../lib/bounded-count.js';
import { byVariant, distinctValues, type ProductPageQuery } from './product-view.js';

/** The rows a storefront list's filters select (conditions on `products` alone, see product-filters.ts), counted. */
const storefrontMatching = (where: SQL | undefined) => sql`SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}`;

type SummaryRow = Omit<StorefrontProductSummary, '_id' | 'sizes' | 'colors' | 'inStock' | 'colorStock'> & {
  variants: { size: string; color: string; quantity: number; reserved: number }[];
};

/** The page sizes the storefront asks for: their first pages are written out (see `pageNumbers`). */
const PLANNED_PAGE_SIZES: ReadonlySet<number> = new Set([
  PAGE_SIZES.productServer,
  PAGE_SIZES.productsByCategory,
  PAGE_SIZES.storefrontListing,
  PAGE_SIZES.featured,
  PAGE_SIZES.related,
]);

/**
 * A page's LIMIT and OFFSET. The first page of one of the storefront's page sizes has them written out (`writtenOut`),
 * so the list with no filter is a prepared statement without parameters, planned once per connection. With parameters
 * PostgreSQL planned it on every call (planning was 0.76 ms of the statement's 1.8 ms). Anyone may ask for any size
 * and page, so other sizes and later pages keep parameters: the statement texts a caller can make stay few.
 */
function pageNumbers(q: ProductPageQuery): { limit: SQL; offset: SQL } {
  const offset = q.offset ?? 0;
  if (offset === 0 && PLANNED_PAGE_SIZES.has(q.limit)) return { limit: writtenOut(q.limit), offset: writtenOut(0) };
  return { limit: sql`${q.limit}`, offset: sql`${offset}` };
}

/** A page's rows, each with its category and brand names, its variants and its first picture, in page order. */
function summaryPage(q: ProductPageQuery): SQL {
  const { limit, offset } = pageNumbers(q);
  return sql`SELECT ${products.id}, ${products.name}, ${products.slug}, ${categories.name} AS category,
        ${brands.name} AS brand, ${products.price}::float8 AS price, ${products.comparePrice}::float8 AS "comparePrice",
        ${products.salePrice}::float8 AS "salePrice", ${products.rating}::float8 AS rating,
        ${products.reviewCount} AS "reviewCount", row_number() OVER (ORDER BY ${q.orderBy}) AS position,
        (SELECT coalesce(json_agg(json_build_object('size', i.size, 'color', i.color, 'quantity', i.quantity,
            'reserved', i.reserved + i.held_offline)), '[]'::json)
          FROM inventory i WHERE i.product_id = ${products.id}) AS variants,
        (SELECT json_build_object('original', pi.original, 'webp', pi.webp, 'thumbnail', pi.thumbnail, 'alt', pi.alt)
          FROM product_images pi WHERE pi.product_id = ${products.id} ORDER BY pi.position LIMIT 1) AS image
      FROM ${products}
      JOIN ${categories} ON ${categories.id} = ${products.categoryId}
      JOIN ${brands} ON ${brands.id} = ${products.brandId}
      WHERE ${q.where ?? sql`true`}
      ORDER BY ${q.orderBy}
      LIMIT ${limit}::int OFFSET ${offset}::int`;
}

/**
 * A page of storefront summaries in ONE query whatever the page size: PostgreSQL returns the page as one JSON text
 * (one parse here instead of two JSON columns per row).
 */
export async function queryStorefrontSummaries(db: DbOrTx, q: ProductPageQuery): Promise<StorefrontProductSummary[]> {
  const [row] = await queryRows<{ page: string }>(
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
 * A list page and its bounded count. The count runs only when the page is full, or empty past the first page (a
 * shorter page is the last one: it tells the total); it stops after `countCap` + 1 rows. Without a search both go in
 * ONE prepared statement (the planner's work is kept per connection). A search keeps two statements planned for its
 * own pattern: how many rows a pattern matches decides between walking the sort order and the trigram index, and
 * measured, the search's page and count cost PostgreSQL more as one statement than as two. With `estimateFirst` (a
 * catalogue larger than the bound) a search asks the planner first and, past the bound, counts nothing: counting a
 * common word's first 1,001 matches of 100,000 products cost twice its page (≈ 5 ms against an estimate's 0.35 ms).
 */
export async function queryStorefrontPage(
  db: DbOrTx,
  q: ProductPageQuery & { countCap: number; searched: boolean; estimateFirst?: boolean },
): Promise<CountedPage> {
  const offset = q.offset ?? 0;
  const matching = storefrontMatching(q.where);
  if (q.searched) {
    const summaries = await queryStorefrontSummaries(db, q);
    if (!needsCount(summaries.length, q.limit, offset)) return { summaries, count: null };
    return { summaries, count: await boundedCount(db, matching, q.countCap, { estimateFirst: q.estimateFirst }) };
  }
  // The bound is the server's own constant: written out, it adds no parameter (see `pageNumbers`).
  const bounded = sql`SELECT count(*)::int FROM (${matching} LIMIT ${writtenOut(q.countCap + 1)}) AS bounded`;
  const numbers = pageNumbers(q);
  const statement = sql`WITH page AS MATERIALIZED (${summaryPage(q)})
    SELECT (SELECT coalesce(json_agg(page ORDER BY page.position), '[]')::text FROM page) AS page,
      CASE WHEN (SELECT count(*) FROM page) = ${numbers.limit}::int
          OR (${numbers.offset}::int > 0 AND NOT EXISTS (SELECT 1 FROM page))
        THEN (${bounded}) END AS counted`;
  const [row] = await queryRowsPrepared<{ page: string; counted: number | null }>(db, statement);
  const counted = row?.counted ?? null;
  return {
    summaries: (JSON.parse(row?.page ?? '[]') as SummaryRow[]).map(toSummary),
    count: counted === null ? null : await countedOrEstimated(db, matching, counted, q.countCap),
  };
}

/** The contract's summary, field by field in the schema's order (nothing else from the row reaches the answer). */
function toSummary(row: SummaryRow): StorefrontProductSummary {
  const sorted = row.variants.sort(byVariant);
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

/** Per colour, its sizes with units to sell: from the variants the page's one query already brings. */
function colorStockOf(variants: SummaryRow['variants']): StorefrontColorStock[] {
  return distinctValues(variants.map((v) => v.color)).map((color) => {
    const ofColor = variants.filter((v) => v.color.toLowerCase() === color.toLowerCase());
    return {
      color,
      sizesLeft: ofColor.filter((v) => availableStock(v) > 0).length,
      sizes: ofColor.length,
    };
  });
}
