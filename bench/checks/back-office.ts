import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEBOUNCE_MS } from '@seamline/shared';
import { chromium, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.js';
import { type BenchContext, callJson } from '../lib/http.js';
import type { StaffAccount } from '../lib/staff.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'back office';
const FIRST_ROWS_MS = 1_500;
const SEARCH_MS = 500;
/** Navigations per screen (each followed by a search); the slowest counts. */
const TRIES = 3;
/** A screen that shows nothing by then is reported at this figure (a miss), not waited for. */
const GIVE_UP_MS = 30_000;

type Row = Record<string, unknown>;
type Screen = {
  path: '/products' | '/orders' | '/customers';
  /** The list call the screen makes, and the row field it shows (looked for on the page). */
  api: string;
  shown: string;
  debounceMs: number;
};

const SCREENS: Screen[] = [
  { path: '/products', api: '/api/admin/products/rows', shown: 'name', debounceMs: DEBOUNCE_MS.products },
  { path: '/orders', api: '/api/admin/orders', shown: 'orderNumber', debounceMs: DEBOUNCE_MS.orders },
  { path: '/customers', api: '/api/admin/customers', shown: 'email', debounceMs: DEBOUNCE_MS.customers },
];

const rowsOf = (body: { data?: Record<string, unknown> }): Row[] =>
  (Object.values(body.data ?? {}).find(Array.isArray) as Row[] | undefined) ?? [];

/**
 * Waits until `text` shows on the page; the milliseconds since `start`, or GIVE_UP_MS when it never does. Asked every
 * 10 ms: a locator's own wait polls with back-off (after ~270 ms only every 500 ms), which would add up to half a
 * second to what is measured.
 */
async function shownAfter(page: Page, text: string, start: number): Promise<number> {
  const shown = page.getByText(text, { exact: false }).first();
  while (performance.now() - start < GIVE_UP_MS) {
    if (await shown.isVisible()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return GIVE_UP_MS;
}

/** From navigation to the first row of the list call on screen. */
async function firstRows(page: Page, screen: Screen): Promise<number> {
  const start = performance.now();
  const isListCall = (response: Response) =>
    new URL(response.url()).pathname === screen.api && response.request().method() === 'GET';
  // Caught at once: a screen that never calls must not leave a rejected promise behind.
  const answer = page.waitForResponse(isListCall, { timeout: GIVE_UP_MS }).catch(() => null);
  await page.goto(screen.path, { waitUntil: 'commit' });
  const response = await answer;
  if (!response) return GIVE_UP_MS;
  const first = rowsOf(await response.json())[0]?.[screen.shown];
  if (typeof first !== 'string') throw new Error(`${screen.path}: the list call answered no ${screen.shown}`);
  return shownAfter(page, first, start);
}

/** From typing to the result on screen, less the screen's debounce. */
async function searchResult(page: Page, screen: Screen, term: string): Promise<number> {
  const start = performance.now();
  await page
    .getByPlaceholder(/^Search/)
    .first()
    .fill(term, { timeout: GIVE_UP_MS });
  return (await shownAfter(page, term, start)) - screen.debounceMs;
}

/**
 * The back office in headless Chromium on the bench store: each of Products, Orders and Customers is opened by URL
 * (a full page load, signed in) and searched for a row of its second page (so the result is not already on screen).
 */
export async function backOffice(ctx: BenchContext, figures: Figure[], staff: StaffAccount): Promise<void> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1440, height: 900 },
    baseURL: ctx.baseUrl,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    for (const screen of SCREENS) {
      const second = await callJson<{ data?: Record<string, unknown> }>(ctx, `${screen.api}?page=2`);
      const firstPage = await callJson<{ data?: Record<string, unknown> }>(ctx, screen.api);
      const target = rowsOf(second)[0] ?? rowsOf(firstPage).at(-1);
      const term = target?.[screen.shown];
      const navigations: number[] = [];
      const searches: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        navigations.push(await firstRows(page, screen));
        // A screen that never showed its rows is not opened again (each try would cost GIVE_UP_MS).
        if (navigations.at(-1)! >= GIVE_UP_MS) break;
        if (typeof term === 'string') searches.push(await searchResult(page, screen, term).catch(() => Number.NaN));
      }
      const note = (times: number[]) => `slowest of ${times.length}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`;
      figures.push({
        group: GROUP,
        name: `${screen.path} first rows after navigation`,
        value: Math.max(...navigations),
        unit: 'ms',
        bound: 'max',
        target: FIRST_ROWS_MS,
        note: note(navigations),
      });
      figures.push({
        group: GROUP,
        name: `${screen.path} search result after the ${screen.debounceMs} ms debounce`,
        // NaN (a miss) when there was no search box to type into.
        value: searches.length ? Math.max(...searches) : Number.NaN,
        unit: 'ms',
        bound: 'max',
        target: SEARCH_MS,
        note: searches.length ? note(searches) : 'no row to search for',
      });
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
