import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one, REVENUE_ORDER, rows, withinDays } from './sql.js';

// Order and line figures read the day rollups (db/schema/analytics.ts), which triggers keep exact.

/** Order figures of a range. */
export type OrderTotals = {
  orders: number;
  revenue: number;
  revenueOrders: number;
  delivered: number;
  cancelled: number;
  refunded: number;
  paid: number;
  /** Mean hours from created to shipped over the orders that were shipped; 0 when none. */
  processingHours: number;
};

export function orderTotals(db: DbOrTx, range: DateRange): Promise<OrderTotals> {
  return one<OrderTotals>(
    db,
    sql`SELECT coalesce(sum(orders), 0)::int AS "orders",
          coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          coalesce(sum(orders) FILTER (WHERE ${REVENUE_ORDER}), 0)::int AS "revenueOrders",
          coalesce(sum(orders) FILTER (WHERE status = 'delivered'), 0)::int AS "delivered",
          coalesce(sum(orders) FILTER (WHERE status = 'cancelled'), 0)::int AS "cancelled",
          coalesce(sum(orders) FILTER (WHERE status = 'refunded'), 0)::int AS "refunded",
          coalesce(sum(orders) FILTER (WHERE payment_status = 'paid'), 0)::int AS "paid",
          coalesce(round((sum(processing_seconds) / nullif(sum(shipped), 0) / 3600)::numeric, 2), 0)::float8
            AS "processingHours"
        FROM analytics_order_days WHERE ${withinDays('day', range)}`,
  );
}

export type DailyOrders = { date: string; orders: number; revenue: number; completed: number; cancelled: number };

/** Per UTC day with orders: all orders, revenue, delivered and cancelled. */
export function dailyOrders(db: DbOrTx, range: DateRange): Promise<DailyOrders[]> {
  return rows<DailyOrders>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS "date", sum(orders)::int AS "orders",
          coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          coalesce(sum(orders) FILTER (WHERE status = 'delivered'), 0)::int AS "completed",
          coalesce(sum(orders) FILTER (WHERE status = 'cancelled'), 0)::int AS "cancelled"
        FROM analytics_order_days WHERE ${withinDays('day', range)} GROUP BY day HAVING sum(orders) > 0 ORDER BY day`,
  );
}

export function monthlyRevenue(db: DbOrTx, range: DateRange) {
  return rows<{ month: string; revenue: number; orderCount: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM') AS "month", sum(total)::numeric(14,2) AS "revenue",
          sum(orders)::int AS "orderCount"
        FROM analytics_order_days WHERE ${REVENUE_ORDER} AND ${withinDays('day', range)}
        GROUP BY 1 HAVING sum(orders) > 0 ORDER BY 1`,
  );
}

/** Line revenue (Σ item totals: before discount, shipping and tax) by the product's current category. */
export function salesByCategory(db: DbOrTx, range: DateRange) {
  return rows<{ category: string; revenue: number; quantity: number }>(
    db,
    sql`SELECT coalesce(c.name, 'Uncategorized') AS "category", sum(r.revenue)::numeric(14,2) AS "revenue",
          sum(r.units)::int AS "quantity"
        FROM analytics_product_days r
        LEFT JOIN products p ON p.id = r.product_key
        LEFT JOIN categories c ON c.id = p.category_id
        WHERE r.orders > 0 AND ${withinDays('r.day', range)}
        GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

/** Top products by units sold, with their current name and real category; deleted products are one row. */
export function topSellingProducts(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{
    productId: string | null;
    productName: string;
    category: string | null;
    quantity: number;
    revenue: number;
  }>(
    db,
    sql`WITH sold AS (
          SELECT product_key, sum(units)::int AS quantity, sum(revenue)::numeric(14,2) AS revenue
          FROM analytics_product_days WHERE orders > 0 AND ${withinDays('day', range)}
          GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 LIMIT ${limit})
        SELECT p.id AS "productId", coalesce(p.name, 'Deleted product') AS "productName", c.name AS "category",
          s.quantity AS "quantity", s.revenue AS "revenue"
        FROM sold s LEFT JOIN products p ON p.id = s.product_key LEFT JOIN categories c ON c.id = p.category_id
        ORDER BY s.quantity DESC, s.revenue DESC, 2`,
  );
}

/**
 * Top brands by line revenue, with units, orders (an order counts once per product of the brand it holds),
 * the brand's catalogue products and their average rating.
 */
export function topBrands(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{
    brandId: string;
    brand: string;
    revenue: number;
    orders: number;
    units: number;
    products: number;
    averageRating: number;
  }>(
    db,
    sql`WITH sold AS (
          SELECT p.brand_id, sum(r.revenue)::numeric(14,2) AS revenue, sum(r.orders)::int AS orders,
            sum(r.units)::int AS units
          FROM analytics_product_days r JOIN products p ON p.id = r.product_key
          WHERE r.orders > 0 AND ${withinDays('r.day', range)}
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit})
        SELECT s.brand_id AS "brandId", b.name AS "brand", s.revenue AS "revenue", s.orders AS "orders",
          s.units AS "units", catalogue.products AS "products", catalogue.rating AS "averageRating"
        FROM sold s JOIN brands b ON b.id = s.brand_id
        CROSS JOIN LATERAL (SELECT count(*)::int AS products, round(coalesce(avg(rating), 0), 2)::float8 AS rating
          FROM products WHERE brand_id = s.brand_id) catalogue
        ORDER BY s.revenue DESC, b.name`,
  );
}

export function revenueByPaymentMethod(db: DbOrTx, range: DateRange) {
  return rows<{ paymentMethod: 'stripe' | 'paypal' | 'cash' | 'bank_transfer'; revenue: number; orderCount: number }>(
    db,
    sql`SELECT payment_method AS "paymentMethod", sum(total)::numeric(14,2) AS "revenue", sum(orders)::int AS "orderCount"
        FROM analytics_order_days WHERE ${REVENUE_ORDER} AND ${withinDays('day', range)}
        GROUP BY 1 HAVING sum(orders) > 0 ORDER BY 2 DESC, 1`,
  );
}

type Status = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** Every status present in the range: its order count and its revenue (0 for cancelled and refunded). */
export function ordersByStatus(db: DbOrTx, range: DateRange) {
  return rows<{ status: Status; revenue: number; orderCount: number }>(
    db,
    sql`SELECT status AS "status", coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          sum(orders)::int AS "orderCount"
        FROM analytics_order_days WHERE ${withinDays('day', range)} GROUP BY 1 HAVING sum(orders) > 0
        ORDER BY array_position(ARRAY['pending','confirmed','processing','shipped','delivered','cancelled','refunded'], status)`,
  );
}
