import type { DateRange } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { one, revenueOrder, rows, utcDay, within } from './sql.js';

/** Customers (DESIGN §5) are users with role customer; accounts deleted by their owner are left out. */
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

/**
 * Per customer (role customer) over their revenue orders in the range: orders and amount spent. One pass over the
 * orders of the range; the users are joined after grouping.
 */
export function customerSpend(db: DbOrTx, range: DateRange) {
  return rows<{ customerId: string; customerName: string; email: string; orderCount: number; totalSpent: number }>(
    db,
    sql`WITH per AS (
          SELECT customer_id, count(*)::int AS n, sum(total)::numeric(14,2) AS spent FROM orders
          WHERE customer_id IS NOT NULL AND ${revenueOrder()} AND ${within('created_at', range)} GROUP BY 1)
        SELECT per.customer_id AS "customerId", trim(u.first_name || ' ' || u.last_name) AS "customerName",
          u.email AS "email", per.n AS "orderCount", per.spent AS "totalSpent"
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

/** Unreleased coupon redemptions made in the range, with the discount and the redeemed orders' subtotals. */
export function couponTotals(db: DbOrTx, range: DateRange) {
  return one<{ redemptions: number; discount: number; subtotal: number }>(
    db,
    sql`SELECT count(*)::int AS "redemptions", coalesce(sum(r.discount_amount), 0)::numeric(14,2) AS "discount",
          coalesce(sum(o.subtotal), 0)::numeric(14,2) AS "subtotal"
        FROM coupon_redemptions r JOIN orders o ON o.id = r.order_id
        WHERE r.released_at IS NULL AND ${within('r.created_at', range)}`,
  );
}

export function dailyRedemptions(db: DbOrTx, range: DateRange) {
  return rows<{ date: string; redemptions: number; discountAmount: number }>(
    db,
    sql`SELECT ${utcDay('created_at')} AS "date", count(*)::int AS "redemptions",
          sum(discount_amount)::numeric(14,2) AS "discountAmount"
        FROM coupon_redemptions WHERE released_at IS NULL AND ${within('created_at', range)} GROUP BY 1 ORDER BY 1`,
  );
}

export function topCoupons(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{ couponId: string; code: string; name: string; redemptions: number; discountAmount: number }>(
    db,
    sql`SELECT c.id AS "couponId", c.code AS "code", c.name AS "name", count(*)::int AS "redemptions",
          sum(r.discount_amount)::numeric(14,2) AS "discountAmount"
        FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE r.released_at IS NULL AND ${within('r.created_at', range)}
        GROUP BY 1, 2, 3 ORDER BY 4 DESC, 5 DESC, 2 LIMIT ${limit}`,
  );
}

export function activityTotals(db: DbOrTx, range: DateRange) {
  return one<{ total: number; uniqueUsers: number }>(
    db,
    sql`SELECT count(*)::int AS "total", count(DISTINCT user_id)::int AS "uniqueUsers"
        FROM activity_logs WHERE ${within('created_at', range)}`,
  );
}

export function activityByStatus(db: DbOrTx, range: DateRange) {
  return rows<{ status: string; count: number }>(
    db,
    sql`SELECT status AS "status", count(*)::int AS "count" FROM activity_logs
        WHERE ${within('created_at', range)} GROUP BY 1 ORDER BY 2 DESC, 1`,
  );
}

export function dailyActivity(db: DbOrTx, range: DateRange) {
  return rows<{ date: string; activityCount: number; uniqueUsers: number }>(
    db,
    sql`SELECT ${utcDay('created_at')} AS "date", count(*)::int AS "activityCount",
          count(DISTINCT user_id)::int AS "uniqueUsers"
        FROM activity_logs WHERE ${within('created_at', range)} GROUP BY 1 ORDER BY 1`,
  );
}

export function topActions(db: DbOrTx, range: DateRange, limit: number) {
  return rows<{ action: string; resource: string; count: number }>(
    db,
    sql`SELECT action AS "action", resource AS "resource", count(*)::int AS "count" FROM activity_logs
        WHERE ${within('created_at', range)} GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${limit}`,
  );
}
