import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one, revenueOrder, rows, within, withinDays } from './sql.js';

/**
 * Customers (docs/domain.md § Domain rules) are users with role customer; accounts deleted by their owner are left out.
 */
const CUSTOMER = sql.raw(`role = 'customer' AND deleted_at IS NULL`);

/** Customers registered in the range, and how many of them are active. */
export function customersCreated(db: DbOrTx, range: DateRange) {
  return one<{ total: number; active: number }>(
    db,
    sql`SELECT count(*)::int AS "total", (count(*) FILTER (WHERE is_active))::int AS "active"
        FROM users WHERE ${CUSTOMER} AND ${within('created_at', range)}`,
  );
}

/** Customers registered by the end of the range (all of them when it is open-ended). */
export function customersUpTo(db: DbOrTx, range: DateRange) {
  return one<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS "total" FROM users
        WHERE ${CUSTOMER} AND ${within('created_at', { from: null, to: range.to })}`,
  );
}

export type CustomerOrderFigures = { withOrders: number; repeat: number; revenue: number };

/**
 * Customers with revenue orders in the range, those with two or more, and the revenue of those orders. A range that
 * reaches the present (the screens' ranges end today) reads the per-customer rollup of each customer's latest two
 * orders and the day sums; a range that ended in the past counts its orders.
 */
export function customerOrderFigures(db: DbOrTx, range: DateRange, now = new Date()) {
  if (range.to && range.to <= now) return customerOrderFiguresCounted(db, range);
  const since = (column: string) =>
    range.from ? sql`${sql.raw(column)} >= ${range.from.toISOString()}::timestamptz` : sql.raw(`${column} IS NOT NULL`);
  return one<CustomerOrderFigures>(
    db,
    sql`SELECT (SELECT count(*) FROM analytics_customers WHERE ${since('last_order_at')})::int AS "withOrders",
          (SELECT count(*) FROM analytics_customers WHERE ${since('previous_order_at')})::int AS "repeat",
          (SELECT coalesce(sum(customer_total), 0) FROM analytics_order_days
            WHERE ${revenueOrder()} AND ${withinDays('day', range)})::numeric(14,2) AS "revenue"`,
  );
}

function customerOrderFiguresCounted(db: DbOrTx, range: DateRange) {
  return one<CustomerOrderFigures>(
    db,
    sql`WITH per AS (
          SELECT customer_id, count(*) AS n, sum(total) AS spent FROM orders
          WHERE customer_id IS NOT NULL AND ${revenueOrder()} AND ${within('created_at', range)} GROUP BY 1)
        SELECT count(*)::int AS "withOrders", (count(*) FILTER (WHERE n >= 2))::int AS "repeat",
          coalesce(sum(spent), 0)::numeric(14,2) AS "revenue"
        FROM per JOIN users u ON u.id = per.customer_id AND u.role = 'customer'`,
  );
}

/** Products created in the range, and how many of them are active. */
export function productsCreated(db: DbOrTx, range: DateRange) {
  return one<{ total: number; active: number }>(
    db,
    sql`SELECT count(*)::int AS "total", (count(*) FILTER (WHERE is_active))::int AS "active"
        FROM products WHERE ${within('created_at', range)}`,
  );
}

// Coupon and activity figures read their day rollups (db/schema/analytics.ts, migration 0007), kept by triggers.

/** Unreleased coupon redemptions made in the range, with the discount and the redeemed orders' subtotals. */
export function couponTotals(db: DbOrTx, range: DateRange) {
  return one<{ redemptions: number; discount: number; subtotal: number }>(
    db,
    sql`SELECT coalesce(sum(redemptions), 0)::int AS "redemptions", coalesce(sum(discount), 0)::numeric(14,2) AS "discount",
          coalesce(sum(subtotal), 0)::numeric(14,2) AS "subtotal"
        FROM analytics_coupon_days WHERE ${withinDays('day', range)}`,
  );
}

export function dailyRedemptions(db: DbOrTx, range: DateRange) {
  return rows<{ date: string; redemptions: number; discountAmount: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS "date", sum(redemptions)::int AS "redemptions",
          sum(discount)::numeric(14,2) AS "discountAmount"
        FROM analytics_coupon_days WHERE ${withinDays('day', range)} GROUP BY day HAVING sum(redemptions) > 0 ORDER BY day`,
  );
}

export function topCoupons(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{ couponId: string; code: string; name: string; redemptions: number; discountAmount: number }>(
    db,
    sql`WITH used AS (
          SELECT coupon_id, sum(redemptions)::int AS redemptions, sum(discount)::numeric(14,2) AS discount
          FROM analytics_coupon_days WHERE ${withinDays('day', range)} GROUP BY 1 HAVING sum(redemptions) > 0)
        SELECT c.id AS "couponId", c.code AS "code", c.name AS "name", u.redemptions AS "redemptions",
          u.discount AS "discountAmount"
        FROM used u JOIN coupons c ON c.id = u.coupon_id
        ORDER BY 4 DESC, 5 DESC, 2 LIMIT ${limit}`,
  );
}

export function activityTotals(db: DbOrTx, range: DateRange) {
  return one<{ total: number; uniqueUsers: number }>(
    db,
    sql`SELECT coalesce(sum(entries), 0)::int AS "total",
          count(DISTINCT user_key) FILTER (WHERE user_key <> '' AND entries > 0)::int AS "uniqueUsers"
        FROM analytics_activity_days WHERE ${withinDays('day', range)}`,
  );
}

export function activityByStatus(db: DbOrTx, range: DateRange) {
  return rows<{ status: string; count: number }>(
    db,
    sql`SELECT status AS "status", sum(entries)::int AS "count" FROM analytics_activity_days
        WHERE ${withinDays('day', range)} GROUP BY 1 HAVING sum(entries) > 0 ORDER BY 2 DESC, 1`,
  );
}

export function dailyActivity(db: DbOrTx, range: DateRange) {
  return rows<{ date: string; activityCount: number; uniqueUsers: number }>(
    db,
    sql`SELECT to_char(day, 'YYYY-MM-DD') AS "date", sum(entries)::int AS "activityCount",
          count(DISTINCT user_key) FILTER (WHERE user_key <> '' AND entries > 0)::int AS "uniqueUsers"
        FROM analytics_activity_days WHERE ${withinDays('day', range)} GROUP BY day HAVING sum(entries) > 0 ORDER BY day`,
  );
}

export function topActions(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{ action: string; resource: string; count: number }>(
    db,
    sql`SELECT action AS "action", resource AS "resource", sum(entries)::int AS "count" FROM analytics_activity_days
        WHERE ${withinDays('day', range)} GROUP BY 1, 2 HAVING sum(entries) > 0 ORDER BY 3 DESC, 1, 2 LIMIT ${limit}`,
  );
}
