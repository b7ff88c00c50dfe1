import type { ComprehensiveReport, DateRange } from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import { inventorySummary } from './inventory-summary.js';
import { orderTotals } from './orders.queries.js';
import { customersUpTo } from './people.queries.js';
import {
  couponAnalytics,
  customerAnalytics,
  orderPerformance,
  revenueAnalytics,
  salesAnalytics,
  systemActivity,
} from './reports.service.js';

/** Every report of the range in one answer (spec part 2 §3 "Comprehensive report"). */
export async function comprehensiveReport(
  db: DbOrTx,
  range: DateRange,
  echo: ComprehensiveReport['range'],
): Promise<ComprehensiveReport> {
  const revenue = await revenueAnalytics(db, range);
  const sales = await salesAnalytics(db, range);
  const { topCustomers: _top, ...customers } = await customerAnalytics(db, range);
  const inventory = await inventorySummary(db);
  const { topCoupons: _coupons, ...coupons } = await couponAnalytics(db, range);
  const { topActions: _actions, ...activity } = await systemActivity(db, range);
  const totals = await orderTotals(db, range);
  return {
    range: echo,
    revenue: {
      totalRevenue: revenue.totalRevenue,
      revenueGrowth: revenue.revenueGrowth,
      monthlyRevenue: revenue.monthlyRevenue,
    },
    sales: {
      totalSales: sales.totalSales,
      totalOrders: sales.totalOrders,
      conversionRate: sales.conversionRate,
      salesTrend: sales.salesTrend,
    },
    customers,
    inventory,
    orderPerformance: await orderPerformance(db, range),
    coupons,
    systemActivity: activity,
    dashboard: {
      userStats: { totalUsers: (await customersUpTo(db, range)).total },
      orderStats: { totalRevenue: totals.revenue, totalOrders: totals.orders, completedOrders: totals.delivered },
      productStats: { totalProducts: inventory.totalProducts },
    },
  };
}
