import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import {
  baseUrl,
  browserTest,
  expectAccessible,
  openBrowser,
  pageAccessToken,
  refreshCookieOf,
  screenshot,
  scriptReadableState,
} from '../browser.js';

const SUPPORT = { email: 'support@seamline.dev', password: 'Support123!' };
const CUSTOMER = { email: 'emma.wilson@example.com', password: 'Customer123!' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The session keys as the page sees them: the user and timestamp, and the token keys of before the cookie, which
// must stay empty (a string expression: this project compiles without DOM types).
const storedKeys = (page: Page) =>
  page.evaluate(
    "['userData', 'sessionTimestamp', 'accessToken', 'refreshToken'].map((k) => localStorage.getItem(k))",
  ) as Promise<(string | null)[]>;

/** Every JSON answer of the API the page receives, as text (to check no refresh token is ever in one). */
function recordApiAnswers(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/'))
      void response
        .text()
        .then((text) => answers.push(text))
        .catch(() => undefined);
  });
  return answers;
}

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
    // The sign-in's cookie was cleared by the logout that ended the customer's session.
    expect(await refreshCookieOf(context, 'back-office')).toBeUndefined();
    await screenshot(page, 'login-customer');
    await expectAccessible(page, 'login-customer');
  });

  browserTest('the admin lands on the dashboard shell, stays signed in after reload, and signs out', async () => {
    consoleErrors.length = 0;
    const answers = recordApiAnswers(page);
    await signIn(page, ADMIN);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Marketplace Dashboard' }).waitFor();
    await expect(page.getByTestId('current-user').textContent()).resolves.toContain('Admin');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const area of ['Dashboard', 'Orders', 'Products', 'Inventory', 'Users', 'Activity Logs', 'Sales analytics']) {
      await expect(nav.getByRole('link', { name: area, exact: true }).count()).resolves.toBe(1);
    }
    const [userData, timestamp, accessToken, refreshToken] = await storedKeys(page);
    expect([userData && JSON.parse(userData).email, Number(timestamp) > 0]).toEqual([ADMIN.email, true]);
    expect([accessToken, refreshToken]).toEqual([null, null]);
    // The refresh token is an HttpOnly, Secure (accepted on http://127.0.0.1), SameSite=Strict cookie on /api/auth.
    const cookie = await refreshCookieOf(context, 'back-office');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie!.value.length).toBeGreaterThan(30);
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    await screenshot(page, 'shell-dashboard');
    await expectAccessible(page, 'shell-dashboard');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Order Management', exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).resolves.toBeNull();

    // A reload starts without an access token (memory only): the app renews it from the cookie, which rotates.
    await page.reload();
    await page.getByRole('heading', { name: 'Order Management', exact: true }).waitFor();
    // The orders arrived: the reloaded tab's API calls carry a renewed access token.
    await page.getByRole('list', { name: 'Orders' }).getByRole('button').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    const rotated = await refreshCookieOf(context, 'back-office');
    expect(rotated?.value).not.toBe(cookie!.value);
    // Scripts see neither refresh token, and no API answer ever carried one.
    for (const value of [cookie!.value, rotated!.value]) {
      expect(await scriptReadableState(page)).not.toContain(value);
      expect(answers.join('\n')).not.toContain(value);
    }
    expect(answers.some((text) => text.includes('"accessToken"'))).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await storedKeys(page)).toEqual([null, null, null, null]);
    expect(await refreshCookieOf(context, 'back-office')).toBeUndefined();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('two tabs: renewing at once keeps both signed in; signing out in one signs out the other', async () => {
    consoleErrors.length = 0;
    await signIn(page, ADMIN);
    await page.waitForURL('**/dashboard');
    const second = await context.newPage();
    // A slow network for renewals, so the two tabs' refreshes are in flight together unless they take turns.
    await context.route('**/api/auth/refresh', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 750));
      await route.continue();
    });
    try {
      await second.goto('/orders');
      await second.getByRole('heading', { name: 'Order Management', exact: true }).waitFor();
      // Both tabs start without an access token and renew it from the one cookie at the same moment: they take
      // turns (Web Locks), so neither spends a token the other already spent (which would end the session).
      for (let round = 0; round < 3; round++) {
        await Promise.all([page.reload(), second.reload()]);
        await Promise.all([page.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);
        await Promise.all([
          page.getByRole('heading', { name: 'Marketplace Dashboard' }).waitFor(),
          second.getByRole('list', { name: 'Orders' }).getByRole('button').first().waitFor(),
        ]);
      }
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(new URL(second.url()).pathname).toBe('/orders');
      // The session was never ended as a reuse: its cookie still renews.
      await expect(pageAccessToken(page, 'back-office')).resolves.toMatch(/^ey/);

      await second.getByRole('button', { name: 'Sign out' }).click();
      await second.waitForURL('**/login');
      await page.waitForURL('**/login');
      expect(await storedKeys(page)).toEqual([null, null, null, null]);
    } finally {
      await context.unroute('**/api/auth/refresh');
      await second.close();
    }
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
