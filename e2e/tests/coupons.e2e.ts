import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

const MODERATOR = { email: 'moderator@seamline.dev', password: 'Moderator123!' };

describe('coupon management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('an admin creates a percentage coupon, sees it Active, edits it and deletes it by name', async () => {
    await signInToBackOffice(page, ADMIN);
    await page.goto('/coupons');
    await page.getByRole('heading', { name: 'Coupon Management' }).waitFor();
    await page.getByText('Manage your discount coupons and promotions').waitFor();
    await page.getByTestId('coupon-card').first().waitFor();
    await page.getByText('Usage Exceeded').first().waitFor();
    await screenshot(page, 'coupons-list');
    await expectAccessible(page, 'coupons-list');

    await page.getByRole('button', { name: 'Add Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Add Coupon' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Coupon Name').fill('ab');
    await dialog.getByText('Coupon name must be at least 3 characters').waitFor();
    await expect(dialog.getByTestId('name-counter').textContent()).resolves.toBe('2/100');
    await dialog.getByLabel('Coupon Name').fill('Browser Test Sale');
    await dialog.getByLabel('Value (%)').fill('120');
    await dialog.getByText('Percentage cannot exceed 100%').waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Value (%)').fill('15');
    await screenshot(page, 'coupons-add-dialog');
    await expectAccessible(page, 'coupons-add-dialog');
    await submit.click();
    await page.getByText('Coupon added successfully').waitFor();
    const card = page.getByTestId('coupon-card').filter({ hasText: 'Browser Test Sale' });
    await card.waitFor();
    await card.getByText('Active').waitFor();
    await card.getByText('15% off').waitFor();
    await card.getByText('0/100').waitFor();
    expect(await card.textContent()).toMatch(/[A-Z0-9]{8}/);

    await card.getByRole('button', { name: 'Edit Browser Test Sale' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Coupon' });
    await edit.getByLabel('Coupon Name').fill('Browser Test Sale Edited');
    await edit.getByLabel('Usage Limit').fill('250');
    await edit.getByRole('button', { name: 'Update Coupon' }).click();
    await page.getByText('Coupon updated successfully').waitFor();
    const edited = page.getByTestId('coupon-card').filter({ hasText: 'Browser Test Sale Edited' });
    await edited.getByText('0/250').waitFor();

    await edited.getByRole('button', { name: 'Delete Browser Test Sale Edited' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Coupon' });
    await confirm.getByRole('textbox').fill('wrong name');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await confirm.getByText('The name you entered does not match.').waitFor();
    await confirm.getByRole('textbox').fill('browser test sale edited');
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await screenshot(page, 'coupons-delete-confirm');
    await expectAccessible(page, 'coupons-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete Coupon' }).click();
    await page.getByText('Browser Test Sale Edited deleted successfully').waitFor();
    await expect(page.getByTestId('coupon-card').filter({ hasText: 'Browser Test Sale Edited' }).count()).resolves.toBe(
      0,
    );

    await page.getByPlaceholder('Search coupons...').fill('no-such-coupon-anywhere');
    await page.getByText('No Coupons Found').waitFor();
    await screenshot(page, 'coupons-empty');
    await expectAccessible(page, 'coupons-empty');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('a moderator sees the coupons without Add, Edit or Delete', async () => {
    await context.clearCookies();
    await page.evaluate('localStorage.clear()');
    await signInToBackOffice(page, MODERATOR);
    await page.goto('/coupons');
    await page.getByTestId('coupon-card').first().waitFor();
    await expect(page.getByRole('button', { name: 'Add Coupon' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / }).count()).resolves.toBe(0);
    await screenshot(page, 'coupons-moderator');
    await expectAccessible(page, 'coupons-moderator');
  });
});
