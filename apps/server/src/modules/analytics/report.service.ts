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
  const totals = await orderTotals(db, range);
  const previous = previousRange(range);
  const previousRevenue = previous ? (await orderTotals(db, previous)).revenue : 0;
  const daily = await dailyOrders(db, range);
  const byStatus = await ordersByStatus(db, range);
  const customersTotal = await customersUpTo(db, range);
  const created = await customersCreated(db, range);
  const ordered = summarizeSpend(await customerSpend(db, range));
  const inventory = await inventorySummary(db);
  const coupons = await couponTotals(db, range);
  const activity = await activityTotals(db, range);
  const activityStatus = await activityByStatus(db, range);
  return {
    range: echo,
    revenue: {
      totalRevenue: totals.revenue,
      revenueGrowth: previous ? relativeChange(totals.revenue, previousRevenue) : null,
      monthlyRevenue: await monthlyRevenue(db, range),
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
      redemptionTrends: await dailyRedemptions(db, range),
    },
    systemActivity: {
      totalActivities: activity.total,
      uniqueUsers: activity.uniqueUsers,
      activitiesByStatus: activityStatus.map((row) => ({ ...row, percentage: percent(row.count, activity.total) })),
      activityTrends: await dailyActivity(db, range),
    },
    dashboard: {
      userStats: { totalUsers: customersTotal.total },
      orderStats: { totalRevenue: totals.revenue, totalOrders: totals.orders, completedOrders: totals.delivered },
      productStats: { totalProducts: inventory.totalProducts },
    },
  };
}
