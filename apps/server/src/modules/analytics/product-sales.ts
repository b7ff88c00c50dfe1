import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rows, withinDays } from './sql.js';

/**
 * Line sales (Σ item totals of revenue orders: before discount, shipping and tax) per product over the range, with
 * the product's current name, real category and brand — one pass over the product-day rollup. Deleted products
 * come as one row without product. The category, brand and top-product figures are folded from these rows.
 */
export type ProductSale = {
  productId: string | null;
  productName: string;
  category: string | null;
  brandId: string | null;
  brand: string | null;
  units: number;
  revenue: number;
  /** Orders holding the product (an order once per product). */
  orders: number;
};

export function productSales(db: DbOrTx, range: DateRange): Promise<ProductSale[]> {
  return rows<ProductSale>(
    db,
    sql`WITH sold AS (
          SELECT product_key, sum(units)::int AS units, sum(revenue)::numeric(14,2) AS revenue, sum(orders)::int AS orders
          FROM analytics_product_days WHERE orders > 0 AND ${withinDays('day', range)} GROUP BY 1)
        SELECT p.id AS "productId", coalesce(p.name, 'Deleted product') AS "productName", c.name AS "category",
          b.id AS "brandId", b.name AS "brand", s.units AS "units", s.revenue AS "revenue", s.orders AS "orders"
        FROM sold s LEFT JOIN products p ON p.id = s.product_key
        LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id`,
  );
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** Revenue and units by category (a deleted product's sales fall under 'Uncategorized'), highest revenue first. */
export function byCategory(sales: ProductSale[]) {
  const groups = new Map<string, { cents: number; quantity: number }>();
  for (const sale of sales) {
    const key = sale.category ?? 'Uncategorized';
    const group = groups.get(key) ?? { cents: 0, quantity: 0 };
    group.cents += cents(sale.revenue);
    group.quantity += sale.units;
    groups.set(key, group);
  }
  return [...groups]
    .map(([category, group]) => ({ category, revenue: group.cents / 100, quantity: group.quantity }))
    .sort((a, b) => b.revenue - a.revenue || a.category.localeCompare(b.category));
}

/** The best sellers by units (then revenue, then name), with their real category. */
export function topProducts(sales: ProductSale[], limit: number) {
  return [...sales]
    .sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.productName.localeCompare(b.productName))
    .slice(0, limit)
    .map((sale) => ({
      productId: sale.productId,
      productName: sale.productName,
      category: sale.category,
      quantity: sale.units,
      revenue: sale.revenue,
    }));
}

/** The top brands by line revenue, with orders (once per product of the brand an order holds) and units. */
export function topBrandSales(sales: ProductSale[], limit: number) {
  const groups = new Map<string, { brand: string; cents: number; orders: number; units: number }>();
  for (const sale of sales) {
    if (!sale.brandId || !sale.brand) continue;
    const group = groups.get(sale.brandId) ?? { brand: sale.brand, cents: 0, orders: 0, units: 0 };
    group.cents += cents(sale.revenue);
    group.orders += sale.orders;
    group.units += sale.units;
    groups.set(sale.brandId, group);
  }
  return [...groups]
    .map(([brandId, group]) => ({
      brandId,
      brand: group.brand,
      revenue: group.cents / 100,
      orders: group.orders,
      units: group.units,
    }))
    .sort((a, b) => b.revenue - a.revenue || a.brand.localeCompare(b.brand))
    .slice(0, limit);
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
