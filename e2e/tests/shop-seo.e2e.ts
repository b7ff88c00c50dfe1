import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.js';

type Listed = { data: { products: { name: string; slug: string; price: number; salePrice: number | null }[] } };

/** A demo product that has a picture (the featured list is the home page's). */
async function demoProduct() {
  const answer = (await (await fetch(`${baseUrl()}/api/products/featured?limit=1`)).json()) as Listed;
  return answer.data.products[0]!;
}

describe('storefront pages for search engines and for visitors without JavaScript', () => {
  let noScript: BrowserContext;
  beforeAll(async () => {
    if (!baseUrl()) return;
    noScript = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'seamline-chromium-')), {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      javaScriptEnabled: false,
      baseURL: baseUrl(),
    });
  });
  afterAll(async () => noScript?.close());

  browserTest('without JavaScript a product page shows its name, price and picture at 390 and 1440 px', async () => {
    const product = await demoProduct();
    const page: Page = noScript.pages()[0] ?? (await noScript.newPage());
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const response = await page.goto(`/shop/products/${product.slug}`);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('h1').textContent()).toBe(product.name);
      const price = (product.salePrice ?? product.price).toFixed(2);
      expect(await page.locator('#root').textContent()).toContain(`$${price}`);
      const picture = page.locator('#root img').first();
      await picture.waitFor();
      expect(
        await picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      ).toBeGreaterThan(0);
      // The picture fits the narrow screen: no sideways scrolling.
      const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `shop-seo-product-nojs-${width}`);
      await expectAccessible(page, `product page without JavaScript at ${width} px`);
    }
  });

  browserTest('with JavaScript the app replaces the server content without an error', async () => {
    const product = await demoProduct();
    const { context, page, consoleErrors } = await openBrowser();
    try {
      await page.goto(`/shop/products/${product.slug}`);
      // The server's plain body (<main class="seo-page">) is gone once the app has rendered.
      await expect.poll(() => page.locator('#root > main.seo-page').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toContain('Seamline');
      await screenshot(page, 'shop-seo-product-js-1440');
      expect(consoleErrors).toEqual([]);
      const missing = await page.goto('/shop/products/no-such-product-here');
      expect(missing?.status()).toBe(404);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    } finally {
      await context.close();
    }
  });
});
