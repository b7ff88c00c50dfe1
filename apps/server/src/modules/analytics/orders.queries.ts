import { type DateRange, ORDER_STATUSES, type OrderStatus } from '@seamline/shared';
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

export type StatusRow = { status: OrderStatus; revenue: number; orderCount: number };
const STATUS_ORDER = sql`ARRAY[${sql.join(
  ORDER_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[]`;

/** Every status present in the range: its order count and its revenue (0 for cancelled and refunded). */
export function ordersByStatus(db: DbOrTx, range: DateRange) {
  return rows<StatusRow>(
    db,
    sql`SELECT status AS "status", coalesce(sum(total) FILTER (WHERE ${REVENUE_ORDER}), 0)::numeric(14,2) AS "revenue",
          sum(orders)::int AS "orderCount"
        FROM analytics_order_days WHERE ${withinDays('day', range)} GROUP BY 1 HAVING sum(orders) > 0
        ORDER BY array_position(${STATUS_ORDER}, status)`,
  );
}
