import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

// A 64×64 teal PNG: the product's uploaded image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDaiC+K2AFn4h7hIFCBKSh4fU00Q3YgOoV2YV6l+gGbED1iuxCvUt0AzagekV2od4lugEbUL0iu1DvEt2ADahekV2od4luwAZUr8gu1LtEN2ADqldkF+pdohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXvEPH76ckQ8JYxKeAAAAAElFTkSuQmCC',
  'base64',
);
const NAME = 'E2E Linen Overshirt';
const EDITED = 'E2E Linen Overshirt Deluxe';

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

async function search(page: Page, text: string) {
  await page.getByLabel('Search products...').fill(text);
  await page.getByText(/^1 of \d+ products$/).waitFor();
}

describe('Product Management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
  });
  afterAll(async () => context?.close());

  browserTest('shows the demo catalogue in the sidebar, table and grid views', async () => {
    await page.goto('/products');
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await page.getByText('61 of 61 products').waitFor();
    await page.getByText('Select a Product').waitFor();
    await screenshot(page, 'products-sidebar-empty');
    await expectAccessible(page, 'products-sidebar-empty');
    await page.getByLabel('Search products...').fill('Classic Crew Tee');
    await page.getByText(/^1 of \d+ products$/).waitFor();
    await page.getByText('Classic Crew Tee', { exact: true }).first().click();
    await page.getByText('Sizes and colors').waitFor();
    await screenshot(page, 'products-sidebar');
    await expectAccessible(page, 'products-sidebar');
    // On a phone the panel's actions wrap: nothing makes the page scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Delete Classic Crew Tee' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    await screenshot(page, 'products-sidebar-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Show All' }).click();
    await page.getByRole('tab', { name: 'Table View' }).click();
    await page.getByRole('columnheader', { name: 'SKU' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'products-table');
    await expectAccessible(page, 'products-table');
    await page.getByRole('tab', { name: 'Grid View' }).click();
    await page.getByText('0 selected').waitFor();
    await screenshot(page, 'products-grid');
    await expectAccessible(page, 'products-grid');
    await page.getByLabel('Search products...').fill('denim co');
    await page.getByText(/^\d+ of \d+ products$/).waitFor();
    await page.getByRole('button', { name: 'Show All' }).click();
    await page.getByRole('tab', { name: 'Table View' }).click();
  });

  browserTest('adds a product with two combinations and an image', async () => {
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByText('Price must be greater than 0.').waitFor();
    await screenshot(page, 'product-add-validation');
    await expectAccessible(page, 'product-add-validation');
    await dialog.getByLabel(/^Name/).fill(NAME);
    await dialog.getByLabel(/^SKU/).fill('E2E-LIN-001');
    await dialog.getByLabel(/^Description/).fill('A relaxed linen overshirt for warm evenings.');
    await dialog.getByLabel(/^Category/).selectOption('Men');
    await dialog.getByLabel(/^Subcategory/).fill('Shirts');
    await dialog.getByLabel(/^Brand/).selectOption('Coastline');
    await dialog.getByLabel(/^Price/).fill('79.50');
    await dialog.getByLabel('Tags').fill('linen, summer');
    await dialog.getByLabel('Size of combination 1').selectOption('M');
    await dialog.getByLabel('Color of combination 1').selectOption('Navy');
    await dialog.getByLabel('Quantity of combination 1').fill('5');
    await dialog.getByRole('button', { name: 'Add Combination' }).click();
    await dialog.getByLabel('Size of combination 2').selectOption('L');
    await dialog.getByLabel('Color of combination 2').selectOption('White');
    await dialog.getByLabel('Quantity of combination 2').fill('3');
    await dialog
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'overshirt.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: 'Remove image 1' }).waitFor();
    await screenshot(page, 'product-add-dialog');
    await expectAccessible(page, 'product-add-dialog');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await toast(page, 'Product added successfully!');
    await page.getByRole('tab', { name: 'Table View' }).click();
    await search(page, NAME);
    await page
      .getByRole('cell', { name: new RegExp(NAME) })
      .first()
      .waitFor();
  });

  browserTest('edits it', async () => {
    await page.getByRole('button', { name: `Edit ${NAME}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(dialog.getByLabel(/^Name/).inputValue()).resolves.toBe(NAME);
    await screenshot(page, 'product-edit-dialog');
    await expectAccessible(page, 'product-edit-dialog');
    await dialog.getByLabel(/^Name/).fill(EDITED);
    await dialog.getByLabel(/^Price/).fill('84');
    await dialog.getByRole('button', { name: 'Update Product' }).click();
    await toast(page, 'Product updated successfully!');
    await search(page, EDITED);
  });

  browserTest('adds stock through Manage Stock', async () => {
    await page.getByRole('button', { name: `Manage Stock ${EDITED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Stock' });
    await dialog.getByLabel('Size', { exact: true }).selectOption('M');
    await dialog.getByLabel('Color', { exact: true }).selectOption('Navy');
    await dialog.getByText('5 (5 available, 0 reserved)').waitFor();
    await dialog.getByRole('button', { name: 'Remove Stock' }).first().click();
    await dialog.getByLabel('Quantity', { exact: true }).fill('50');
    await dialog.getByText('You are removing more than is available (5).').waitFor();
    await screenshot(page, 'product-stock-warning');
    await expectAccessible(page, 'product-stock-warning');
    await dialog.getByRole('button', { name: 'Add New Size/Color Combination' }).click();
    await page.getByRole('dialog', { name: 'Add New Size/Color Combination' }).waitFor();
    await screenshot(page, 'product-add-combination');
    await expectAccessible(page, 'product-add-combination');
    await page
      .getByRole('dialog', { name: 'Add New Size/Color Combination' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await dialog.getByRole('button', { name: 'Add Stock' }).first().click();
    await dialog.getByLabel('Quantity', { exact: true }).fill('4');
    await dialog.getByLabel('Reason (optional)').fill('restock');
    await screenshot(page, 'product-manage-stock');
    await expectAccessible(page, 'product-manage-stock');
    await dialog.getByRole('button', { name: 'Add Stock' }).last().click();
    await toast(page, 'Stock updated successfully!');
  });

  browserTest('opens every Details tab', async () => {
    await page.getByRole('button', { name: `View Details ${EDITED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Product Details' });
    for (const tab of ['Overview', 'Details', 'Inventory', 'SEO', 'Analytics']) {
      await dialog.getByRole('tab', { name: tab }).click();
      await dialog.getByRole('tabpanel').waitFor();
      await screenshot(page, `product-details-${tab.toLowerCase()}`);
      await expectAccessible(page, `product-details-${tab.toLowerCase()}`);
    }
    await dialog.getByRole('tab', { name: 'Inventory' }).click();
    await dialog.getByRole('cell', { name: 'M / Navy' }).waitFor();
    await expect(dialog.getByRole('row', { name: /M \/ Navy/ }).textContent()).resolves.toContain('9');
    await page.keyboard.press('Escape');
  });

  browserTest('deletes it by typing its name', async () => {
    await page.getByRole('button', { name: `Delete ${EDITED}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Product' });
    await dialog.getByLabel('Product name').fill(`  ${EDITED.toUpperCase()} `);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Wishlist entries').waitFor();
    await screenshot(page, 'product-delete-confirm');
    await expectAccessible(page, 'product-delete-confirm');
    await dialog.getByRole('button', { name: 'Permanently Delete Product' }).click();
    await toast(page, 'Product and all related data permanently deleted successfully!');
    await page.getByText('No products found').waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
