import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, it } from 'vitest';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, 'screenshots');

/** Every back-office screen (the paths of the route table). */
export const BACK_OFFICE_SCREENS = [
  '/dashboard',
  '/orders',
  '/products',
  '/inventory',
  '/categories',
  '/brands',
  '/coupons',
  '/reviews',
  '/customers',
  '/users',
  '/analytics/sales',
  '/analytics/revenue',
  '/analytics/customers',
  '/analytics/inventory',
  '/analytics/reports',
  '/activity-logs',
];

export const baseUrl = () => inject('baseUrl');

/** A browser test; reported as skipped when the machine has no Chromium (global-setup says why). */
export const browserTest = inject('hasBrowser') ? it : it.skip;

/** A random private address per browser (10.0.0.0/8), so two browsers of a run practically never share one. */
const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A browser whose relative addresses go to the e2e server, or to `origin` (a server a test started itself). */
export async function openBrowser(
  origin = baseUrl(),
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'seamline-chromium-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    baseURL: origin,
    // Each browser is its own client, as on a real network: the server (trusting the loopback proxy) sees a
    // different address per browser, so one test's failed sign-ins never throttle another test's (per-IP budget).
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** Signs a staff member in through the back office's sign-in form and waits for the dashboard. */
export async function signInToBackOffice(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** The two browser apps; each keeps its refresh token in a cookie of its own. */
export type SessionApp = 'back-office' | 'shop';
const REFRESH_COOKIES: Record<SessionApp, string> = {
  'back-office': 'seamline_refresh',
  shop: 'seamline_shop_refresh',
};

/**
 * An access token of the page's session, got as the app gets one: a refresh with the app's cookie, under the app's
 * cross-tab lock (the cookie rotates; the page's own access token stays valid, it is the same session). The page
 * itself keeps its token in memory only, out of a test's reach (a string expression: no DOM types here).
 */
export async function pageAccessToken(page: Page, app: SessionApp): Promise<string> {
  const token = await page.evaluate(
    `navigator.locks.request('seamline-refresh:${app}', () =>
      fetch('/api/auth/refresh', { method: 'POST', headers: { 'x-seamline-client': '${app}' } })
        .then((r) => r.json())
        .then((b) => (b.data && b.data.tokens ? b.data.tokens.accessToken : null)))`,
  );
  if (typeof token !== 'string') throw new Error(`the page has no ${app} session to refresh`);
  return token;
}

/** The app's refresh cookie as the browser holds it (with its attributes), or undefined. */
export async function refreshCookieOf(context: BrowserContext, app: SessionApp) {
  const cookies = await context.cookies(`${baseUrl()}/api/auth/refresh`);
  return cookies.find((cookie) => cookie.name === REFRESH_COOKIES[app]);
}

/** Everything the page's scripts can read of its stored state: localStorage, sessionStorage and document.cookie. */
export function scriptReadableState(page: Page): Promise<string> {
  return page.evaluate(
    `JSON.stringify([localStorage, sessionStorage].flatMap((store) =>
      Array.from({ length: store.length }, (_, i) => [store.key(i), store.getItem(store.key(i))])
    ).concat([['document.cookie', document.cookie]]))`,
  ) as Promise<string>;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  // CI turns them off (E2E_SCREENSHOTS=0): nobody looks at them there, and a whole-page capture costs 0.2–0.6 s.
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The WCAG 2.1 A and AA rules of axe-core; best-practice and AAA rules are left out. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; impact: string; help: string; targets: string[] };

// String expressions: the e2e project has no DOM types. Finite animations (a dialog fading in) are awaited so
// colour contrast is measured on the settled screen; endless ones (spinners) are not.
const SETTLE = `Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map((a) => a.finished.catch(() => undefined)))`;
const RUN_AXE = `axe.run(document, ${JSON.stringify({ runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] })})
  .then((result) => result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`;

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the whole page (with any open dialog) and fails on a serious or critical
 * violation, listing each rule, its impact and the selectors of the offending elements.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  await page.evaluate(SETTLE);
  const violations = (await page.evaluate(RUN_AXE)) as Violation[];
  if (violations.length === 0) return;
  const lines = violations.map(
    (v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.targets.map((t) => `    ${t}`).join('\n')}`,
  );
  throw new Error(`${name}: ${violations.length} serious or critical accessibility violation(s)\n${lines.join('\n')}`);
}
