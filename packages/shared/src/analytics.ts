import { z } from 'zod';
import { dateFilter, dateFilterBound } from './api.js';
import { ORDER_STATUSES, PAYMENT_METHODS } from './constants.js';

/**
 * Analytics ranges (the specification): `startDate`/`endDate` are `YYYY-MM-DD` days in UTC, the end day included,
 * or ISO 8601 date-times taken as those instants. Both optional: no range means all time.
 */
export const ANALYTICS_RANGE_ORDER_MESSAGE = 'startDate must not be after endDate';

export const DAY_MS = 86_400_000;

export const analyticsRangeQuery = z
  .object({ startDate: dateFilter.optional(), endDate: dateFilter.optional() })
  .superRefine((value, ctx) => {
    if (!value.startDate || !value.endDate) return;
    // Compare where each bound begins, so a one-day range (start = end day) and an instant range are both allowed.
    if (dateFilterBound(value.startDate, 'start').getTime() > dateFilterBound(value.endDate, 'start').getTime())
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: ANALYTICS_RANGE_ORDER_MESSAGE });
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuery>;

/** A half-open interval [from, to); a missing bound is open. */
export type DateRange = { from: Date | null; to: Date | null };

/** Query bounds to the interval: the start day from 00:00 UTC, up to the next 00:00 UTC after the end day. */
export function resolveRange(query: AnalyticsRangeQuery): DateRange {
  return {
    from: query.startDate ? dateFilterBound(query.startDate, 'start') : null,
    to: query.endDate ? dateFilterBound(query.endDate, 'end') : null,
  };
}

/** The period of equal length just before a closed range; none for an open one. */
export function previousRange(range: DateRange): DateRange | null {
  if (!range.from || !range.to) return null;
  const length = range.to.getTime() - range.from.getTime();
  return { from: new Date(range.from.getTime() - length), to: range.from };
}

/** `YYYY-MM-DD` of a date in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The screens' ranges (the specification): end = today, start = today minus the chosen number of days. */
export function lastDaysQuery(days: number, now = new Date()): { startDate: string; endDate: string } {
  return { startDate: isoDay(new Date(now.getTime() - days * DAY_MS)), endDate: isoDay(now) };
}

// ---- Response shapes (the server's response schemas and the web's types) ----
// Every field named *Rate or *Growth, and every `change`, is a ratio (0.25 = 25%); fields named `percentage` are
// percents (25 = 25%). Money is in dollars (exact to the cent); durations in hours.

const money = z.number();
const rate = z.number();
const change = z.number().nullable();
const orderStatus = z.enum(ORDER_STATUSES);

export const dailyRevenuePoint = z.object({ date: z.string(), revenue: money, orders: z.number().int() });
export const monthlyRevenuePoint = z.object({ month: z.string(), revenue: money, orderCount: z.number().int() });

export const dashboardAnalytics = z.object({
  range: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  orderStats: z.object({
    totalOrders: z.number().int(),
    totalRevenue: money,
    completedOrders: z.number().int(),
    change: z.object({ totalOrders: change, totalRevenue: change, completedOrders: change }),
  }),
  userStats: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    change: z.object({ totalUsers: change, activeUsers: change }),
  }),
  productStats: z.object({
    totalProducts: z.number().int(),
    activeProducts: z.number().int(),
    lowStockProducts: z.number().int(),
    change: z.object({ totalProducts: change, activeProducts: change, lowStockProducts: change }),
  }),
  charts: z.object({
    revenueByDay: z.array(dailyRevenuePoint),
    orderTrends: z.array(
      z.object({
        date: z.string(),
        orders: z.number().int(),
        completed: z.number().int(),
        cancelled: z.number().int(),
      }),
    ),
    productSalesByCategory: z.array(z.object({ category: z.string(), units: z.number().int(), revenue: money })),
    topResellers: z.array(
      z.object({
        brandId: z.string(),
        brand: z.string(),
        revenue: money,
        orders: z.number().int(),
        units: z.number().int(),
        products: z.number().int(),
        averageRating: z.number(),
      }),
    ),
  }),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalytics>;

export const salesAnalytics = z.object({
  totalSales: money,
  totalOrders: z.number().int(),
  averageOrderValue: money,
  conversionRate: rate,
  salesTrend: z.array(dailyRevenuePoint),
  salesByCategory: z.array(z.object({ category: z.string(), revenue: money, quantity: z.number().int() })),
  topSellingProducts: z.array(
    z.object({
      productId: z.string().nullable(),
      productName: z.string(),
      category: z.string().nullable(),
      quantity: z.number().int(),
      revenue: money,
    }),
  ),
});
export type SalesAnalytics = z.infer<typeof salesAnalytics>;

export const revenueAnalytics = z.object({
  totalRevenue: money,
  previousRevenue: money,
  revenueGrowth: change,
  averageRevenuePerOrder: money,
  monthlyRevenue: z.array(monthlyRevenuePoint),
  revenueByPaymentMethod: z.array(
    z.object({ paymentMethod: z.enum(PAYMENT_METHODS), revenue: money, orderCount: z.number().int() }),
  ),
  revenueByStatus: z.array(
    z.object({ status: orderStatus, revenue: money, orderCount: z.number().int(), percentage: z.number() }),
  ),
});
export type RevenueAnalytics = z.infer<typeof revenueAnalytics>;

export const customerAnalytics = z.object({
  totalCustomers: z.number().int(),
  newCustomers: z.number().int(),
  repeatCustomers: z.number().int(),
  customersWithOrders: z.number().int(),
  averageCustomerValue: money,
  customerRetentionRate: rate,
  topCustomers: z.array(
    z.object({
      customerId: z.string(),
      customerName: z.string(),
      email: z.string(),
      orderCount: z.number().int(),
      totalSpent: money,
    }),
  ),
});
export type CustomerAnalytics = z.infer<typeof customerAnalytics>;

export const orderPerformance = z.object({
  totalOrders: z.number().int(),
  fulfillmentRate: rate,
  averageProcessingTime: z.number(),
  orderStatusDistribution: z.array(z.object({ status: orderStatus, count: z.number().int(), percentage: z.number() })),
});
export type OrderPerformance = z.infer<typeof orderPerformance>;

export const couponAnalytics = z.object({
  totalRedemptions: z.number().int(),
  totalDiscount: money,
  averageDiscountRate: rate,
  redemptionTrends: z.array(z.object({ date: z.string(), redemptions: z.number().int(), discountAmount: money })),
  topCoupons: z.array(
    z.object({
      couponId: z.string(),
      code: z.string(),
      name: z.string(),
      redemptions: z.number().int(),
      discountAmount: money,
    }),
  ),
});
export type CouponAnalytics = z.infer<typeof couponAnalytics>;

export const systemActivity = z.object({
  totalActivities: z.number().int(),
  uniqueUsers: z.number().int(),
  activitiesByStatus: z.array(z.object({ status: z.string(), count: z.number().int(), percentage: z.number() })),
  activityTrends: z.array(
    z.object({ date: z.string(), activityCount: z.number().int(), uniqueUsers: z.number().int() }),
  ),
  topActions: z.array(z.object({ action: z.string(), resource: z.string(), count: z.number().int() })),
});
export type SystemActivity = z.infer<typeof systemActivity>;

export const inventorySummary = z.object({
  totalProducts: z.number().int(),
  activeProducts: z.number().int(),
  lowStockProducts: z.number().int(),
  outOfStockProducts: z.number().int(),
});
export type InventorySummary = z.infer<typeof inventorySummary>;

export const comprehensiveReport = z.object({
  range: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  revenue: revenueAnalytics.pick({ totalRevenue: true, revenueGrowth: true, monthlyRevenue: true }),
  sales: salesAnalytics.pick({ totalSales: true, totalOrders: true, conversionRate: true, salesTrend: true }),
  customers: customerAnalytics.omit({ topCustomers: true }),
  inventory: inventorySummary,
  orderPerformance,
  coupons: couponAnalytics.omit({ topCoupons: true }),
  systemActivity: systemActivity.omit({ topActions: true }),
  dashboard: z.object({
    userStats: z.object({ totalUsers: z.number().int() }),
    orderStats: z.object({ totalRevenue: money, totalOrders: z.number().int(), completedOrders: z.number().int() }),
    productStats: z.object({ totalProducts: z.number().int() }),
  }),
});
export type ComprehensiveReport = z.infer<typeof comprehensiveReport>;
