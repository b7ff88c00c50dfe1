import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Scrolls down the page and back, so lazily loaded pictures are in the full-page screenshot. */
async function loadWholePage(page: Page) {
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  })()`);
  await page.waitForLoadState('networkidle');
}

const search = (page: Page) => new URL(page.url()).searchParams;

describe('storefront browsing', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest(
    'a guest searches, filters, opens a product, picks M/Black and adds two to the cart',
    async () => {
      await page.setViewportSize(PHONE);
      await page.goto('/shop/');
      await page.getByRole('searchbox', { name: 'Search products' }).fill('tee');
      await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
      await page.waitForURL('**/shop/search?q=tee');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Results for “tee”');
      // The grid's own items (each card also lists its colours).
      const results = page.getByRole('region', { name: 'Products' }).getByRole('list').first().locator(':scope > li');
      await expect.poll(() => results.count()).toBeGreaterThan(1);

      // Filters live behind a disclosure on phones; every choice is in the URL.
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('group', { name: 'Size' }).getByText('M', { exact: true }).click();
      await expect.poll(() => search(page).get('size')).toBe('M');
      await page.getByRole('group', { name: 'Color' }).getByText('Black', { exact: true }).click();
      await page.getByRole('checkbox', { name: 'In stock only' }).check();
      await expect.poll(() => search(page).get('instock')).toBe('1');
      expect(Object.fromEntries(search(page))).toMatchObject({ q: 'tee', size: 'M', color: 'Black' });
      await page.getByLabel('Sort by').selectOption('price-asc');
      await expect.poll(() => search(page).get('sort')).toBe('price-asc');
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^\d+ products?$/);

      // The filtered page survives a reload, and the back button steps back through the filters.
      const filtered = page.url();
      await page.reload();
      // The panel is closed again after a reload; its button counts the three filters the URL holds.
      await expect.poll(() => page.getByRole('button', { name: 'Filters (3)' }).count()).toBe(1);
      await page.goBack();
      await expect.poll(() => search(page).get('sort')).toBe(null);
      await page.goForward();
      await expect.poll(() => page.url()).toBe(filtered);

      // Prices ascend (each card's first price is what the shopper pays).
      const prices = await results.evaluateAll((items) =>
        items.map((item) => Number((item.querySelector('p span')?.textContent ?? '').replace(/[^0-9.]/g, ''))),
      );
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      await loadWholePage(page);
      await screenshot(page, 'shop-browse-listing-390');
      await expectAccessible(page, 'listing at 390 px');

      await results.first().getByRole('link').click();
      await page.waitForURL('**/shop/products/**');
      const name = await page.getByRole('heading', { level: 1 }).textContent();
      const gallery = page.locator('img[fetchpriority="high"]');
      expect(await gallery.getAttribute('srcset')).toMatch(/-thumb\.webp 300w, .+\.webp 1200w$/);
      expect(await gallery.getAttribute('alt')).toBeTruthy();

      await page.getByRole('group', { name: /Color/ }).getByText('Black', { exact: true }).click();
      await page.getByRole('group', { name: /Size/ }).getByText('M', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'Black', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'M', exact: true }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'One more' }).click();
      expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Added' }).textContent())
        .toContain(`Added 2 × ${name} (M / Black) to your cart.`);
      const cart = JSON.parse((await page.evaluate('localStorage.getItem("shop.cart")')) as string);
      expect(cart).toEqual([expect.objectContaining({ size: 'M', color: 'Black', quantity: 2, name })]);
      await loadWholePage(page);
      await screenshot(page, 'shop-browse-product-390');
      await expectAccessible(page, 'product at 390 px');
      expect(consoleErrors).toEqual([]);
    },
    120_000,
  );

  browserTest(
    'home, a category, a brand and a product page pass the accessibility scan at 390 and 1440 px',
    async () => {
      for (const [label, size] of [
        ['390', PHONE],
        ['1440', DESKTOP],
      ] as const) {
        await page.setViewportSize(size);
        await page.goto('/shop/');
        await expect
          .poll(() => page.getByRole('region', { name: 'Featured' }).getByRole('listitem').count())
          .toBeGreaterThan(0);
        await expect
          .poll(() => page.getByRole('region', { name: 'Shop by category' }).getByRole('link').count())
          .toBeGreaterThan(0);
        await loadWholePage(page);
        await screenshot(page, `shop-browse-home-${label}`);
        await expectAccessible(page, `home at ${label} px`);

        // A category from the home page: its listing is filtered by the path.
        await page.getByRole('region', { name: 'Shop by category' }).getByRole('link').first().click();
        await page.waitForURL('**/shop/category/**');
        await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/products?$/);
        await loadWholePage(page);
        await screenshot(page, `shop-browse-category-${label}`);
        await expectAccessible(page, `category at ${label} px`);

        await page.goto('/shop/');
        await page.getByRole('region', { name: 'Our brands' }).getByRole('link').first().click();
        await page.waitForURL('**/shop/brand/**');
        await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/products?$/);
        expect(await page.getByRole('combobox', { name: 'Brand' }).count()).toBe(0);
        await screenshot(page, `shop-browse-brand-${label}`);
        await expectAccessible(page, `brand at ${label} px`);

        await page.getByRole('region', { name: 'Products' }).getByRole('link').first().click();
        await page.waitForURL('**/shop/products/**');
        await expect
          .poll(() => page.getByRole('button', { name: /Add to cart|E-mail me when it's back/ }).count())
          .toBe(1);
        await loadWholePage(page);
        await screenshot(page, `shop-browse-product-${label}`);
        await expectAccessible(page, `product at ${label} px`);
      }
      expect(consoleErrors).toEqual([]);
    },
  );

  browserTest('a search from a category listing keeps the listing page in place (one page, two routes)', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/shop/');
    await page.getByRole('region', { name: 'Shop by category' }).getByRole('link').first().click();
    await page.waitForURL('**/shop/category/**');
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/products?$/);
    // Marks the listing's heading element: it is the same element after the move when the page was not rebuilt.
    await page.evaluate(`document.querySelector('main h1').dataset.before = 'category'`);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('dress');
    await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
    await page.waitForURL('**/shop/search?q=dress');
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/products?$/);
    expect(await page.locator('main h1[data-before="category"]').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  browserTest('paging is in the URL and a search without matches says so', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/shop/search');
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => search(page).get('page')).toBe('2');
    await expect.poll(() => page.getByText(/^Page 2 of \d+$/).count()).toBe(1);
    await page.goto('/shop/search?q=no+such+thing+at+all');
    await expect.poll(() => page.getByText('No products match.').count()).toBe(1);
    await expectAccessible(page, 'empty search');
  });
});
