import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const ADMIN = { email: 'admin@seamline.dev', password: 'Admin123!' };
const SUPPORT = { email: 'support@seamline.dev', password: 'Support123!' };
const CUSTOMER = { email: 'emma.wilson@example.com', password: 'Customer123!' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The four session keys as the page sees them (a string expression: this project compiles without DOM types).
const storedKeys = (page: Page) =>
  page.evaluate(
    "['accessToken', 'refreshToken', 'userData', 'sessionTimestamp'].map((k) => localStorage.getItem(k))",
  ) as Promise<(string | null)[]>;

describe('signing in to the back office', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('the login page loads without console errors; / sends an anonymous visitor there', async () => {
    await page.goto('/');
    await page.waitForURL('**/login');
    // The login page is loaded lazily: wait for it rather than checking at once (flaky on a busy machine).
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await screenshot(page, 'login');
    await expectAccessible(page, 'login');
    await page.getByLabel('Email').focus();
    await screenshot(page, 'login-focus');
    await expectAccessible(page, 'login-focus');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('a wrong password shows the server error and keeps the visitor on /login', async () => {
    await signIn(page, { email: ADMIN.email, password: 'not-the-password' });
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    await expectAccessible(page, 'login-wrong-password');
  });

  browserTest('empty fields show the shared validation messages', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
  });

  browserTest('a customer is kept out with a clear message and no stored session', async () => {
    await signIn(page, CUSTOMER);
    await page.getByText('This back office is for store staff only.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedKeys(page)).toEqual([null, null, null, null]);
    await screenshot(page, 'login-customer');
    await expectAccessible(page, 'login-customer');
  });

  browserTest('the admin lands on the dashboard shell, stays signed in after reload, and signs out', async () => {
    consoleErrors.length = 0;
    await signIn(page, ADMIN);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Marketplace Dashboard' }).waitFor();
    await expect(page.getByTestId('current-user').textContent()).resolves.toContain('Admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const area of ['Dashboard', 'Orders', 'Products', 'Inventory', 'Users', 'Activity Logs', 'Sales analytics']) {
      await expect(nav.getByRole('link', { name: area, exact: true }).count()).resolves.toBe(1);
    }
    expect((await storedKeys(page)).every((value) => value !== null)).toBe(true);
    await screenshot(page, 'shell-dashboard');
    await expectAccessible(page, 'shell-dashboard');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Order Management', exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBeNull();

    await page.reload();
    await page.getByRole('heading', { name: 'Order Management', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await storedKeys(page)).toEqual([null, null, null, null]);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('support staff see only the areas their role may use; a tablet-width shell still works', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.evaluate('localStorage.clear()');
    await signIn(page, SUPPORT);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The URL changes before the signed-in shell has rendered; wait for it before counting links.
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Orders' }).count()).resolves.toBe(1);
    await expect(nav.getByRole('link', { name: 'Activity Logs' }).count()).resolves.toBe(0);
    await expect(nav.getByRole('link', { name: 'Inventory', exact: true }).count()).resolves.toBe(0);
    await screenshot(page, 'shell-tablet-support');
    await expectAccessible(page, 'shell-tablet-support');
    await page.goto('/activity-logs');
    await page.getByText('Access restricted').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
