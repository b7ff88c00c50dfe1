import { analyticsContracts, lastDaysQuery } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, callData, type DataOf } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, pageAccessToken, screenshot } from '../browser.js';

const number = new Intl.NumberFormat('en-US');
const thousands = (value: number) => `$${(value / 1000).toFixed(1)}k`;

type Dashboard = DataOf<typeof analyticsContracts.dashboard>;

/** The API's answer for the page's own session. */
async function apiDashboard(page: Page, query: { startDate?: string; endDate?: string } = {}): Promise<Dashboard> {
  return callData(analyticsContracts.dashboard, { query, token: await pageAccessToken(page, 'back-office') });
}

async function cardValue(page: Page, title: string): Promise<string> {
  const card = page.locator('[data-testid=kpi-card]', { has: page.getByText(title, { exact: true }) });
  return ((await card.locator('[data-testid=kpi-value]').textContent()) ?? '').trim();
}

async function expectCards(page: Page, data: Dashboard) {
  expect(await cardValue(page, 'Total Orders')).toBe(number.format(data.orderStats.totalOrders));
  expect(await cardValue(page, 'Total Revenue')).toBe(thousands(data.orderStats.totalRevenue));
  expect(await cardValue(page, 'Total Customers')).toBe(number.format(data.userStats.totalUsers));
  expect(await cardValue(page, 'Active Customers')).toBe(number.format(data.userStats.activeUsers));
  expect(await cardValue(page, 'Total Products')).toBe(number.format(data.productStats.totalProducts));
  expect(await cardValue(page, 'Active Products')).toBe(number.format(data.productStats.activeProducts));
  expect(await cardValue(page, 'Low Stock Products')).toBe(number.format(data.productStats.lowStockProducts));
  expect(await cardValue(page, 'Completed Orders')).toBe(number.format(data.orderStats.completedOrders));
}

describe('analytics screens', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
  });
  afterAll(async () => context?.close());

  browserTest('the dashboard shows the API figures for "overall", and other figures for another period', async () => {
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByRole('heading', { name: 'Marketplace Dashboard' }).isVisible()).toBe(true);
    const overall = await apiDashboard(page);
    expect(overall.orderStats.totalOrders).toBeGreaterThan(0);
    await expectCards(page, overall);
    // The four charts arrive on demand.
    await page.getByTestId('dashboard-charts').waitFor();
    await expect.poll(() => page.locator('[data-testid=dashboard-charts] .recharts-wrapper').count()).toBe(4);
    await screenshot(page, 'dashboard-overall');
    await expectAccessible(page, 'dashboard-overall');

    const daily = lastDaysQuery(1);
    const answered = page.waitForResponse((r) => r.url().includes(`/api/admin/analytics?startDate=${daily.startDate}`));
    await page.getByLabel('Period').selectOption('daily');
    await answered;
    const dailyData = await apiDashboard(page, daily);
    expect(dailyData.orderStats.totalOrders).toBeLessThan(overall.orderStats.totalOrders);
    await expect.poll(() => cardValue(page, 'Total Orders')).toBe(number.format(dailyData.orderStats.totalOrders));
    await expectCards(page, dailyData);
    expect(await page.getByText('Daily ·').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Refresh Analytics' }).click();
    await page.getByText('Analytics refreshed successfully!').waitFor();
    await screenshot(page, 'dashboard-daily');
    await expectAccessible(page, 'dashboard-daily');
    expect(consoleErrors).toEqual([]);
  });

  const screens: [string, string, number][] = [
    ['/analytics/sales', 'Sales Analytics', 2],
    ['/analytics/revenue', 'Revenue Analytics', 2],
    ['/analytics/customers', 'Customer Analytics', 1],
    ['/analytics/reports', 'Comprehensive Reports', 8],
  ];
  for (const [path, title, charts] of screens) {
    browserTest(`${title} renders its figures and charts and follows its range`, async () => {
      await page.goto(path);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.locator('[data-testid=kpi-card]').first().waitFor();
      await expect.poll(() => page.locator('.recharts-wrapper').count()).toBe(charts);
      await screenshot(page, `analytics-${path.split('/').at(-1)}`);
      await expectAccessible(page, `analytics-${path.split('/').at(-1)}`);
      const reloaded = page.waitForResponse((r) => r.url().includes('/api/admin/analytics') && r.status() === 200);
      await page.getByLabel('Date range').selectOption('7');
      await reloaded;
      await page.locator('[data-testid=kpi-card]').first().waitFor();
      expect(consoleErrors).toEqual([]);
    });
  }
});
