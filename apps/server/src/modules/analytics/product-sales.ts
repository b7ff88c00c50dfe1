import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows, withinDays } from './sql.js';

/**
 * Line sales (Σ item totals of revenue orders: before discount, shipping and tax) by the product's current category,
 * current brand and per product. Category and brand figures read their day rollups (migration 0012: a few rows per
 * day); the best sellers are found among the best sellers of all time (below). A deleted product's sales count under
 * 'Uncategorized', under no brand, and as one 'Deleted product'.
 */

const byText = (a: string, b: string) => a.localeCompare(b);

/** Revenue and units by category (a deleted product's sales fall under 'Uncategorized'), highest revenue first. */
export async function salesByCategory(db: DbOrTx, range: DateRange) {
  const found = await rows<{ category: string; quantity: number; revenue: number }>(
    db,
    sql`SELECT coalesce(c.name, 'Uncategorized') AS "category", sum(d.units)::int AS "quantity",
          sum(d.revenue)::numeric(14,2) AS "revenue"
        FROM analytics_category_days d LEFT JOIN categories c ON c.id = d.category_key::bpchar
        WHERE ${withinDays('d.day', range)} GROUP BY 1 HAVING sum(d.orders) > 0`,
  );
  // Sorted here so ties break by the same name order as every other list (localeCompare, not the DB collation).
  return found.sort((a, b) => b.revenue - a.revenue || byText(a.category, b.category));
}

/** The top brands by line revenue, with orders (once per product of the brand an order holds) and units. */
export async function topBrandSales(db: DbOrTx, range: DateRange, limit: number) {
  const found = await rows<{ brandId: string; brand: string; revenue: number; orders: number; units: number }>(
    db,
    sql`SELECT b.id AS "brandId", b.name AS "brand", sum(d.revenue)::numeric(14,2) AS "revenue",
          sum(d.orders)::int AS "orders", sum(d.units)::int AS "units"
        FROM analytics_brand_days d JOIN brands b ON b.id = d.brand_key::bpchar
        WHERE ${withinDays('d.day', range)} GROUP BY b.id, b.name HAVING sum(d.orders) > 0`,
  );
  return found.sort((a, b) => b.revenue - a.revenue || byText(a.brand, b.brand)).slice(0, limit);
}

type ProductSale = {
  productId: string | null;
  productName: string;
  category: string | null;
  quantity: number;
  revenue: number;
};

/** Products read per round at first; each further round reads 8 times more. */
const FIRST_CANDIDATES = 64;

/**
 * The best sellers of the range by units (then revenue, then name), with their current name and real category.
 * A product's units in any range are at most its all-time units (analytics_product_totals), so the range's top
 * `limit` are among the all-time best sellers: sum the range for the first K of them, and stop once the limit-th
 * of those sold more than the (K+1)-th all-time figure (no product further down can reach it); otherwise widen K.
 * Exact for any range; the rounds stay few when sales are concentrated, as a shop's are.
 */
export async function topProducts(db: DbOrTx, range: DateRange, limit: number): Promise<ProductSale[]> {
  for (let k = FIRST_CANDIDATES; ; k *= 8) {
    const { sales, bound } = await candidateSales(db, range, k);
    sales.sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || byText(a.productName, b.productName));
    // A product outside the candidates sold at most `bound` units (and one with no units is not listed at all).
    const needed = sales.length >= limit ? sales[limit - 1]!.quantity : 1;
    if (bound === null || bound < needed) return sales.slice(0, limit);
  }
}

/** The range's sales of the `k` all-time best sellers, and the all-time units of the next one (null: none left). */
async function candidateSales(db: DbOrTx, range: DateRange, k: number) {
  const ranked = await rows<{ key: string; units: number }>(
    db,
    sql`SELECT product_key AS "key", units AS "units" FROM analytics_product_totals WHERE units > 0
        ORDER BY units DESC, product_key LIMIT ${k + 1}`,
  );
  const keys = ranked.slice(0, k).map((row) => row.key);
  const sales = keys.length
    ? await rows<ProductSale>(
        db,
        sql`WITH sold AS (
              SELECT product_key, sum(units)::int AS units, sum(revenue)::numeric(14,2) AS revenue
              FROM analytics_product_days
              WHERE product_key = ANY(${`{${keys.map((key) => `"${key}"`).join(',')}}`}::text[]) AND orders > 0
                AND ${withinDays('day', range)}
              GROUP BY 1)
            SELECT p.id AS "productId", coalesce(p.name, 'Deleted product') AS "productName", c.name AS "category",
              s.units AS "quantity", s.revenue AS "revenue"
            FROM sold s LEFT JOIN products p ON p.id = s.product_key::bpchar LEFT JOIN categories c ON c.id = p.category_id`,
      )
    : [];
  return { sales, bound: ranked.length > k ? ranked[k]!.units : null };
}

/** Each brand's catalogue: how many products and their average rating (2 decimals). */
export async function brandCatalogue(db: DbOrTx, brandIds: string[]) {
  if (!brandIds.length) return new Map<string, { products: number; averageRating: number }>();
  const found = await rows<{ brandId: string; products: number; averageRating: number }>(
    db,
    sql`SELECT brand_id AS "brandId", count(*)::int AS "products", round(coalesce(avg(rating), 0), 2)::float8 AS "averageRating"
        FROM products WHERE brand_id IN (${sql.join(
          brandIds.map((id) => sql`${id}`),
          sql`, `,
        )}) GROUP BY 1`,
  );
  return new Map(found.map((row) => [row.brandId, { products: row.products, averageRating: row.averageRating }]));
}
