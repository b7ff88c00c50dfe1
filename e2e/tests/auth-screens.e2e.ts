import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

describe('the other sign-in screens', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('registering creates an account but explains that the back office is for staff', async () => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await screenshot(page, 'register-errors');
    await expectAccessible(page, 'register-errors');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email').fill(`nora.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('Password123!');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Account created' }).waitFor();
    await expect(page.getByText('This back office is for store staff only.').count()).resolves.toBe(1);
    await screenshot(page, 'register-done');
    await expectAccessible(page, 'register-done');
  });

  browserTest('forgot password answers without telling whether the address exists', async () => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();
    await screenshot(page, 'forgot-password');
    await expectAccessible(page, 'forgot-password');
  });

  browserTest('reset and verify links with a bad token show the server message', async () => {
    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('Password123!');
    await page.getByLabel('Confirm new password').fill('Password123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Invalid or expired reset token').waitFor();
    await screenshot(page, 'reset-password-bad-token');
    await expectAccessible(page, 'reset-password-bad-token');

    await page.goto('/verify-email?token=not-a-real-token');
    await page.getByText('Invalid or expired verification token').waitFor();
    await page.getByRole('link', { name: 'Send a new verification e-mail' }).click();
    await page.waitForURL('**/resend-verification');
    await page.getByLabel('Email').fill('emma.wilson@example.com');
    await page.getByRole('button', { name: 'Send verification e-mail' }).click();
    await page.getByRole('status').waitFor();
    await screenshot(page, 'resend-verification');
    await expectAccessible(page, 'resend-verification');
    expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
