import {
  type ComprehensiveReport,
  type DateRange,
  previousRange,
  ratio,
  relativeChange,
  roundMoney,
} from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { inventorySummary } from './inventory-summary.js';
import { dailyOrders, monthlyRevenue, ordersByStatus, orderTotals } from './orders.queries.js';
import {
  activityByStatus,
  activityTotals,
  couponTotals,
  customerSpend,
  customersCreated,
  customersUpTo,
  dailyActivity,
  dailyRedemptions,
} from './people.queries.js';
import { percent, summarizeSpend } from './reports.service.js';

/**
 * Every report of the range in one answer (spec part 2 §3 "Comprehensive report"), with the same definitions as
 * the separate reports; each underlying query runs once.
 */
export async function comprehensiveReport(
  db: DbOrTx,
  range: DateRange,
  echo: ComprehensiveReport['range'],
): Promise<ComprehensiveReport> {
  const previous = previousRange(range);
  // Independent reads: in parallel on a PostgreSQL pool (PGlite runs them one after another).
  const [
    totals,
    previousTotals,
    daily,
    monthly,
    byStatus,
    customersTotal,
    created,
    spend,
    inventory,
    coupons,
    redemptions,
    activity,
    activityStatus,
    activityDaily,
  ] = await Promise.all([
    orderTotals(db, range),
    previous ? orderTotals(db, previous) : null,
    dailyOrders(db, range),
    monthlyRevenue(db, range),
    ordersByStatus(db, range),
    customersUpTo(db, range),
    customersCreated(db, range),
    customerSpend(db, range),
    inventorySummary(db),
    couponTotals(db, range),
    dailyRedemptions(db, range),
    activityTotals(db, range),
    activityByStatus(db, range),
    dailyActivity(db, range),
  ]);
  const ordered = summarizeSpend(spend);
  return {
    range: echo,
    revenue: {
      totalRevenue: totals.revenue,
      revenueGrowth: previousTotals ? relativeChange(totals.revenue, previousTotals.revenue) : null,
      monthlyRevenue: monthly,
    },
    sales: {
      totalSales: totals.revenue,
      totalOrders: totals.orders,
      conversionRate: ratio(totals.paid, totals.orders),
      salesTrend: daily.map(({ date, revenue, orders }) => ({ date, revenue, orders })),
    },
    customers: {
      totalCustomers: customersTotal.total,
      newCustomers: created.total,
      repeatCustomers: ordered.repeat,
      customersWithOrders: ordered.withOrders,
      averageCustomerValue: ordered.withOrders ? roundMoney(ordered.revenue / ordered.withOrders) : 0,
      customerRetentionRate: ratio(ordered.repeat, ordered.withOrders),
    },
    inventory,
    orderPerformance: {
      totalOrders: totals.orders,
      fulfillmentRate: ratio(totals.delivered, totals.orders - totals.cancelled - totals.refunded),
      averageProcessingTime: totals.processingHours,
      orderStatusDistribution: byStatus.map(({ status, orderCount }) => ({
        status,
        count: orderCount,
        percentage: percent(orderCount, totals.orders),
      })),
    },
    coupons: {
      totalRedemptions: coupons.redemptions,
      totalDiscount: coupons.discount,
      averageDiscountRate: ratio(coupons.discount, coupons.subtotal),
      redemptionTrends: redemptions,
    },
    systemActivity: {
      totalActivities: activity.total,
      uniqueUsers: activity.uniqueUsers,
      activitiesByStatus: activityStatus.map((row) => ({ ...row, percentage: percent(row.count, activity.total) })),
      activityTrends: activityDaily,
    },
    dashboard: {
      userStats: { totalUsers: customersTotal.total },
      orderStats: { totalRevenue: totals.revenue, totalOrders: totals.orders, completedOrders: totals.delivered },
      productStats: { totalProducts: inventory.totalProducts },
    },
  };
}
