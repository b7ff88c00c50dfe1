import { productContracts } from '@seamline/shared';
import type { BrowserContext } from 'playwright-core';
import { describe, expect } from 'vitest';
import { callData } from '../api.js';
import { browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

/**
 * Holds the browser's requests to `url` until `release()`: `asked` settles at the first one, `count()` says how many
 * came.
 */
async function holdRequests(context: BrowserContext, url: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  let firstAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    firstAsked = resolve;
  });
  await context.route(url, async (route) => {
    count += 1;
    firstAsked();
    await held;
    await route.continue();
  });
  return { release, asked, count: () => count };
}

/** A demo product that has a picture (the featured list is the home page's). */
async function demoProduct() {
  return (await callData(productContracts.featured, { query: { limit: 1 } })).products[0]!;
}

describe('storefront pages for search engines and for visitors without JavaScript', () => {
  browserTest('without the app a product page shows its name, price and picture at 390 and 1440 px', async () => {
    const product = await demoProduct();
    // The app's scripts never load (as for a crawler that runs no JavaScript); the page's own scripting stays on so
    // the checks below (and axe) can run in it.
    const { context, page } = await openBrowser();
    await context.route('**/shop/assets/*.js', (route) => route.abort());
    try {
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(`/shop/products/${product.slug}`);
        expect(response?.status()).toBe(200);
        expect(await page.locator('h1').textContent()).toBe(product.name);
        const price = (product.salePrice ?? product.price).toFixed(2);
        expect(await page.locator('#root').textContent()).toContain(`$${price}`);
        const picture = page.locator('#root img').first();
        const loadedWidth = () => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);
        await expect.poll(loadedWidth).toBeGreaterThan(0);
        // The picture fits the narrow screen: no sideways scrolling.
        const overflow = await page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `shop-seo-product-nojs-${width}`);
        await expectAccessible(page, `product page without JavaScript at ${width} px`);
      }
    } finally {
      await context.close();
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

  browserTest('a product page opened from outside shows its product before the app has read it', async () => {
    const product = await demoProduct();
    const { context, page, consoleErrors } = await openBrowser();
    // The app's own read of the product is held until the page is checked: what it shows meanwhile came with the page.
    const read = await holdRequests(context, `**/api/products/slug/${product.slug}`);
    try {
      await page.goto(`/shop/products/${product.slug}`);
      await expect.poll(() => page.locator('#root > main.seo-page').count()).toBe(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
      await expect.poll(() => page.getByRole('button', { name: /add to cart/i }).count()).toBe(1);
      // The app still reads the product (the read counts the visit as a view and brings fresh stock). It asks once
      // it has mounted, and the held request reaches the test's handler a moment later: polled, not read at once.
      await expect.poll(() => read.count()).toBe(1);
      read.release();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(product.name);
      expect(consoleErrors).toEqual([]);
    } finally {
      read.release();
      await context.close();
    }
  });

  browserTest('the server content stays until the app can show the same page, with no "Loading…" between', async () => {
    const product = await demoProduct();
    const { context, page, consoleErrors } = await openBrowser();
    // The product page's own code is held: the first bundle has run meanwhile, and the page must not have changed.
    const code = await holdRequests(context, '**/shop/assets/ProductPage-*.js');
    try {
      await page.goto(`/shop/products/${product.slug}`, { waitUntil: 'load' });
      await code.asked;
      const serverHeading = page.locator('#root > main.seo-page h1');
      expect(await serverHeading.count()).toBe(1);
      expect(await serverHeading.textContent()).toBe(product.name);
      expect(await page.getByText('Loading…').count()).toBe(0);
      code.release();
      await expect.poll(() => page.locator('#root > main.seo-page').count()).toBe(0);
      await expect.poll(() => page.getByRole('button', { name: /add to cart/i }).count()).toBe(1);
      expect(consoleErrors).toEqual([]);
    } finally {
      code.release();
      await context.close();
    }
  });
});
