import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** A date input value (YYYY-MM-DD) some days from today. */
function daysAgo(days: number) {
  const date = new Date(Date.now() - days * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Opens the orders of a status as a table and ticks its first two; answers their order numbers. */
async function tickFirstOrders(page: Page, status: string) {
  await page.goto(`/orders?view=table&status=${status}`);
  const boxes = page.getByRole('checkbox', { name: /^Select ORD-/ });
  await boxes.first().waitFor();
  const numbers = [];
  for (const box of [boxes.nth(0), boxes.nth(1)]) {
    numbers.push(((await box.getAttribute('aria-label')) ?? '').replace('Select ', ''));
    await box.click();
  }
  return numbers;
}

/**
 * Chooses a saved view from the Views menu, as a person would, once the list's rows (ticked by `rowBox`) have shown:
 * rows arriving meanwhile can move the menu under the pointer. The menu closes when the view is taken.
 */
async function openSavedView(page: Page, rowBox: RegExp, name: string) {
  await page.getByRole('checkbox', { name: rowBox }).first().waitFor();
  await page.getByRole('button', { name: 'Views' }).click();
  const view = page.getByRole('menuitem', { name });
  await view.click();
  await view.waitFor({ state: 'detached' });
}

const usd = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

// Runs last of the browser tests (it re-prices 20 demo products).
describe('bulk actions and saved views', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signIn(page);
  });
  afterAll(async () => context?.close());

  browserTest('selects 20 products over two pages and raises their prices by 10 % after a preview', async () => {
    await page.goto('/products?view=table');
    await page.getByRole('columnheader', { name: 'SKU' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await page.getByText('10 products selected').waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Select all on this page' }).isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).click();
    await page.getByText('20 products selected').waitFor();
    await screenshot(page, 'bulk-products-selected');

    await page.getByRole('button', { name: 'Adjust Prices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust Prices' });
    await dialog.getByLabel('Percentage').fill('10');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('20 prices will change').waitFor();
    const preview = dialog.getByRole('table', { name: 'Price preview' });
    expect(await preview.locator('tbody tr').count()).toBe(20);
    const first = preview.locator('tbody tr').first();
    const name = (await first.locator('td').nth(0).innerText()).trim();
    const before = Number((await first.locator('td').nth(1).innerText()).replace(/[$,]/g, ''));
    const after = Number((await first.locator('td').nth(2).innerText()).replace(/[$,]/g, ''));
    expect(after).toBeCloseTo(Math.round(before * 110) / 100, 2);
    await screenshot(page, 'bulk-price-preview');
    await expectAccessible(page, 'bulk-price-preview');
    await dialog.getByRole('button', { name: 'Apply Prices' }).click();
    // The action runs as a job: its progress bar reaches the end, a summary toast tells the outcome.
    await dialog.getByRole('progressbar', { name: 'Bulk action progress' }).waitFor();
    await page.getByText('20 products repriced').first().waitFor();
    await expect.poll(() => dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await dialog.getByText('Close', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`/products?view=table&search=${encodeURIComponent(name)}`);
    const row = page.locator('tbody tr', { hasText: name }).first();
    await row.getByText(usd(after)).first().waitFor();
  });

  browserTest('filters orders by status and date, saves the view and reopens it', async () => {
    await page.goto('/orders?view=table');
    await page.getByText(/^10 of \d+ orders$/).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    await page.waitForURL(/status=delivered/);
    await page.getByLabel('From').fill(daysAgo(60));
    await page.waitForURL(/startDate=/);
    await expect
      .poll(async () => {
        const badges = await page.locator('tbody tr').allInnerTexts();
        return badges.length > 0 && badges.every((text) => /delivered/i.test(text));
      })
      .toBe(true);
    const filtered = page.url();

    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('View name').fill('Delivered lately');
    await screenshot(page, 'saved-view-dialog');
    await save.getByRole('button', { name: 'Save View' }).click();
    await page.getByText('View "Delivered lately" saved').first().waitFor();

    await page.goto('/orders?view=table');
    await expect.poll(() => page.getByLabel('Status', { exact: true }).inputValue()).toBe('');
    await openSavedView(page, /^Select ORD-/, 'Delivered lately');
    await page.waitForURL(/status=delivered/);
    expect(new URL(page.url()).searchParams.get('startDate')).toBe(daysAgo(60));
    expect(new URL(page.url()).searchParams.get('status')).toBe(new URL(filtered).searchParams.get('status'));
    await expect.poll(() => page.getByLabel('Status', { exact: true }).inputValue()).toBe('delivered');
    await expect.poll(() => page.getByLabel('From').inputValue()).toBe(daysAgo(60));
    await screenshot(page, 'saved-view-reopened');
    await expectAccessible(page, 'saved-view-reopened');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('prints packing slips of ticked orders: one per order, SKUs and barcodes, no prices', async () => {
    const numbers = await tickFirstOrders(page, 'processing');
    await page.getByText('2 orders selected').waitFor();
    await page.getByRole('button', { name: 'Print packing slips' }).click();
    await page.waitForURL(/\/orders\/packing-slips\?ids=/);
    const slips = page.getByRole('article', { name: /^Packing slip ORD-/ });
    await slips.first().waitFor();
    expect(await slips.count()).toBe(2);
    for (const number of numbers) await page.getByRole('article', { name: `Packing slip ${number}` }).waitFor();
    const first = slips.first();
    await first.getByText('Ship to').waitFor();
    const headers = await first.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual(['product', 'sku', 'barcode', 'size', 'color', 'qty']);
    expect(await first.locator('tbody td').nth(2).innerText()).toMatch(/^\d{13}$/);
    expect(await page.locator('main').innerText()).not.toMatch(/\$\d/);
    await screenshot(page, 'packing-slips');
    await expectAccessible(page, 'packing-slips');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.evaluate("getComputedStyle(document.querySelector('article')).breakAfter")).toBe('page');
    await screenshot(page, 'packing-slips-print');
    await page.emulateMedia({ media: 'screen' });
  });

  browserTest('moves ticked orders to a new status through a job: progress, summary toast, fresh list', async () => {
    const chosen = await tickFirstOrders(page, 'pending');
    await page.getByRole('button', { name: 'Change Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Status' });
    await dialog.getByLabel('New status').selectOption('confirmed');
    await dialog.getByRole('button', { name: 'Update 2 Orders' }).click();
    await dialog.getByRole('progressbar', { name: 'Bulk action progress' }).waitFor();
    await page.getByText('2 orders updated').first().waitFor();
    await expect.poll(() => dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await dialog.getByText('Done: 2 orders updated.').waitFor();
    await screenshot(page, 'bulk-orders-job-done');
    await expectAccessible(page, 'bulk-orders-job-done');
    await dialog.getByText('Close', { exact: true }).click();
    // The pending list no longer holds them.
    for (const number of chosen)
      await page.getByRole('checkbox', { name: `Select ${number}` }).waitFor({ state: 'detached' });
  });

  browserTest('filters customers, saves the view, and deactivates then activates one through a job', async () => {
    await page.goto('/customers?view=table');
    await page.getByLabel('Orders', { exact: true }).selectOption('yes');
    await page.waitForURL(/hasOrders=yes/);
    await page.getByLabel('Registered to').fill(daysAgo(0));
    await page.waitForURL(/registeredTo=/);
    await page.getByRole('button', { name: 'Views' }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const save = page.getByRole('dialog', { name: 'Save view' });
    await save.getByLabel('View name').fill('Customers who ordered');
    await save.getByRole('button', { name: 'Save View' }).click();
    await page.getByText('View "Customers who ordered" saved').first().waitFor();
    await page.goto('/customers?view=table');
    await expect.poll(() => page.getByLabel('Orders', { exact: true }).inputValue()).toBe('');
    await openSavedView(page, /^Select (?!all )/, 'Customers who ordered');
    await page.waitForURL(/hasOrders=yes/);
    await expect.poll(() => page.getByLabel('Orders', { exact: true }).inputValue()).toBe('yes');
    await screenshot(page, 'customers-saved-view');
    await expectAccessible(page, 'customers-saved-view');

    // One customer who is not a demo sign-in account.
    const boxes = page.getByRole('checkbox', { name: /^Select (?!all |Emma Wilson|Liam Chen)/ });
    await boxes.first().waitFor();
    const name = ((await boxes.first().getAttribute('aria-label')) ?? '').replace('Select ', '');
    for (const [button, verb] of [
      ['Deactivate', 'deactivated'],
      ['Activate', 'activated'],
    ] as const) {
      await page.getByRole('checkbox', { name: `Select ${name}` }).click();
      await page.getByText('1 customers selected').waitFor();
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: button, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: `${button} Customers` });
      await dialog.getByRole('button', { name: `${button} 1` }).click();
      await dialog.getByRole('progressbar', { name: 'Bulk action progress' }).waitFor();
      await page.getByText(`1 customer ${verb}`).first().waitFor();
      await dialog.getByText(`Done: 1 customer ${verb}.`).waitFor();
      if (verb === 'deactivated') await screenshot(page, 'bulk-customers-job-done');
      await dialog.getByText('Close', { exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const row = page.locator('tbody tr', { hasText: name }).first();
    await row.getByText('Active', { exact: true }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
