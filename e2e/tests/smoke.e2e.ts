import { healthContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { call } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

describe('the served app', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('serves the web app at / and the API health at /api/health', async () => {
    const health = await call(healthContracts.health);
    // The optional dependencies this server is configured with (it sends mail) are reported beside the database.
    expect(health.body).toEqual({ success: true, data: { status: 'ok', database: 'ok', smtp: 'ok' } });
    await page.goto('/');
    // The page is served as "Seamline"; once the app has sent the visitor to sign in, the screen names itself.
    await page.waitForURL('**/login');
    await expect.poll(() => page.title()).toBe('Sign in to the back office · Seamline');
    await page.goto('/some/deep/link');
    expect(await page.locator('#root').count()).toBe(1);
    await screenshot(page, 'smoke');
    await expectAccessible(page, 'smoke');
    expect(consoleErrors).toEqual([]);
  });
});
