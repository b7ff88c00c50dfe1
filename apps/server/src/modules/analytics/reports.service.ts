import {
  type CouponAnalytics,
  type CustomerAnalytics,
  type DateRange,
  type OrderPerformance,
  PAGE_SIZES,
  previousRange,
  type RevenueAnalytics,
  ratio,
  relativeChange,
  roundMoney,
  type SalesAnalytics,
  type SystemActivity,
} from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { dailyOrders, monthlyRevenue, ordersByStatus, orderTotals, revenueByPaymentMethod } from './orders.queries.js';
import {
  activityByStatus,
  activityTotals,
  couponTotals,
  customerSpend,
  customersCreated,
  customersUpTo,
  dailyActivity,
  dailyRedemptions,
  topActions,
  topCoupons,
} from './people.queries.js';
import { byCategory, productSales, topProducts } from './product-sales.js';

const TOP_COUPONS = 5;
const TOP_ACTIONS = 5;

/** Percent (0–100) to one decimal. */
export const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

export async function salesAnalytics(db: DbOrTx, range: DateRange): Promise<SalesAnalytics> {
  const [totals, daily, sales] = await Promise.all([
    orderTotals(db, range),
    dailyOrders(db, range),
    productSales(db, range),
  ]);
  return {
    totalSales: totals.revenue,
    totalOrders: totals.orders,
    averageOrderValue: totals.revenueOrders ? roundMoney(totals.revenue / totals.revenueOrders) : 0,
    conversionRate: ratio(totals.paid, totals.orders),
    salesTrend: daily.map(({ date, revenue, orders }) => ({ date, revenue, orders })),
    salesByCategory: byCategory(sales),
    topSellingProducts: topProducts(sales, PAGE_SIZES.topProducts),
  };
}

export async function revenueAnalytics(db: DbOrTx, range: DateRange): Promise<RevenueAnalytics> {
  const previous = previousRange(range);
  const [totals, before, byStatus, monthly, byMethod] = await Promise.all([
    orderTotals(db, range),
    previous ? orderTotals(db, previous) : null,
    ordersByStatus(db, range),
    monthlyRevenue(db, range),
    revenueByPaymentMethod(db, range),
  ]);
  const previousRevenue = before?.revenue ?? 0;
  return {
    totalRevenue: totals.revenue,
    previousRevenue,
    revenueGrowth: previous ? relativeChange(totals.revenue, previousRevenue) : null,
    averageRevenuePerOrder: totals.revenueOrders ? roundMoney(totals.revenue / totals.revenueOrders) : 0,
    monthlyRevenue: monthly,
    revenueByPaymentMethod: byMethod,
    revenueByStatus: byStatus.map((row) => ({ ...row, percentage: percent(row.revenue, totals.revenue) })),
  };
}

export async function customerAnalytics(db: DbOrTx, range: DateRange): Promise<CustomerAnalytics> {
  const [total, created, spend] = await Promise.all([
    customersUpTo(db, range),
    customersCreated(db, range),
    customerSpend(db, range),
  ]);
  const ordered = summarizeSpend(spend);
  return {
    totalCustomers: total.total,
    newCustomers: created.total,
    repeatCustomers: ordered.repeat,
    customersWithOrders: ordered.withOrders,
    averageCustomerValue: ordered.withOrders ? roundMoney(ordered.revenue / ordered.withOrders) : 0,
    customerRetentionRate: ratio(ordered.repeat, ordered.withOrders),
    topCustomers: [...spend]
      .sort(
        (a, b) =>
          b.totalSpent - a.totalSpent || b.orderCount - a.orderCount || a.customerId.localeCompare(b.customerId),
      )
      .slice(0, PAGE_SIZES.topCustomers),
  };
}

/** Customers with orders, repeat customers (2 or more) and their revenue, summed in cents. */
export function summarizeSpend(spend: { orderCount: number; totalSpent: number }[]) {
  let cents = 0;
  let repeat = 0;
  for (const row of spend) {
    cents += Math.round(row.totalSpent * 100);
    if (row.orderCount >= 2) repeat += 1;
  }
  return { withOrders: spend.length, repeat, revenue: cents / 100 };
}

export async function orderPerformance(db: DbOrTx, range: DateRange): Promise<OrderPerformance> {
  const [totals, byStatus] = await Promise.all([orderTotals(db, range), ordersByStatus(db, range)]);
  return {
    totalOrders: totals.orders,
    fulfillmentRate: ratio(totals.delivered, totals.orders - totals.cancelled - totals.refunded),
    averageProcessingTime: totals.processingHours,
    orderStatusDistribution: byStatus.map(({ status, orderCount }) => ({
      status,
      count: orderCount,
      percentage: percent(orderCount, totals.orders),
    })),
  };
}

export async function couponAnalytics(db: DbOrTx, range: DateRange): Promise<CouponAnalytics> {
  const [totals, trends, top] = await Promise.all([
    couponTotals(db, range),
    dailyRedemptions(db, range),
    topCoupons(db, range, TOP_COUPONS),
  ]);
  return {
    totalRedemptions: totals.redemptions,
    totalDiscount: totals.discount,
    averageDiscountRate: ratio(totals.discount, totals.subtotal),
    redemptionTrends: trends,
    topCoupons: top,
  };
}

export async function systemActivity(db: DbOrTx, range: DateRange): Promise<SystemActivity> {
  const [totals, byStatus, trends, actions] = await Promise.all([
    activityTotals(db, range),
    activityByStatus(db, range),
    dailyActivity(db, range),
    topActions(db, range, TOP_ACTIONS),
  ]);
  return {
    totalActivities: totals.total,
    uniqueUsers: totals.uniqueUsers,
    activitiesByStatus: byStatus.map((row) => ({ ...row, percentage: percent(row.count, totals.total) })),
    activityTrends: trends,
    topActions: actions,
  };
}
