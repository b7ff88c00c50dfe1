import { parseCouponDate } from '@seamline/shared';
import { and, count, desc, eq, gte, isNotNull, isNull, lte, notInArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;

/** The range of a query: YYYY-MM-DD (whole days) or ISO timestamps; the last 30 days by default. */
export function analyticsRange(startDate?: string, endDate?: string) {
  const end = endDate ? parseCouponDate(endDate, 'end') : new Date();
  const start = startDate
    ? parseCouponDate(startDate, 'start')
    : new Date((end ?? new Date()).getTime() - DEFAULT_DAYS * DAY_MS);
  if (!start || !end) throw badRequest('Invalid date range');
  if (end.getTime() < start.getTime()) throw badRequest('End date must be after start date', 'endDate');
  return { start, end };
}

const cents = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * Coupon analytics over a range: redemptions that still count (not released), the discount they gave, the revenue of
 * the orders that carry a coupon (not cancelled or refunded, docs/domain.md § Domain rules revenue), per coupon and per
 * day.
 */
export async function couponAnalytics(db: Db, range: { start: Date; end: Date }) {
  const inRange = and(
    isNull(couponRedemptions.releasedAt),
    gte(couponRedemptions.createdAt, range.start),
    lte(couponRedemptions.createdAt, range.end),
  );
  const liveOrder = and(isNotNull(orders.couponId), notInArray(orders.status, ['cancelled', 'refunded']));
  const [perCoupon, trend, [orderTotals], [activeCoupons]] = await Promise.all([
    db
      .select({
        couponId: coupons.id,
        code: coupons.code,
        name: coupons.name,
        type: coupons.type,
        usedCount: coupons.usedCount,
        usageLimit: coupons.usageLimit,
        redemptions: count(couponRedemptions.id),
        discountGiven: sum(couponRedemptions.discountAmount),
        revenue: sum(orders.total),
      })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(inRange)
      .groupBy(coupons.id)
      .orderBy(desc(count(couponRedemptions.id)), coupons.code),
    db
      .select({
        date: sql<string>`to_char(${couponRedemptions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        redemptions: count(),
        discountAmount: sum(couponRedemptions.discountAmount),
      })
      .from(couponRedemptions)
      .where(inRange)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ orders: count(), revenue: sum(orders.total), subtotal: sum(orders.subtotal) })
      .from(orders)
      .where(and(liveOrder, gte(orders.createdAt, range.start), lte(orders.createdAt, range.end))),
    db.select({ n: count() }).from(coupons).where(eq(coupons.isActive, true)),
  ]);
  const totalRedemptions = perCoupon.reduce((n, row) => n + row.redemptions, 0);
  const totalDiscount = cents(perCoupon.reduce((n, row) => n + Number(row.discountGiven ?? 0), 0));
  const subtotal = Number(orderTotals?.subtotal ?? 0);
  return {
    startDate: range.start.toISOString(),
    endDate: range.end.toISOString(),
    totalRedemptions,
    totalDiscount,
    ordersWithCoupon: orderTotals?.orders ?? 0,
    revenueWithCoupon: cents(orderTotals?.revenue),
    /** Discount given ÷ subtotal of the orders with a coupon (0 when none). */
    averageDiscountRate: subtotal > 0 ? Math.round((totalDiscount / subtotal) * 10_000) / 10_000 : 0,
    activeCoupons: activeCoupons?.n ?? 0,
    couponPerformance: perCoupon.map((row) => ({
      ...row,
      _id: row.couponId,
      discountGiven: cents(row.discountGiven),
      revenue: cents(row.revenue),
    })),
    redemptionTrends: trend.map((row) => ({ ...row, discountAmount: cents(row.discountAmount) })),
  };
}
