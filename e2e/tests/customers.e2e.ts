import { authContracts, customerContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, call, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

// Liam (not Emma, whom the sign-in tests use) is deactivated here and reactivated afterwards.
const LIAM = { email: 'liam.chen@example.com', password: 'Customer123!', phone: '5550198765', name: 'Liam Chen' };

describe('customer management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let liamId: string;
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    const list = await callData(customerContracts.list, {
      query: { search: LIAM.email },
      token: await accessToken(ADMIN),
    });
    liamId = list.users[0]!.id;
  });
  afterAll(async () => {
    if (liamId)
      await callData(customerContracts.setStatus, {
        params: { id: liamId },
        body: { isActive: true },
        token: await accessToken(ADMIN),
      });
    await context?.close();
  });

  browserTest(
    'find a customer by phone, see their real orders, deactivate them; their sign-in then fails',
    async () => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/dashboard');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Customers', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Customer Management' }).waitFor();
      await page.getByRole('list', { name: 'Customers' }).waitFor();
      await screenshot(page, 'customers-sidebar');
      await expectAccessible(page, 'customers-sidebar');

      // Find by phone: the list narrows to Liam, the match is highlighted, the panel shows him.
      await page.getByLabel('Search customers by name, email or phone...').fill(LIAM.phone);
      await page.getByText(/^1 of \d+ customers$/).waitFor();
      const entries = page.getByRole('list', { name: 'Customers' }).getByRole('listitem');
      await expect(entries.count()).resolves.toBe(1);
      await expect(entries.first().textContent()).resolves.toContain(LIAM.name);
      await expect(page.locator('mark', { hasText: LIAM.phone }).count()).resolves.toBeGreaterThan(0);
      await screenshot(page, 'customers-search-phone');
      await expectAccessible(page, 'customers-search-phone');

      // The search lives in the URL: a reload shows the same list, found by the server in one page.
      expect(new URL(page.url()).searchParams.get('search')).toBe(LIAM.phone);
      const listRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/admin/customers') listRequests.push(request.url());
      });
      await page.reload();
      await page.getByText(/^1 of \d+ customers$/).waitFor();
      await expect(entries.first().textContent()).resolves.toContain(LIAM.name);
      expect(listRequests.map((url) => new URL(url).searchParams.get('limit'))).toEqual(['10']);

      // Details → Orders: exactly the orders the server holds for him.
      const detail = await callData(customerContracts.get, { params: { id: liamId }, token: await accessToken(ADMIN) });
      await page.getByRole('button', { name: 'View Details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Customer Details' });
      await dialog.waitFor();
      await dialog.getByRole('tab', { name: 'Orders' }).click();
      if (detail.orders.length > 0) {
        const table = dialog.getByRole('table', { name: 'Customer orders' });
        await table.waitFor();
        for (const order of detail.orders.slice(0, 5)) {
          await expect(table.getByText(order.orderNumber, { exact: true }).count()).resolves.toBe(1);
        }
        await expect(table.getByRole('row').count()).resolves.toBe(detail.orders.length + 1);
      } else {
        await dialog.getByText('No orders yet').waitFor();
      }
      await screenshot(page, 'customers-details-orders');
      await expectAccessible(page, 'customers-details-orders');
      await dialog.getByRole('tab', { name: 'Analytics' }).click();
      await dialog.getByText('Tier progress').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Deactivate through Manage Customer Status.
      await page.getByRole('button', { name: 'Manage Status' }).click();
      const statusDialog = page.getByRole('dialog', { name: 'Manage Customer Status' });
      await statusDialog
        .getByText('The customer cannot sign in, place orders or access their account.', { exact: false })
        .waitFor();
      await statusDialog.getByRole('radio', { name: /Inactive/ }).check();
      await screenshot(page, 'customers-manage-status');
      await expectAccessible(page, 'customers-manage-status');
      await statusDialog.getByRole('button', { name: 'Update Status' }).click();
      await page.getByText('Customer status updated successfully!').waitFor();
      await statusDialog.waitFor({ state: 'hidden' });
      await entries.first().getByText('Inactive').waitFor();
      await screenshot(page, 'customers-deactivated');
      await expectAccessible(page, 'customers-deactivated');

      // The active-only filter now leaves him out.
      await page.getByLabel('Active only').click();
      await page.getByText('No results').waitFor();
      await page.getByLabel('Active only').click();

      // His sign-in fails, through the API and on the sign-in page.
      const refused = await call(authContracts.login, { body: { email: LIAM.email, password: LIAM.password } });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: 'Your account has been deactivated. Please contact support.' });
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/login');
      await page.getByLabel('Email').fill(LIAM.email);
      await page.getByLabel('Password').fill(LIAM.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Your account has been deactivated. Please contact support.').waitFor();
      await screenshot(page, 'customers-deactivated-sign-in');
      await expectAccessible(page, 'customers-deactivated-sign-in');
      expect(consoleErrors.filter((e) => !e.includes('403'))).toEqual([]);
    },
  );
});
