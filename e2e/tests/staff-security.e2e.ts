import { userContracts } from '@seamline/shared';
import { TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const MEMBER = {
  email: `security-${Date.now()}@seamline.dev`,
  password: 'Member-password-1',
  firstName: 'Sam',
  lastName: 'Secure',
};

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits for the back office (where the user was going, else the dashboard); an error on the sign-in fails with its text. */
async function reachBackOffice(page: Page) {
  const alert = page.getByRole('alert').first();
  await Promise.race([
    page.waitForURL((url) => url.pathname !== '/login'),
    alert.waitFor().then(async () => {
      throw new Error(`sign-in refused: ${await alert.textContent()}`);
    }),
  ]);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/login');
}

const codeFor = (secret: string) => new TOTP({ secret, digits: 6, period: 30 }).generate();
/**
 * A code is accepted once, and only for a later time step than the last one used. The server accepts one step either
 * side of now (clock drift), so the next step's code is fresh now: no waiting for the clock.
 */
const nextStepCodeFor = (secret: string) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 });

describe('staff security: two-factor sign-in and sessions', () => {
  let context: BrowserContext;
  let page: Page;
  let other: BrowserContext;
  let otherPage: Page;
  let secret = '';
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    if (!baseUrl()) return;
    // A staff member of this test's own, so the demo accounts other tests use stay as they are.
    await callData(userContracts.create, { token: await accessToken(ADMIN), body: { ...MEMBER, role: 'support' } });
    ({ context, page } = await openBrowser());
    ({ context: other, page: otherPage } = await openBrowser());
  });
  afterAll(async () => {
    await context?.close();
    await other?.close();
  });

  browserTest('turns two-factor on from the profile with a code from the shown secret', async () => {
    await signIn(page);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await screenshot(page, 'two-factor-setup');
    await expectAccessible(page, 'two-factor-setup');
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    recoveryCodes = await codes.allTextContents();
    await signOut(page);
  });

  browserTest('signs in with a code, then with a recovery code that then no longer works', async () => {
    // The setup used this time step's code.
    await signIn(page);
    await page.getByLabel('Verification code').fill(nextStepCodeFor(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await reachBackOffice(page);
    await signOut(page);

    await signIn(page);
    await page.getByLabel('Verification code').fill(recoveryCodes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await reachBackOffice(page);
    await signOut(page);

    await signIn(page);
    await page.getByLabel('Verification code').fill(recoveryCodes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Invalid verification code');
  });

  browserTest(
    'ends another session from the profile; that browser is sent to sign-in on its next call',
    async () => {
      // The authenticator's codes of the next steps are spent: these two sign-ins use recovery codes.
      await signIn(otherPage);
      await otherPage.getByLabel('Verification code').fill(recoveryCodes[1] as string);
      await otherPage.getByRole('button', { name: 'Verify' }).click();
      await reachBackOffice(otherPage);

      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await page.getByLabel('Email').fill(MEMBER.email);
      await page.getByLabel('Password').fill(MEMBER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Verification code').fill(recoveryCodes[2] as string);
      await page.getByRole('button', { name: 'Verify' }).click();
      await reachBackOffice(page);
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'End all other sessions' }).click();
      await page
        .getByText(/sessions? ended/)
        .first()
        .waitFor();
      // One toaster for the whole app: the message shows once.
      expect(await page.getByText(/sessions? ended/).count()).toBe(1);
      await screenshot(page, 'sessions');

      await otherPage.getByRole('link', { name: 'Orders' }).first().click();
      await otherPage.waitForURL('**/login');

      // New recovery codes, for the current password: ten again, shown once.
      await page.getByLabel('Current password').first().fill(MEMBER.password);
      await page.getByRole('button', { name: 'Get new recovery codes' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await codes.first().waitFor();
      expect(await codes.count()).toBe(10);
      await page.getByText('Recovery codes left: 10').waitFor();
    },
    120_000,
  );
});
