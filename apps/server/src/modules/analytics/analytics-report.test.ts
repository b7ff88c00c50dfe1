import { stockStatus } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnalyticsDataSet } from '../../../test/analytics-fixture.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { inventory } from '../../db/schema/index.js';
import { inventorySummary } from './inventory-summary.js';

const PATHS = [
  '',
  '/sales',
  '/revenue',
  '/customers',
  '/orders/performance',
  '/coupons',
  '/activity/system',
  '/reports/comprehensive',
];

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await buildAnalyticsDataSet(t.app.db);
  token = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

describe('comprehensive report', () => {
  it('gives every section of the range', async () => {
    const res = await call(
      t.app,
      'GET',
      '/api/admin/analytics/reports/comprehensive?startDate=2026-03-01&endDate=2026-03-31',
      { token },
    );
    expect(res.status).toBe(200);
    const report = res.body.data;
    // Revenue is the money that moved, as in the revenue report (analytics.test.ts); sales are the orders placed.
    expect(report.revenue).toMatchObject({
      totalRevenue: 162.19,
      revenueGrowth: 0.6219,
      monthlyRevenue: [{ month: '2026-03', revenue: 162.19, orderCount: 4 }],
    });
    expect(report.sales).toMatchObject({ totalSales: 268.2, totalOrders: 6, conversionRate: 0.5 });
    expect(report.sales.salesTrend).toHaveLength(6);
    expect(report.customers).toEqual({
      totalCustomers: 4,
      newCustomers: 2,
      repeatCustomers: 1,
      customersWithOrders: 3,
      averageCustomerValue: 89.4,
      customerRetentionRate: 0.3333,
    });
    expect(report.inventory).toEqual({
      totalProducts: 4,
      activeProducts: 3,
      lowStockProducts: 1,
      outOfStockProducts: 1,
    });
    expect(report.orderPerformance).toMatchObject({ totalOrders: 6, fulfillmentRate: 0.5, averageProcessingTime: 24 });
    expect(report.orderPerformance.orderStatusDistribution).toHaveLength(5);
    expect(report.coupons).toEqual({
      totalRedemptions: 2,
      totalDiscount: 15,
      averageDiscountRate: 0.125,
      redemptionTrends: [
        { date: '2026-03-10', redemptions: 1, discountAmount: 10 },
        { date: '2026-03-25', redemptions: 1, discountAmount: 5 },
      ],
    });
    expect(report.systemActivity).toMatchObject({ totalActivities: 4, uniqueUsers: 2 });
    expect(report.systemActivity.activitiesByStatus).toEqual([
      { status: 'failure', count: 2, percentage: 50 },
      { status: 'success', count: 2, percentage: 50 },
    ]);
    expect(report.systemActivity.activityTrends).toHaveLength(2);
    expect(report.dashboard).toEqual({
      userStats: { totalUsers: 4 },
      orderStats: { totalRevenue: 268.2, totalOrders: 6, completedOrders: 2 },
      productStats: { totalProducts: 4 },
    });
  });
});

describe('inventory summary', () => {
  it('agrees with the shared stockStatus rule for every product', async () => {
    const rows = await t.app.db.select().from(inventory);
    const byProduct = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    const statuses = [...byProduct.values()].map((levels) => stockStatus(levels));
    const summary = await inventorySummary(t.app.db);
    expect(summary.lowStockProducts).toBe(statuses.filter((s) => s === 'Low Stock').length);
    expect(summary.outOfStockProducts).toBe(statuses.filter((s) => s === 'Out of Stock').length);
    expect(summary.totalProducts).toBe(byProduct.size);
  });
});

describe('empty ranges', () => {
  it.each(PATHS)('%s answers zeros and empty series', async (path) => {
    const res = await call(t.app, 'GET', `/api/admin/analytics${path}?startDate=2020-01-01&endDate=2020-01-31`, {
      token,
    });
    expect(res.status).toBe(200);
    const body = JSON.stringify(res.body.data);
    // No money or count of the range is anything but 0 and every series is empty (stock is a state of now).
    const numbers = [...body.matchAll(/"(\w+)":(-?[\d.]+)/g)]
      .filter(([, key]) => !/Products$|^products$/.test(key!))
      .map(([, , value]) => Number(value));
    expect(numbers.every((n) => n === 0)).toBe(true);
    const arrays = [...body.matchAll(/"(\w+)":\[(.?)/g)];
    expect(arrays.length).toBeGreaterThan(0);
    expect(arrays.every(([, , first]) => first === ']')).toBe(true);
  });
});

describe('access', () => {
  it.each(PATHS)('%s: moderator yes, support and customer 403, anonymous 401', async (path) => {
    const url = `/api/admin/analytics${path}`;
    const moderator = await signedIn(t.app, 'moderator');
    expect((await call(t.app, 'GET', url, { token: moderator.token })).status).toBe(200);
    for (const role of ['support', 'customer'] as const) {
      const other = await signedIn(t.app, role);
      const res = await call(t.app, 'GET', url, { token: other.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await call(t.app, 'GET', url)).status).toBe(401);
  });
});

describe('bad dates', () => {
  it.each([
    ['startDate=2026-13-01', 'Invalid date. Use YYYY-MM-DD or an ISO 8601 date-time'],
    ['startDate=2026-02-30', 'Invalid date. Use YYYY-MM-DD or an ISO 8601 date-time'],
    ['endDate=yesterday', 'Invalid date. Use YYYY-MM-DD or an ISO 8601 date-time'],
    ['startDate=2026-03-01%27%20OR%201=1', 'Invalid date. Use YYYY-MM-DD or an ISO 8601 date-time'],
    ['startDate=2026-03-10&endDate=2026-03-01', 'startDate must not be after endDate'],
    ['startDate=2026-03-01&startDate=2026-03-02', undefined],
  ])('%s gives 400', async (query, message) => {
    for (const path of PATHS) {
      const res = await call(t.app, 'GET', `/api/admin/analytics${path}?${query}`, { token });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      if (message) expect(res.body.error).toBe(message);
    }
  });

  it('accepts a one-day range (start = end)', async () => {
    const res = await call(t.app, 'GET', '/api/admin/analytics/sales?startDate=2026-03-31&endDate=2026-03-31', {
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ totalOrders: 1, totalSales: 81.01 });
  });
});
