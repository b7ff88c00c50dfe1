import { PAGE_SIZES } from '@seamline/shared';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, openBrowser, signInToBackOffice } from '../browser.js';

/**
 * The list screens whose state lives in the URL. One line per screen: where it opens, the list endpoint it calls, the
 * page size it must ask for, the search box's placeholder, a search that matches several rows, and what one row is.
 */
type Screen = { path: string; api: string; limit: number; placeholder: string; search: string; row: string };
const SCREENS: Screen[] = [
  {
    path: '/orders?view=table',
    api: '/api/admin/orders',
    limit: PAGE_SIZES.ordersTable,
    placeholder: 'Search orders by number, customer or e-mail...',
    search: 'e',
    row: 'tbody tr',
  },
  {
    path: '/coupons',
    api: '/api/admin/coupons',
    limit: PAGE_SIZES.coupons,
    placeholder: 'Search coupons...',
    search: 'e',
    row: '[data-testid="coupon-card"]',
  },
  {
    path: '/categories',
    api: '/api/categories',
    limit: PAGE_SIZES.categories,
    placeholder: 'Search categories...',
    search: 'e',
    row: '[data-testid="taxonomy-card"]',
  },
  {
    path: '/brands',
    api: '/api/brands',
    limit: PAGE_SIZES.brands,
    placeholder: 'Search brands...',
    search: 'e',
    row: '[data-testid="taxonomy-card"]',
  },
  {
    path: '/users',
    api: '/api/admin/users',
    limit: PAGE_SIZES.users,
    placeholder: 'Search users...',
    search: 'e',
    row: '[data-testid="user-card"]',
  },
  {
    path: '/activity-logs',
    api: '/api/admin/activity-logs',
    limit: PAGE_SIZES.activityLogs,
    placeholder: 'Search activity logs...',
    search: 'e',
    row: '[data-testid="activity-row"]',
  },
  {
    path: '/products?view=table',
    api: '/api/admin/products/rows',
    limit: PAGE_SIZES.productTable,
    placeholder: 'Search products...',
    search: 'e',
    row: 'tbody tr',
  },
  {
    path: '/inventory?tab=table',
    api: '/api/admin/products',
    limit: PAGE_SIZES.inventoryTable,
    placeholder: 'Search products by name, SKU, category...',
    search: 'e',
    row: 'tbody tr',
  },
  {
    path: '/customers?view=table',
    api: '/api/admin/customers',
    limit: PAGE_SIZES.customersTable,
    placeholder: 'Search customers by name, email or phone...',
    search: 'e',
    row: 'tbody tr',
  },
];

/** Every GET of one list endpoint, in order, as URL objects. */
function recordListRequests(page: Page, api: string) {
  const seen: URL[] = [];
  const listener = (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === api) seen.push(url);
  };
  page.on('request', listener);
  return { seen, stop: () => page.off('request', listener) };
}

/** The query a page's URL carries, as sorted `key=value` pairs (order-free comparison). */
const queryOf = (page: Page) => [...new URL(page.url()).searchParams].map(([k, v]) => `${k}=${v}`).sort();

describe('list screens keep their state in the URL and ask for one page at a time', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
  });
  afterAll(async () => context?.close());

  for (const screen of SCREENS) {
    browserTest(`${screen.path}: search, page 2, reload and Back show the same list`, { timeout: 60_000 }, async () => {
      const log = recordListRequests(page, screen.api);
      /** Runs one user step and returns the list requests it caused (it waits for the list to answer). */
      const step = async (action: () => Promise<unknown>, expected: Record<string, string>) => {
        const before = log.seen.length;
        const answered = page.waitForResponse((response) => {
          const url = new URL(response.url());
          return (
            url.pathname === screen.api &&
            Object.entries(expected).every(([key, value]) => url.searchParams.get(key) === value)
          );
        });
        await action();
        await answered;
        await page.locator(screen.row).first().waitFor();
        // Let any stray second request show itself before counting.
        await page.waitForTimeout(300);
        return log.seen.slice(before);
      };

      const opened = await step(() => page.goto(screen.path), { page: '1' });
      expect(opened).toHaveLength(1);

      const searched = await step(() => page.getByPlaceholder(screen.placeholder).fill(screen.search), {
        search: screen.search,
        page: '1',
      });
      expect(searched).toHaveLength(1);
      expect(new URL(page.url()).searchParams.get('search')).toBe(screen.search);

      const next = page.getByRole('button', { name: 'Next', exact: true });
      const hasPageTwo = (await next.count()) > 0 && (await next.first().isEnabled());
      if (hasPageTwo) {
        const paged = await step(() => next.first().click(), { search: screen.search, page: '2' });
        expect(paged).toHaveLength(1);
        expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      }

      const state = queryOf(page);
      const firstRow = await page.locator(screen.row).first().innerText();
      const reloaded = await step(() => page.reload(), { search: screen.search, page: hasPageTwo ? '2' : '1' });
      expect(reloaded).toHaveLength(1);
      expect(queryOf(page)).toEqual(state);
      await expect(page.getByPlaceholder(screen.placeholder).inputValue()).resolves.toBe(screen.search);
      await expect(page.locator(screen.row).first().innerText()).resolves.toBe(firstRow);

      if (hasPageTwo) {
        // Back returns to page 1 of the same search (answered from the cache or with one request).
        await page.goBack();
        await page.waitForURL((url) => url.searchParams.get('page') === null);
        expect(new URL(page.url()).searchParams.get('search')).toBe(screen.search);
        await page.locator(screen.row).first().waitFor();
      }

      log.stop();
      // Nothing downloads a whole table: every list request asks for one page of the screen's size.
      expect(log.seen.map((url) => url.searchParams.get('limit'))).toEqual(log.seen.map(() => String(screen.limit)));
    });
  }
});
