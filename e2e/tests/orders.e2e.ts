import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const GUEST_EMAIL = 'walk-in.e2e@example.com';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** A date input value (YYYY-MM-DD) some days from today. */
function daysFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('order management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signIn(page);
  });
  afterAll(async () => context?.close());

  browserTest('lists the demo orders in the three views', async () => {
    await page.goto('/orders');
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    await page.getByText('View, track, and manage customer orders and fulfillment.').waitFor();
    await page.getByText('Select an Order').waitFor();
    const list = page.getByRole('list', { name: 'Orders' });
    await list.getByRole('button').first().waitFor();
    expect(await list.getByRole('button').count()).toBe(10);
    await list.getByRole('button').first().click();
    await page.getByRole('button', { name: 'Manage Status' }).waitFor();
    await screenshot(page, 'orders-sidebar');
    await expectAccessible(page, 'orders-sidebar');

    await page.getByRole('tab', { name: 'Table View' }).click();
    await page.getByText(/^10 of \d+ orders$/).waitFor();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 5000 }).toBe(10);
    await screenshot(page, 'orders-table');
    await expectAccessible(page, 'orders-table');

    await page.getByRole('tab', { name: 'Grid View' }).click();
    await page.getByText('0 selected').waitFor();
    // The grid pages by 8: the table's 10 rows stay on screen until its own page arrives.
    await expect.poll(() => page.getByRole('checkbox', { name: /^Select ORD-/ }).count(), { timeout: 5000 }).toBe(8);
    await screenshot(page, 'orders-grid');
    await expectAccessible(page, 'orders-grid');
    await page.getByRole('tab', { name: 'Sidebar View' }).click();
  });

  browserTest('adds an order in the back office, with the spec validation messages first', async () => {
    await page.getByRole('button', { name: 'Add Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Order' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Order' }).click();
    await dialog.getByText('At least one item is required.').waitFor();
    await dialog.getByText('First name is required.').waitFor();
    await screenshot(page, 'orders-add-validation');
    await expectAccessible(page, 'orders-add-validation');

    const product = dialog.getByLabel('Product');
    await product.locator('option').nth(1).waitFor({ state: 'attached' });
    await product.selectOption({ index: 1 });
    await dialog.getByLabel('Size').selectOption({ index: 1 });
    const colors = dialog.getByLabel('Color');
    const enabled = colors.locator('option:not([disabled]):not([value=""])');
    await colors.selectOption((await enabled.first().getAttribute('value'))!);
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await dialog.getByRole('list', { name: 'Order items' }).waitFor();

    await dialog.getByLabel('Customer E-mail').fill(GUEST_EMAIL);
    const fields: [string, string][] = [
      ['First Name', 'Walker'],
      ['Last Name', 'Inman'],
      ['Street Address', '400 Harbor Way'],
      ['City', 'Seattle'],
      ['State', 'WA'],
      ['ZIP Code', '98101'],
      ['Country', 'US'],
      ['Phone', '5550147788'],
    ];
    await dialog.getByLabel('First Name').fill('W');
    await dialog.getByRole('button', { name: 'Add Order' }).click();
    await dialog.getByText('First name must be 2-50 characters.').waitFor();
    for (const [label, value] of fields) await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
    await dialog.getByLabel('Notes').fill('Added at the counter');
    await screenshot(page, 'orders-add-filled');
    await expectAccessible(page, 'orders-add-filled');
    await dialog.getByRole('button', { name: 'Add Order' }).click();
    await page.getByText('Order added successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  browserTest('changes the new order to shipped with a tracking number, and views every tab', async () => {
    await page.getByRole('searchbox').fill('walk-in.e2e');
    const list = page.getByRole('list', { name: 'Orders' });
    await page.getByRole('button', { name: 'Show All' }).waitFor();
    await list.getByText('(Guest)').first().waitFor();
    // The previous page stays on screen until the debounced search answers, so wait for the list to narrow.
    await expect.poll(() => list.getByRole('button').count(), { timeout: 5000 }).toBe(1);
    await list.getByRole('button').first().click();
    await page.getByText('Guest Order').first().waitFor();
    await screenshot(page, 'orders-search-detail');
    await expectAccessible(page, 'orders-search-detail');

    await page.getByRole('button', { name: 'Manage Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Order Status' });
    await dialog.getByLabel('Status', { exact: true }).selectOption('shipped');
    await dialog.getByLabel('Payment Status').selectOption('paid');
    await dialog.getByLabel('Tracking Number').fill('1Z');
    await dialog.getByText('Tracking number must be at least 3 characters').waitFor();
    expect(await dialog.getByRole('button', { name: 'Update Status' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Tracking Number').fill('1Z999AA10123456784');
    await dialog.getByLabel('Estimated Delivery').fill('2020-01-01');
    await dialog.getByText('Estimated delivery cannot be in the past').waitFor();
    await dialog.getByLabel('Estimated Delivery').fill(daysFromNow(4));
    await screenshot(page, 'orders-status-dialog');
    await expectAccessible(page, 'orders-status-dialog');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('Order status updated successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'View Details' }).click();
    const viewer = page.getByRole('dialog');
    await viewer.getByRole('tab', { name: 'Overview' }).waitFor();
    await viewer.getByText('1Z999AA10123456784').waitFor();
    await screenshot(page, 'orders-details-overview');
    await expectAccessible(page, 'orders-details-overview');
    await viewer.getByRole('tab', { name: 'Details' }).click();
    await viewer.getByText('Billing Address').waitFor();
    await screenshot(page, 'orders-details-details');
    await expectAccessible(page, 'orders-details-details');
    await viewer.getByRole('tab', { name: 'Items' }).click();
    await viewer
      .getByText(/^SKU: /)
      .first()
      .waitFor();
    await screenshot(page, 'orders-details-items');
    await expectAccessible(page, 'orders-details-items');
    await viewer.getByRole('tab', { name: 'Tracking' }).click();
    await viewer.getByText('Estimated Delivery').waitFor();
    await expect(viewer.getByText('Shipped').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'orders-details-tracking');
    await expectAccessible(page, 'orders-details-tracking');
    await viewer.getByRole('tab', { name: 'Analytics' }).click();
    await viewer.getByText('Unique Products').waitFor();
    await screenshot(page, 'orders-details-analytics');
    await expectAccessible(page, 'orders-details-analytics');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show All' }).click();
  });

  browserTest('cancels another order by typing its number', async () => {
    await page.getByRole('tab', { name: 'Table View' }).click();
    const row = page.locator('tbody tr', { has: page.getByText('Pending', { exact: true }) }).first();
    await row.waitFor();
    const orderNumber = (await row.locator('td').nth(1).textContent())!.trim();
    await row.getByRole('button', { name: `Delete ${orderNumber}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Order' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Order number').fill('ORD-00000000-WRONG1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('The order number you entered does not match.').waitFor();
    await dialog.getByLabel('Order number').fill(orderNumber.toLowerCase());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await screenshot(page, 'orders-cancel-confirm');
    await expectAccessible(page, 'orders-cancel-confirm');
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await page.getByText('Order cancelled successfully!').waitFor();
    await page.getByRole('searchbox').fill(orderNumber);
    await page.getByText('1 of 1 orders').waitFor();
    const cancelled = page.locator('tbody tr', { has: page.getByText(orderNumber) });
    await cancelled.getByText('Cancelled', { exact: true }).waitFor();
    await screenshot(page, 'orders-cancelled');
    await expectAccessible(page, 'orders-cancelled');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('exports the filtered orders as CSV, one row per line', async () => {
    await page.goto('/orders?view=table');
    await page.getByText(/^10 of \d+ orders$/).waitFor();
    await page.getByLabel('Customer', { exact: true }).selectOption('guest');
    await page.waitForURL(/customerType=guest/);
    await page.locator('tbody tr').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = parse(readFileSync((await download.path())!, 'utf8')) as string[][];
    const column = (name: string) => header!.indexOf(name);
    expect(header).toEqual(expect.arrayContaining(['order_number', 'customer_type', 'customer_email', 'variant_sku']));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row[column('customer_type')]))).toEqual(new Set(['guest']));
    const walkIn = rows.filter((row) => row[column('customer_email')] === GUEST_EMAIL);
    expect(walkIn.length).toBeGreaterThan(0);
    expect(walkIn.every((row) => /^ORD-\d{8}-[A-Z0-9]{6}$/.test(row[column('order_number')]!))).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
