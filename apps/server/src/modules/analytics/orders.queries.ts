import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one, REVENUE_ORDER, revenueOrder, rows, utcDay, utcMonth, within } from './sql.js';

/** Order figures of a range, in one pass over the orders created in it. */
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
    sql`SELECT count(*)::int AS "orders",
          coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          (count(*) FILTER (WHERE ${REVENUE_ORDER}))::int AS "revenueOrders",
          (count(*) FILTER (WHERE status = 'delivered'))::int AS "delivered",
          (count(*) FILTER (WHERE status = 'cancelled'))::int AS "cancelled",
          (count(*) FILTER (WHERE status = 'refunded'))::int AS "refunded",
          (count(*) FILTER (WHERE payment_status = 'paid'))::int AS "paid",
          coalesce(round((avg(extract(epoch FROM shipped_at - created_at)) FILTER (WHERE shipped_at IS NOT NULL)
            / 3600)::numeric, 2), 0)::float8 AS "processingHours"
        FROM orders WHERE ${within('created_at', range)}`,
  );
}

export type DailyOrders = { date: string; orders: number; revenue: number; completed: number; cancelled: number };

/** Per UTC day with orders: all orders, revenue, delivered and cancelled. */
export function dailyOrders(db: DbOrTx, range: DateRange): Promise<DailyOrders[]> {
  return rows<DailyOrders>(
    db,
    sql`SELECT ${utcDay('created_at')} AS "date", count(*)::int AS "orders",
          coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          (count(*) FILTER (WHERE status = 'delivered'))::int AS "completed",
          (count(*) FILTER (WHERE status = 'cancelled'))::int AS "cancelled"
        FROM orders WHERE ${within('created_at', range)} GROUP BY 1 ORDER BY 1`,
  );
}

export function monthlyRevenue(db: DbOrTx, range: DateRange) {
  return rows<{ month: string; revenue: number; orderCount: number }>(
    db,
    sql`SELECT ${utcMonth('created_at')} AS "month", sum(total)::numeric(14,2) AS "revenue", count(*)::int AS "orderCount"
        FROM orders WHERE ${REVENUE_ORDER} AND ${within('created_at', range)} GROUP BY 1 ORDER BY 1`,
  );
}

/** Line revenue (Σ item totals: before discount, shipping and tax) by the product's current category. */
export function salesByCategory(db: DbOrTx, range: DateRange) {
  return rows<{ category: string; revenue: number; quantity: number }>(
    db,
    sql`SELECT coalesce(c.name, 'Uncategorized') AS "category", sum(oi.total)::numeric(14,2) AS "revenue",
          sum(oi.quantity)::int AS "quantity"
        FROM order_items oi
        JOIN orders o ON o.id = oi.order_id
        LEFT JOIN products p ON p.id = oi.product_id
        LEFT JOIN categories c ON c.id = p.category_id
        WHERE ${revenueOrder('o')} AND ${within('o.created_at', range)}
        GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

/** Top products by units sold; a deleted product keeps its order-time name and has no category. */
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
          SELECT oi.product_id, CASE WHEN oi.product_id IS NULL THEN oi.product_name END AS orphan,
            max(oi.product_name) AS snapshot, sum(oi.quantity)::int AS quantity, sum(oi.total)::numeric(14,2) AS revenue
          FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE ${revenueOrder('o')} AND ${within('o.created_at', range)}
          GROUP BY 1, 2 ORDER BY 4 DESC, 5 DESC, 3 LIMIT ${limit})
        SELECT s.product_id AS "productId", coalesce(p.name, s.snapshot) AS "productName", c.name AS "category",
          s.quantity AS "quantity", s.revenue AS "revenue"
        FROM sold s LEFT JOIN products p ON p.id = s.product_id LEFT JOIN categories c ON c.id = p.category_id
        ORDER BY s.quantity DESC, s.revenue DESC, 2`,
  );
}

/** Top brands by line revenue, with units, orders, catalogue products and their average rating. */
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
          SELECT p.brand_id, sum(oi.total)::numeric(14,2) AS revenue, count(DISTINCT oi.order_id)::int AS orders,
            sum(oi.quantity)::int AS units
          FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN products p ON p.id = oi.product_id
          WHERE ${revenueOrder('o')} AND ${within('o.created_at', range)}
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
    sql`SELECT payment_method AS "paymentMethod", sum(total)::numeric(14,2) AS "revenue", count(*)::int AS "orderCount"
        FROM orders WHERE ${REVENUE_ORDER} AND ${within('created_at', range)} GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

type Status = 'pending' | 'confirmed' | 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'refunded';

/** Every status present in the range: its order count and its revenue (0 for cancelled and refunded). */
export function ordersByStatus(db: DbOrTx, range: DateRange) {
  return rows<{ status: Status; revenue: number; orderCount: number }>(
    db,
    sql`SELECT status AS "status", coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          count(*)::int AS "orderCount"
        FROM orders WHERE ${within('created_at', range)} GROUP BY 1
        ORDER BY array_position(ARRAY['pending','confirmed','processing','shipped','delivered','cancelled','refunded'], status)`,
  );
}
