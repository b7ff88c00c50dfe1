import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

const PRODUCT = 'Waxed Field Jacket';

describe('Inventory Management and Inventory Analytics', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let variant = '';
  let counts = '';
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
  });
  afterAll(async () => context?.close());

  browserTest('shows the overview and the inventory table', async () => {
    await page.goto('/inventory');
    await page.getByRole('heading', { name: 'Inventory Management' }).waitFor();
    await page.getByText('Quick Stats').waitFor();
    await page
      .getByText(/vs 30 days ago/)
      .first()
      .waitFor();
    await screenshot(page, 'inventory-overview');
    await expectAccessible(page, 'inventory-overview');
    await page.getByRole('tab', { name: 'Inventory Table' }).click();
    await page.getByRole('columnheader', { name: 'Value' }).waitFor();
    await page.getByText(/^Showing 10 of \d+ products$/).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'inventory-table');
    await expectAccessible(page, 'inventory-table');
  });

  browserTest('sets a combination below its threshold and sees it in Alerts and the Overview', async () => {
    await page.getByLabel('Search inventory').fill(PRODUCT);
    await page.getByText('1 products', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Manage Stock' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Stock' });
    await dialog.getByRole('button', { name: 'Update Stock' }).click();
    await dialog.getByText('Please select both size and color, and enter a valid quantity').waitFor();
    await dialog.getByLabel('Size').selectOption({ index: 1 });
    await dialog.getByLabel('Color').selectOption({ index: 1 });
    const size = await dialog.getByLabel('Size').inputValue();
    const color = await dialog.getByLabel('Color').inputValue();
    variant = `${size}-${color}`;
    await dialog.getByLabel('Operation').selectOption('subtract');
    await dialog.getByLabel('Quantity').fill('100000');
    await expect.poll(() => dialog.getByTestId('stock-preview').textContent()).toBe('0');
    await dialog.getByLabel('Operation').selectOption('set');
    await dialog.getByLabel('Quantity').fill('1');
    await screenshot(page, 'inventory-manage-stock');
    await expectAccessible(page, 'inventory-manage-stock');
    await dialog.getByRole('button', { name: 'Update Stock' }).click();
    await page.getByText('Stock updated successfully!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /Alerts/ }).click();
    // Alerts come a page at a time, worst first: find this product's by searching, as a user would.
    await page.getByLabel('Search alerts by product...').fill(PRODUCT);
    const card = page.getByTestId('alert-card').filter({ hasText: PRODUCT }).filter({ hasText: variant });
    await card.waitFor();
    await card.getByText('Critical').waitFor();
    await screenshot(page, 'inventory-alerts');
    await expectAccessible(page, 'inventory-alerts');

    await page.getByRole('tab', { name: 'Overview' }).click();
    const recent = page.getByRole('list', { name: 'Recent changes' }).getByRole('listitem').first();
    await recent.getByText(PRODUCT).waitFor();
    expect(await recent.textContent()).toContain('Set 1:');
    counts = (await page.getByText(/^\d+ low stock$/).textContent()) ?? '';
    await screenshot(page, 'inventory-overview-after');
    await expectAccessible(page, 'inventory-overview-after');
  });

  browserTest('views the history of the change', async () => {
    await page.getByRole('tab', { name: 'Inventory Table' }).click();
    await page.getByLabel('Search inventory').fill(PRODUCT);
    await page.getByRole('button', { name: 'View History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inventory History' });
    await dialog.getByText(variant).first().waitFor();
    await dialog.getByText('Set 1').waitFor();
    await dialog
      .getByText(/Removed \d+/)
      .first()
      .waitFor();
    await screenshot(page, 'inventory-history');
    await expectAccessible(page, 'inventory-history');
    await page.keyboard.press('Escape');
  });

  browserTest('shows the combination on Inventory Analytics', async () => {
    await page.goto('/analytics/inventory');
    await page.getByRole('heading', { name: 'Inventory Analytics' }).waitFor();
    await page.getByText('Inventory Status').waitFor();
    await page.getByText('units per product').waitFor();
    await page.getByRole('table', { name: 'Low stock alerts table' }).waitFor();
    // The same figures as the Inventory screen.
    await page.getByText(counts, { exact: true }).waitFor();
    await screenshot(page, 'inventory-analytics');
    await expectAccessible(page, 'inventory-analytics');
    expect(consoleErrors).toEqual([]);
  });
});
