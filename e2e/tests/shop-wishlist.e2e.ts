import { productContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';
import { waitForMailed } from '../mail.js';

const CUSTOMER = { email: 'emma.wilson@example.com', password: 'Customer123!' };

/** A product of the demo catalogue with a sold-out size and colour, and that combination. */
async function soldOutCombination() {
  const list = await callData(productContracts.list, { query: { limit: 50 } });
  for (const { id } of list.products) {
    const { product } = await callData(productContracts.get, { params: { id } });
    const variant = product.inventory.find((v) => v.available === 0);
    if (variant) return { slug: product.slug, name: product.name, size: variant.size, color: variant.color };
  }
  throw new Error('the demo catalogue has no sold-out size and colour');
}

/** The page settled at 390 px, checked with axe, and kept as screenshots at 390 and 1440 px. */
async function checkPage(page: Page, name: string) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading…').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `shop-wishlist-${name}-390`);
  await expectAccessible(page, `shop-wishlist ${name} (390 px)`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `shop-wishlist-${name}-1440`);
  await expectAccessible(page, `shop-wishlist ${name} (1440 px)`);
  await page.setViewportSize({ width: 390, height: 844 });
}

const choose = (page: Page, group: 'Color' | 'Size', option: string) =>
  page
    .getByRole('group', { name: new RegExp(`^${group}`) })
    .getByRole('radio', { name: new RegExp(`^${option}(\\s|,|$)`) })
    .check({ force: true });

describe('storefront wishlist and back-in-stock alerts', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => context?.close());

  browserTest('a guest wishes, asks for a sold-out size, unsubscribes from the mail, and signs in', async () => {
    const target = await soldOutCombination();

    // Hearts on the grid: a guest's list is kept in the browser.
    await page.goto('/shop/search');
    const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
    await heart.click();
    await expect.poll(() => page.getByRole('button', { name: 'Remove from wishlist' }).count()).toBe(1);
    await checkPage(page, 'listing');

    // A sold-out size and colour: no add-to-cart, an e-mail when it is back.
    await page.goto(`/shop/products/${target.slug}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await choose(page, 'Color', target.color);
    await choose(page, 'Size', target.size);
    await page.getByText(`Sold out in ${target.size} / ${target.color}`).waitFor();
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await checkPage(page, 'product-sold-out');
    const email = `alert.${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: "E-mail me when it's back" }).click();
    await page.getByRole('status').getByText('We will e-mail you when it is back in stock').waitFor();

    // The confirmation mail's link opens the shop's page, which stops the alert.
    const link = await waitForMailed(email, /(\/shop\/alerts\/unsubscribe\/[\w-]+)/);
    await page.goto(link);
    await page.getByText('You will not get an e-mail for this item').waitFor();
    await checkPage(page, 'unsubscribe');

    // The guest's wishlist, then signing in from its prompt merges it into the account.
    await page.goto('/shop/account/wishlist');
    await expect.poll(() => page.getByRole('button', { name: /^Remove .* from your wishlist$/ }).count()).toBe(1);
    const wishedName = await page.getByRole('listitem').getByRole('heading', { level: 2 }).first().textContent();
    await checkPage(page, 'guest');
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/shop/account/wishlist');
    await page
      .getByRole('link', { name: wishedName ?? '' })
      .first()
      .waitFor();
    expect(await page.evaluate('localStorage.getItem("shop.wishlist")')).toBeNull();
    await checkPage(page, 'account');
    expect(consoleErrors).toEqual([]);
  });
});
