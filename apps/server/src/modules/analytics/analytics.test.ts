import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnalyticsDataSet } from '../../../test/analytics-fixture.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

// Every expected figure below is worked out by hand from test/analytics-fixture.ts.
const MARCH = 'startDate=2026-03-01&endDate=2026-03-31';

let t: TestApp;
let token: string;
let store: Awaited<ReturnType<typeof buildAnalyticsDataSet>>;
beforeAll(async () => {
  t = await createTestApp();
  store = await buildAnalyticsDataSet(t.app.db);
  token = (await signedIn(t.app, 'moderator')).token;
});
afterAll(async () => t.close());

async function get(path: string, query = MARCH) {
  const res = await call(t.app, 'GET', `/api/admin/analytics${path}${query ? `?${query}` : ''}`, { token });
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

describe('dashboard', () => {
  it('gives the range figures with their change against the previous period of equal length', async () => {
    const data = await get('');
    expect(data.range).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31' });
    // Orders created in March: 6 (one at 23:30 on the inclusive end day); revenue leaves out cancelled + refunded.
    // Previous period (Jan 29 - Feb 28): 2 orders, revenue 100 (the cancelled 50 excluded), 1 delivered.
    expect(data.orderStats).toEqual({
      totalOrders: 6,
      totalRevenue: 268.2,
      completedOrders: 2,
      change: { totalOrders: 2, totalRevenue: 1.682, completedOrders: 1 },
    });
    // Customers registered in March: Bob and Carol (inactive); previous period: Dan.
    expect(data.userStats).toEqual({ totalUsers: 2, activeUsers: 1, change: { totalUsers: 1, activeUsers: 0 } });
    // Products created in March: Tee, Scarf; previous: Jeans. Low Stock now: Tee only (Cap is out, Scarf moderate).
    expect(data.productStats).toEqual({
      totalProducts: 2,
      activeProducts: 2,
      lowStockProducts: 1,
      change: { totalProducts: 1, activeProducts: 1, lowStockProducts: null },
    });
  });

  it('gives the four chart series', async () => {
    const { charts } = await get('');
    expect(charts.revenueByDay).toEqual([
      { date: '2026-03-03', revenue: 59.99, orders: 1 },
      { date: '2026-03-10', revenue: 97.2, orders: 1 },
      { date: '2026-03-15', revenue: 0, orders: 1 },
      { date: '2026-03-20', revenue: 0, orders: 1 },
      { date: '2026-03-25', revenue: 30, orders: 1 },
      { date: '2026-03-31', revenue: 81.01, orders: 1 },
    ]);
    expect(charts.orderTrends.map((p: { completed: number; cancelled: number }) => [p.completed, p.cancelled])).toEqual(
      [
        [1, 0],
        [0, 0],
        [0, 1],
        [0, 0],
        [1, 0],
        [0, 0],
      ],
    );
    expect(charts.productSalesByCategory).toEqual([
      { category: 'Tops', units: 6, revenue: 145 },
      { category: 'Bottoms', units: 1, revenue: 100 },
    ]);
    expect(charts.topResellers).toEqual([
      { brandId: expect.any(String), brand: 'Alpha', revenue: 145, orders: 4, units: 6, products: 2, averageRating: 4 },
      {
        brandId: expect.any(String),
        brand: 'Beta',
        revenue: 100,
        orders: 1,
        units: 1,
        products: 2,
        averageRating: 4.5,
      },
    ]);
  });

  it('overall (no range) counts everything and has no change', async () => {
    const data = await get('', '');
    expect(data.range).toEqual({ startDate: null, endDate: null });
    expect(data.orderStats).toEqual({
      totalOrders: 10,
      totalRevenue: 638.2,
      completedOrders: 5,
      change: { totalOrders: null, totalRevenue: null, completedOrders: null },
    });
    expect(data.userStats).toMatchObject({ totalUsers: 5, activeUsers: 4 });
    expect(data.productStats).toMatchObject({ totalProducts: 4, activeProducts: 3, lowStockProducts: 1 });
  });
});

describe('sales', () => {
  it('gives totals, conversion, trend, categories and top products with their real category', async () => {
    const data = await get('/sales');
    expect(data).toMatchObject({ totalSales: 268.2, totalOrders: 6, averageOrderValue: 67.05, conversionRate: 0.5 });
    expect(data.salesTrend).toHaveLength(6);
    expect(data.salesByCategory).toEqual([
      { category: 'Tops', revenue: 145, quantity: 6 },
      { category: 'Bottoms', revenue: 100, quantity: 1 },
    ]);
    expect(data.topSellingProducts).toEqual([
      {
        productId: data.topSellingProducts[0].productId,
        productName: 'Tee',
        category: 'Tops',
        quantity: 3,
        revenue: 75,
      },
      {
        productId: data.topSellingProducts[1].productId,
        productName: 'Cap',
        category: 'Tops',
        quantity: 3,
        revenue: 70,
      },
      {
        productId: data.topSellingProducts[2].productId,
        productName: 'Jeans',
        category: 'Bottoms',
        quantity: 1,
        revenue: 100,
      },
    ]);
  });
});

describe('revenue', () => {
  it('gives the money that moved, growth against the previous period, months, methods and statuses', async () => {
    const data = await get('/revenue');
    // March's money: charges 59.99 (card), 97.2 (PayPal), 113.99 (card, all given back on the 22nd), a transfer of
    // 30, and 25 given back from February's card payment: 59.99 + 97.2 + 0 + 30 - 25 = 162.19 over 4 payments
    // received. The unpaid cash order is not money yet. February took 100. The status table reads the orders placed.
    expect(data).toMatchObject({
      totalRevenue: 162.19,
      previousRevenue: 100,
      revenueGrowth: 0.6219,
      averageRevenuePerOrder: 40.55,
      monthlyRevenue: [{ month: '2026-03', revenue: 162.19, orderCount: 4 }],
      revenueByPaymentMethod: [
        { paymentMethod: 'paypal', revenue: 97.2, orderCount: 1 },
        { paymentMethod: 'stripe', revenue: 34.99, orderCount: 2 },
        { paymentMethod: 'bank_transfer', revenue: 30, orderCount: 1 },
      ],
      revenueByStatus: [
        { status: 'pending', revenue: 81.01, orderCount: 1, percentage: 30.2 },
        { status: 'shipped', revenue: 97.2, orderCount: 1, percentage: 36.2 },
        { status: 'delivered', revenue: 89.99, orderCount: 2, percentage: 33.6 },
        { status: 'cancelled', revenue: 0, orderCount: 1, percentage: 0 },
        { status: 'refunded', revenue: 0, orderCount: 1, percentage: 0 },
      ],
    });
  });

  it('counts the whole history without dates, by the months the money moved', async () => {
    const data = await get('/revenue', '');
    // 200 (June 2025) + 100 (February) + 162.19 (March) + 70 (April).
    expect(data.totalRevenue).toBe(532.19);
    expect(data.monthlyRevenue).toEqual([
      { month: '2025-06', revenue: 200, orderCount: 1 },
      { month: '2026-02', revenue: 100, orderCount: 1 },
      { month: '2026-03', revenue: 162.19, orderCount: 4 },
      { month: '2026-04', revenue: 70, orderCount: 1 },
    ]);
  });

  it('has no growth without a closed range', async () => {
    expect((await get('/revenue', 'startDate=2026-03-01')).revenueGrowth).toBeNull();
  });
});

describe('customers', () => {
  it('counts customers, new, repeat, retention, value and the top spenders', async () => {
    const data = await get('/customers');
    // Registered by March 31: Alice, Bob, Carol, Dan (Eve came in April). Ordered in March (not cancelled/refunded):
    // Alice twice (157.19), Bob once (81.01; his cancelled order does not count), Dan once (30). Guests are no one.
    expect(data).toEqual({
      totalCustomers: 4,
      newCustomers: 2,
      repeatCustomers: 1,
      customersWithOrders: 3,
      averageCustomerValue: 89.4,
      customerRetentionRate: 0.3333,
      topCustomers: [
        {
          customerId: data.topCustomers[0].customerId,
          customerName: 'Alice Shopper',
          email: expect.any(String),
          orderCount: 2,
          totalSpent: 157.19,
        },
        {
          customerId: data.topCustomers[1].customerId,
          customerName: 'Bob Shopper',
          email: expect.any(String),
          orderCount: 1,
          totalSpent: 81.01,
        },
        {
          customerId: data.topCustomers[2].customerId,
          customerName: 'Dan Shopper',
          email: expect.any(String),
          orderCount: 1,
          totalSpent: 30,
        },
      ],
    });
    expect(data.topCustomers[0].customerId).toBe(store.alice.id);
  });
});

describe('order performance', () => {
  it('gives fulfillment, processing time and the status distribution', async () => {
    const data = await get('/orders/performance');
    expect(data).toEqual({
      totalOrders: 6,
      fulfillmentRate: 0.5,
      averageProcessingTime: 24,
      orderStatusDistribution: [
        { status: 'pending', count: 1, percentage: 16.7 },
        { status: 'shipped', count: 1, percentage: 16.7 },
        { status: 'delivered', count: 2, percentage: 33.3 },
        { status: 'cancelled', count: 1, percentage: 16.7 },
        { status: 'refunded', count: 1, percentage: 16.7 },
      ],
    });
  });
});

describe('coupons', () => {
  it('counts redemptions that were not given back', async () => {
    const data = await get('/coupons');
    expect(data).toEqual({
      totalRedemptions: 2,
      totalDiscount: 15,
      averageDiscountRate: 0.125,
      redemptionTrends: [
        { date: '2026-03-10', redemptions: 1, discountAmount: 10 },
        { date: '2026-03-25', redemptions: 1, discountAmount: 5 },
      ],
      topCoupons: [
        { couponId: store.k1.id, code: 'SAVE10AA', name: 'Coupon SAVE10AA', redemptions: 1, discountAmount: 10 },
        { couponId: store.k2.id, code: 'FIVEOFFB', name: 'Coupon FIVEOFFB', redemptions: 1, discountAmount: 5 },
      ],
    });
  });
});

describe('system activity', () => {
  it('counts entries, users, statuses, days and actions', async () => {
    const data = await get('/activity/system');
    expect(data).toEqual({
      totalActivities: 4,
      uniqueUsers: 2,
      activitiesByStatus: [
        { status: 'failure', count: 2, percentage: 50 },
        { status: 'success', count: 2, percentage: 50 },
      ],
      activityTrends: [
        { date: '2026-03-02', activityCount: 2, uniqueUsers: 1 },
        { date: '2026-03-05', activityCount: 2, uniqueUsers: 1 },
      ],
      topActions: [
        { action: 'update', resource: 'product', count: 2 },
        { action: 'create', resource: 'coupon', count: 1 },
        { action: 'login', resource: 'auth', count: 1 },
      ],
    });
  });
});
