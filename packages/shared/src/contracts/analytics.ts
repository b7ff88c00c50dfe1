import type { z } from 'zod';
import {
  analyticsRangeQuery,
  comprehensiveReport,
  couponAnalytics,
  customerAnalytics,
  dashboardAnalytics,
  orderPerformance,
  revenueAnalytics,
  salesAnalytics,
  systemActivity,
} from '../analytics.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';

/**
 * The analytics definitions (docs/domain.md § Domain rules), published in the OpenAPI document as each endpoint's
 * description so that every figure's meaning is stated where it is served.
 */
const COMMON = [
  'Range: `startDate` and `endDate` are `YYYY-MM-DD` days in UTC, the end day included (a full ISO date-time is',
  'taken as that instant); both optional, no range = all time. Orders, customers, products, redemptions and',
  'activities belong to the range by their creation time. Rates (`*Rate`, `*Growth`, `change`) are ratios',
  '(0.25 = 25%); `percentage` fields are percents (0-100). Money in dollars, exact to the cent.',
  'Revenue = sum of order totals over orders not cancelled or refunded. Completed orders = status delivered.',
  'Empty ranges answer zeros and empty series.',
].join(' ');

const definition = (...lines: string[]) => `${COMMON}\n\n${lines.join(' ')}`;

/**
 * One staff report over a date range (ACCESS.analytics: admin, moderator): every one takes the optional
 * `startDate`/`endDate` range and answers its figures, computed in SQL from the live tables, in the success envelope.
 */
function report<const Id extends string, const Path extends string, const Data extends z.ZodType>(
  operationId: Id,
  path: Path,
  summary: string,
  data: Data,
  description: string,
) {
  return endpoint({
    operationId,
    method: 'GET',
    path,
    summary,
    description,
    tag: 'analytics',
    access: 'analytics',
    query: analyticsRangeQuery,
    responses: { 200: envelope(data) },
  });
}

export const analyticsContracts = {
  dashboard: report(
    'getDashboardAnalytics',
    '/admin/analytics',
    'Dashboard figures and charts',
    dashboardAnalytics,
    definition(
      'orderStats: orders created in the range (all statuses), revenue, delivered orders.',
      'userStats: customers (role customer) registered in the range, and how many of them are active (isActive).',
      'productStats: products created in the range, how many are active; lowStockProducts = products whose stock',
      'status is Low Stock now (some combination at or below its threshold, total above 0).',
      'Each `change` compares with the previous period of equal length: (this - previous) / previous; null with no',
      'range, when the previous value is 0 (and this one is not), and for lowStockProducts (a state of now).',
      'Charts: revenueByDay and orderTrends per UTC day with orders; productSalesByCategory = units and line revenue',
      "(sum of item totals, before discount, shipping and tax) by the product's category; topResellers = top 5 brands",
      "by line revenue with orders, units, the brand's catalogue products and their average rating.",
    ),
  ),
  sales: report(
    'getSalesAnalytics',
    '/admin/analytics/sales',
    'Sales analytics',
    salesAnalytics,
    definition(
      'totalSales = revenue; totalOrders = all orders; averageOrderValue = revenue / orders counted in revenue;',
      'conversionRate = orders with payment status paid / all orders (checkout completion). salesTrend per UTC day',
      '(revenue, all orders); salesByCategory and topSellingProducts (top 10 by units) use line revenue of revenue',
      "orders and the product's real category.",
    ),
  ),
  revenue: report(
    'getRevenueAnalytics',
    '/admin/analytics/revenue',
    'Revenue analytics',
    revenueAnalytics,
    definition(
      'Revenue is the money that moved in the range: succeeded charges and staff-recorded payments on the UTC day the',
      'money arrived, less succeeded refunds on the day they were given back; unpaid orders are no revenue yet.',
      'revenueGrowth = (revenue of the range - revenue of the previous range of equal length) / previous; null',
      'without a closed range or when the previous revenue is 0. averageRevenuePerOrder = revenue / payments received.',
      'monthlyRevenue per UTC month and revenueByPaymentMethod (the method the money moved by) count payments received',
      'as orderCount. revenueByStatus reads the orders placed in the range: every status present with its order count',
      'and order revenue (0 for cancelled and refunded) and its percentage of their sum.',
    ),
  ),
  customers: report(
    'getCustomerAnalytics',
    '/admin/analytics/customers',
    'Customer analytics',
    customerAnalytics,
    definition(
      'totalCustomers = customers registered by the end of the range; newCustomers = registered in the range.',
      "Over the customers' orders in the range that are not cancelled or refunded: repeatCustomers = customers with 2",
      'or more; customerRetentionRate = repeat / customers with at least 1; averageCustomerValue = their revenue /',
      'customers with at least 1 (guest orders belong to no customer); topCustomers = top 10 by amount spent.',
    ),
  ),
  orderPerformance: report(
    'getOrderPerformance',
    '/admin/analytics/orders/performance',
    'Order performance',
    orderPerformance,
    definition(
      'fulfillmentRate = delivered / (all - cancelled - refunded); averageProcessingTime = mean hours from created to',
      "shipped over the range's shipped orders; orderStatusDistribution = count and percentage of all orders per",
      'status.',
    ),
  ),
  coupons: report(
    'getCouponRedemptions',
    '/admin/analytics/coupons',
    'Coupon redemptions',
    couponAnalytics,
    definition(
      'Redemptions made in the range and not given back (a cancelled order returns its redemption).',
      'averageDiscountRate = total discount / total subtotal of the redeemed orders; redemptionTrends per UTC day;',
      'topCoupons = top 5 by redemptions.',
    ),
  ),
  systemActivity: report(
    'getSystemActivity',
    '/admin/analytics/activity/system',
    'System activity',
    systemActivity,
    definition(
      'Activity-log entries created in the range: total, distinct users, count and percentage per status, per UTC',
      'day (entries, distinct users), and the 5 most frequent action/resource pairs.',
    ),
  ),
  comprehensiveReport: report(
    'getComprehensiveReport',
    '/admin/analytics/reports/comprehensive',
    'Comprehensive report',
    comprehensiveReport,
    definition(
      'All reports of the range in one answer: revenue (the money that moved, as the revenue report), sales (orders',
      'placed), customers, inventory (now: total, active, Low Stock',
      'and Out of Stock products by the stock-status rules), orderPerformance, coupons, systemActivity and dashboard',
      '(customers by the end of the range, order totals of the range, products in the catalogue).',
    ),
  ),
};
