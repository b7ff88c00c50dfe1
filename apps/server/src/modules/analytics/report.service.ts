import {
  averageDiscountRate,
  type ComprehensiveReport,
  conversionRate,
  type DateRange,
  percentOf,
  previousRange,
  revenueGrowth,
} from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { inventorySummary } from './inventory-summary.js';
import { dailyOrders, ordersByStatus, orderTotals } from './orders.queries.js';
import { paymentRevenue } from './payment-revenue.js';
import {
  activityByStatus,
  activityTotals,
  couponTotals,
  customerOrderFigures,
  customersCreated,
  customersUpTo,
  dailyActivity,
  dailyRedemptions,
} from './people.queries.js';
import { customerFigures, performanceFigures } from './reports.service.js';

/**
 * Every report of the range in one answer (the specification: "Comprehensive report"), with the same definitions as
 * the separate reports; each underlying query runs once.
 */
export async function comprehensiveReport(
  db: DbOrTx,
  range: DateRange,
  echo: ComprehensiveReport['range'],
): Promise<ComprehensiveReport> {
  const previous = previousRange(range);
  // Independent reads: in parallel on the pool's connections.
  const [
    totals,
    money,
    previousMoney,
    daily,
    byStatus,
    customersTotal,
    created,
    ordered,
    inventory,
    coupons,
    redemptions,
    activity,
    activityStatus,
    activityDaily,
  ] = await Promise.all([
    orderTotals(db, range),
    paymentRevenue(db, range),
    previous ? paymentRevenue(db, previous) : null,
    dailyOrders(db, range),
    ordersByStatus(db, range),
    customersUpTo(db, range),
    customersCreated(db, range),
    customerOrderFigures(db, range),
    inventorySummary(db),
    couponTotals(db, range),
    dailyRedemptions(db, range),
    activityTotals(db, range),
    activityByStatus(db, range),
    dailyActivity(db, range),
  ]);
  return {
    range: echo,
    revenue: {
      // As the revenue report: the money that moved (payment-revenue.ts); sales stay the orders placed.
      totalRevenue: money.revenue,
      revenueGrowth: revenueGrowth(money.revenue, previousMoney ? previousMoney.revenue : null),
      monthlyRevenue: money.monthly,
    },
    sales: {
      totalSales: totals.revenue,
      totalOrders: totals.orders,
      conversionRate: conversionRate(totals.paid, totals.orders),
      salesTrend: daily.map(({ date, revenue, orders }) => ({ date, revenue, orders })),
    },
    customers: customerFigures(customersTotal.total, created.total, ordered),
    inventory,
    orderPerformance: performanceFigures(totals, byStatus),
    coupons: {
      totalRedemptions: coupons.redemptions,
      totalDiscount: coupons.discount,
      averageDiscountRate: averageDiscountRate(coupons.discount, coupons.subtotal),
      redemptionTrends: redemptions,
    },
    systemActivity: {
      totalActivities: activity.total,
      uniqueUsers: activity.uniqueUsers,
      activitiesByStatus: activityStatus.map((row) => ({ ...row, percentage: percentOf(row.count, activity.total) })),
      activityTrends: activityDaily,
    },
    dashboard: {
      userStats: { totalUsers: customersTotal.total },
      orderStats: { totalRevenue: totals.revenue, totalOrders: totals.orders, completedOrders: totals.delivered },
      productStats: { totalProducts: inventory.totalProducts },
    },
  };
}
