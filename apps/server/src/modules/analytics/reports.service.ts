import {
  averageCustomerValue,
  averageDiscountRate,
  averageOrderValue,
  type CouponAnalytics,
  type CustomerAnalytics,
  conversionRate,
  type DateRange,
  fulfillmentRate,
  type OrderPerformance,
  PAGE_SIZES,
  percentOf,
  previousRange,
  type RevenueAnalytics,
  retentionRate,
  revenueGrowth,
  type SalesAnalytics,
  type SystemActivity,
} from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { dailyOrders, type OrderTotals, ordersByStatus, orderTotals, type StatusRow } from './orders.queries.js';
import { paymentRevenue } from './payment-revenue.js';
import {
  activityByStatus,
  activityTotals,
  type CustomerOrderFigures,
  couponTotals,
  customerOrderFigures,
  customersCreated,
  customersUpTo,
  dailyActivity,
  dailyRedemptions,
  topActions,
  topCoupons,
} from './people.queries.js';
import { salesByCategory, topProducts } from './product-sales.js';
import { topCustomers } from './top-customers.js';

const TOP_COUPONS = 5;
const TOP_ACTIONS = 5;

export async function salesAnalytics(db: DbOrTx, range: DateRange): Promise<SalesAnalytics> {
  const [totals, daily, byCategory, top] = await Promise.all([
    orderTotals(db, range),
    dailyOrders(db, range),
    salesByCategory(db, range),
    topProducts(db, range, PAGE_SIZES.topProducts),
  ]);
  return {
    totalSales: totals.revenue,
    totalOrders: totals.orders,
    averageOrderValue: averageOrderValue(totals.revenue, totals.revenueOrders),
    conversionRate: conversionRate(totals.paid, totals.orders),
    salesTrend: daily.map(({ date, revenue, orders }) => ({ date, revenue, orders })),
    salesByCategory: byCategory,
    topSellingProducts: top,
  };
}

/**
 * Revenue as the money moved (payment-revenue.ts): total, months and methods from the payments; the status table
 * reads the orders placed in the range (money has no status), each status's share of their revenue.
 */
export async function revenueAnalytics(db: DbOrTx, range: DateRange): Promise<RevenueAnalytics> {
  const previous = previousRange(range);
  const [money, before, byStatus] = await Promise.all([
    paymentRevenue(db, range),
    previous ? paymentRevenue(db, previous) : null,
    ordersByStatus(db, range),
  ]);
  const statusRevenue = byStatus.reduce((sum, row) => sum + row.revenue, 0);
  return {
    totalRevenue: money.revenue,
    previousRevenue: before?.revenue ?? 0,
    revenueGrowth: revenueGrowth(money.revenue, before ? before.revenue : null),
    averageRevenuePerOrder: averageOrderValue(money.revenue, money.payments),
    monthlyRevenue: money.monthly,
    revenueByPaymentMethod: money.byMethod,
    revenueByStatus: byStatus.map((row) => ({ ...row, percentage: percentOf(row.revenue, statusRevenue) })),
  };
}

export async function customerAnalytics(db: DbOrTx, range: DateRange): Promise<CustomerAnalytics> {
  const [total, created, ordered, top] = await Promise.all([
    customersUpTo(db, range),
    customersCreated(db, range),
    customerOrderFigures(db, range),
    topCustomers(db, range, PAGE_SIZES.topCustomers),
  ]);
  return { ...customerFigures(total.total, created.total, ordered), topCustomers: top };
}

/** The customer figures of a range (the customer report and the comprehensive report's customers). */
export function customerFigures(totalCustomers: number, newCustomers: number, ordered: CustomerOrderFigures) {
  return {
    totalCustomers,
    newCustomers,
    repeatCustomers: ordered.repeat,
    customersWithOrders: ordered.withOrders,
    averageCustomerValue: averageCustomerValue(ordered.revenue, ordered.withOrders),
    customerRetentionRate: retentionRate(ordered.repeat, ordered.withOrders),
  };
}

/** Order performance of a range (its own report and the comprehensive report's). */
export function performanceFigures(totals: OrderTotals, byStatus: StatusRow[]): OrderPerformance {
  return {
    totalOrders: totals.orders,
    fulfillmentRate: fulfillmentRate(totals),
    averageProcessingTime: totals.processingHours,
    orderStatusDistribution: byStatus.map(({ status, orderCount }) => ({
      status,
      count: orderCount,
      percentage: percentOf(orderCount, totals.orders),
    })),
  };
}

export async function orderPerformance(db: DbOrTx, range: DateRange): Promise<OrderPerformance> {
  const [totals, byStatus] = await Promise.all([orderTotals(db, range), ordersByStatus(db, range)]);
  return performanceFigures(totals, byStatus);
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
    averageDiscountRate: averageDiscountRate(totals.discount, totals.subtotal),
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
    activitiesByStatus: byStatus.map((row) => ({ ...row, percentage: percentOf(row.count, totals.total) })),
    activityTrends: trends,
    topActions: actions,
  };
}
