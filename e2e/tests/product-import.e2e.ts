import { readFileSync } from 'node:fs';
import { PRODUCT_CSV_COLUMNS } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const ROWS = 1000;
/** Spreadsheet rows (header = 1) made bad on purpose, and what the preview must say about each. */
const BAD = [
  { row: 11, column: 'price', message: 'Price must be greater than 0.' },
  { row: 501, column: 'quantity', message: 'Quantity must be a whole number of at least 0.' },
  { row: 902, column: 'status', message: 'Status must be active or inactive' },
];

/** 500 products x 2 colours (1,000 variant rows) in the demo catalogue's category and brand; `broken` spoils 3. */
function catalogueCsv(header: string, broken: boolean): string {
  const lines = [header];
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const bad = broken ? BAD.find((b) => b.row === row) : undefined;
    const product = Math.floor(i / 2) + 1;
    const cells: Record<string, string> = {
      product_sku: `E2E-IMP-${product}`,
      name: `Imported Tee ${product}`,
      category: 'Men',
      subcategory: 'T-Shirts',
      brand: 'Northwind Apparel',
      price: bad?.column === 'price' ? '0' : '19.99',
      size: 'M',
      color: i % 2 === 0 ? 'Black' : 'White',
      quantity: bad?.column === 'quantity' ? '-1' : String(10 + (i % 7)),
      low_stock_threshold: '5',
      tags: 'imported',
      status: bad?.column === 'status' ? 'maybe' : 'active',
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(','));
  }
  return `${lines.join('\n')}\n`;
}

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await download.path())!, 'utf8');
}

describe('Product import and export', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page } = await openBrowser());
    await signIn(page);
  });
  afterAll(async () => context?.close());

  browserTest('template, preview naming 3 bad rows, fix and apply with progress, export finds the rows', async () => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    const template = await downloaded(page, () => dialog.getByRole('button', { name: 'Download template' }).click());
    const header = template.split('\n')[0]!.trim();
    expect(header).toBe(PRODUCT_CSV_COLUMNS.join(','));

    const file = (broken: boolean) => ({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(catalogueCsv(header, broken)),
    });
    await dialog.getByLabel('CSV file').setInputFiles(file(true));
    const errors = dialog.getByRole('table', { name: 'Import errors' });
    await errors.waitFor();
    const rows = await errors.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual(
      BAD.map((b) => [String(b.row), b.column, b.message]),
    );
    expect(await dialog.getByTestId('import-create').innerText()).toBe('997');
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await screenshot(page, 'product-import-preview');
    await expectAccessible(page, 'product-import-preview');

    await dialog.getByLabel('CSV file').setInputFiles(file(false));
    await dialog.getByText('Nothing is written yet.', { exact: false }).waitFor();
    expect(await dialog.getByTestId('import-create').innerText()).toBe('1,000');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await dialog.getByText('Import complete: 1,000 rows.').waitFor({ timeout: 60_000 });
    await screenshot(page, 'product-import-done');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.getByPlaceholder('Search products...').fill('E2E-IMP');
    await page.getByText(/^500 of /).waitFor();
    const exported = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    const lines = exported.trim().split('\n');
    expect(lines[0]).toBe(header);
    expect(lines).toHaveLength(ROWS + 1);
    expect(exported).toContain('E2E-IMP-1,E2E-IMP-1-M-BLACK,Imported Tee 1');
    expect(exported).toContain('E2E-IMP-500,E2E-IMP-500-M-WHITE,Imported Tee 500');
  });
});
