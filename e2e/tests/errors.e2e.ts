import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { BACK_OFFICE_SCREENS, baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const CRASH = 'Unexpected Application Error';

const signOut = (page: Page) => page.evaluate('localStorage.clear()');
const textCount = (page: Page, text: string) => page.getByText(text).count();

/** The screens retry a failed call once, about a second later (the query client's retry delay). */
const RETRY_QUIET_MS = 1_100;
/** Tabs visiting the screens side by side. */
const TABS = 4;

/** Waits until no API call is in flight and none has answered for longer than the retry delay. */
async function settle(page: Page) {
  let inFlight = 0;
  let lastAnswer = Date.now();
  const started = (request: Request) => {
    if (request.url().includes('/api/')) inFlight += 1;
  };
  const ended = (request: Request) => {
    if (!request.url().includes('/api/')) return;
    inFlight -= 1;
    lastAnswer = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - lastAnswer > RETRY_QUIET_MS, { timeout: 15_000, interval: 100 })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

async function signIn(page: Page) {
  await page.goto('/login');
  await signOut(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

describe('unknown addresses and screens that fail to load', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());
  beforeEach(async () => {
    if (!page) return;
    await page.unrouteAll();
    await page.setViewportSize(DESKTOP);
    consoleErrors.length = 0;
  });

  for (const [device, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    browserTest(`a signed-out visitor on a ${device} sees "Page not found" with a way to sign in`, async () => {
      await page.goto('/login');
      await signOut(page);
      await page.setViewportSize(size);
      await page.goto('/nonexistent-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await expect(textCount(page, CRASH)).resolves.toBe(0);
      await screenshot(page, `not-found-signed-out-${device}`);
      await expectAccessible(page, `not-found-signed-out-${device}`);
      await page.getByRole('link', { name: 'Go to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });

    browserTest(
      `a signed-in user on a ${device} sees "Page not found" in the back office with a way back`,
      async () => {
        await signIn(page);
        await page.setViewportSize(size);
        for (const address of ['/nonexistent-page', '/orders/old/link']) {
          await page.goto(address);
          await page.getByRole('heading', { name: 'Page not found' }).waitFor();
          await expect(textCount(page, CRASH)).resolves.toBe(0);
          // Still inside the back office: the navigation is there.
          await page.getByRole('navigation', { name: 'Main' }).waitFor();
        }
        await expect(page.title()).resolves.toBe('Page not found · Seamline');
        await screenshot(page, `not-found-signed-in-${device}`);
        await expectAccessible(page, `not-found-signed-in-${device}`);
        await page.getByRole('link', { name: 'Back to the dashboard' }).click();
        await page.waitForURL('**/dashboard');
        await page.getByRole('heading', { name: 'Marketplace Dashboard' }).waitFor();
        await signOut(page);
      },
    );
  }

  browserTest('a screen whose code fails to load shows a friendly error whose Try Again works', async () => {
    await signIn(page);
    // The Orders screen's code arrives in its own chunk: make the server fail it.
    await page.route(/\/assets\/OrdersPage-[^/]+\.js$/, (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    await expect(textCount(page, CRASH)).resolves.toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('link', { name: 'Back to the dashboard' }).waitFor();
    await screenshot(page, 'screen-code-failed');
    await expectAccessible(page, 'screen-code-failed');

    // Opening the address directly fails the same friendly way.
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    await screenshot(page, 'screen-code-failed-direct');
    await expectAccessible(page, 'screen-code-failed-direct');

    // Once the code can be fetched again, Try Again brings the screen.
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    await expect(textCount(page, 'This screen could not be loaded')).resolves.toBe(0);
    await signOut(page);
  });

  browserTest('a sign-in screen whose code fails to load shows a full-page error whose Try Again works', async () => {
    await page.goto('/login');
    await signOut(page);
    await page.setViewportSize(PHONE);
    await page.route(/\/assets\/LoginPage-[^/]+\.js$/, (route) => route.abort('connectionreset'));
    await page.goto('/login');
    await page.getByRole('heading', { name: 'This screen could not be loaded' }).waitFor();
    await expect(textCount(page, CRASH)).resolves.toBe(0);
    await screenshot(page, 'sign-in-code-failed-phone');
    await expectAccessible(page, 'sign-in-code-failed-phone');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
  });

  browserTest('a screen whose data fails shows its error state, not a crash', async () => {
    await signIn(page);
    await page.route(/\/api\/admin\/analytics/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' }),
    );
    await page.goto('/dashboard');
    await page.getByText('Error Loading Dashboard').waitFor();
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await screenshot(page, 'screen-data-failed');
    await expectAccessible(page, 'screen-data-failed');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Total Revenue').first().waitFor();
    await expect(textCount(page, 'Error Loading Dashboard')).resolves.toBe(0);
    await signOut(page);
  });

  browserTest(
    'no screen crashes when every data call fails',
    async () => {
      await signIn(page);
      // Sign-in and session calls keep working; every other API call answers 500 (in every tab of the browser).
      await context.route(
        (url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'),
        (route) =>
          route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"down"}' }),
      );
      // Each screen waits out its retry: a few tabs (same session) share the screens, so the waits overlap.
      const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
      for (const tab of tabs.slice(1)) {
        tab.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
        tab.on('pageerror', (error) => consoleErrors.push(error.message));
      }
      await Promise.all(
        tabs.map(async (tab, index) => {
          for (const screen of BACK_OFFICE_SCREENS.filter((_, n) => n % TABS === index)) {
            await tab.goto(screen);
            await tab.getByRole('heading').first().waitFor();
            await settle(tab);
            await expect(textCount(tab, CRASH), screen).resolves.toBe(0);
            await expect(textCount(tab, 'Something went wrong'), screen).resolves.toBe(0);
          }
        }),
      );
      await Promise.all(tabs.slice(1).map((tab) => tab.close()));
      await screenshot(page, 'screens-data-failed-last');
      await expectAccessible(page, 'screens-data-failed-last');
      await context.unrouteAll();
      // The failed calls themselves are logged by the browser; nothing else may be.
      expect(consoleErrors.filter((e) => !/status of 5\d\d/.test(e))).toEqual([]);
      await signOut(page);
    },
    // A visit per screen, each waiting out the retry: longer than a usual browser test.
    180_000,
  );
});
