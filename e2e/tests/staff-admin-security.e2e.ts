import { twoFactorContracts, userContracts } from '@seamline/shared';
import { TOTP } from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

const stamp = Date.now();
const member = (name: string) => ({
  email: `${name}-${stamp}@seamline.dev`,
  password: 'Member-password-1',
  firstName: 'Sam',
  lastName: `${name[0]!.toUpperCase()}${name.slice(1)}${stamp}`,
});
const NEWCOMER = member('newcomer');
const WATCHED = member('watched');
const CHANGER = member('changer');
const GUESSER = member('guesser');

async function signIn(page: Page, account: { email: string; password: string }) {
  // A page just sent to sign-in by the app is already there (a second navigation would interrupt the first).
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What an admin does from their profile and from User Management; the demo admin's own sign-in stays one step. */
describe('staff security: the admin side, and changing a password', () => {
  let adminToken = '';
  let admin: { context: BrowserContext; page: Page };
  let staff: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    if (!baseUrl()) return;
    adminToken = await accessToken(ADMIN);
    for (const person of [NEWCOMER, WATCHED, CHANGER, GUESSER])
      await callData(userContracts.create, { token: adminToken, body: { ...person, role: 'support' } });
    admin = await openBrowser();
    staff = await openBrowser();
    await signIn(admin.page, ADMIN);
    await admin.page.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    // Whatever happened above, the store must not keep requiring two-factor for the browser tests after this file.
    const body = { requireTwoFactorForStaff: false };
    if (adminToken) await callData(twoFactorContracts.updateSettings, { token: adminToken, body });
    await admin?.context.close();
    await staff?.context.close();
  });

  browserTest('"require two-factor for all staff" makes a staff member set it up at their next sign-in', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Profile' }).click();
    const requirement = page.getByRole('checkbox', { name: 'Require two-factor sign-in for all staff' });
    await requirement.click();
    await expect.poll(() => requirement.getAttribute('aria-checked')).toBe('true');
    await page.getByText('Security settings saved').first().waitFor();

    await signIn(staff.page, NEWCOMER);
    await staff.page.getByText('Your store requires two-factor sign-in. Set it up to continue.').waitFor();
    const secret = (await staff.page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await screenshot(staff.page, 'two-factor-required-setup');
    await expectAccessible(staff.page, 'two-factor-required-setup');
    await staff.page.getByLabel('Verification code').fill(new TOTP({ secret, digits: 6, period: 30 }).generate());
    await staff.page.getByRole('button', { name: 'Verify' }).click();
    const codes = staff.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await staff.page.getByRole('button', { name: 'Continue' }).click();
    await staff.page.waitForURL((url) => url.pathname !== '/login');

    await requirement.click();
    await expect.poll(() => requirement.getAttribute('aria-checked')).toBe('false');
    const settings = await callData(twoFactorContracts.getSettings, { token: adminToken });
    expect(settings.requireTwoFactorForStaff).toBe(false);
  });

  browserTest(
    "an admin ends a staff member's sessions from User Management; that browser goes to sign-in",
    async () => {
      await staff.page.getByRole('button', { name: 'Sign out' }).click();
      await staff.page.waitForURL('**/login');
      await signIn(staff.page, WATCHED);
      await staff.page.waitForURL('**/dashboard');

      const { page } = admin;
      await page.goto('/users');
      await page.getByPlaceholder('Search users...').fill(WATCHED.lastName);
      const card = page.getByTestId('user-card').filter({ hasText: WATCHED.email });
      await card.getByRole('button', { name: `Sessions of ${WATCHED.firstName} ${WATCHED.lastName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Sessions of ${WATCHED.firstName} ${WATCHED.lastName}` });
      await dialog.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').first().waitFor();
      await screenshot(page, 'user-sessions');
      await dialog.getByRole('button', { name: 'End all sessions' }).click();
      await dialog.getByText('No active sessions.').waitFor();

      await staff.page.getByRole('link', { name: 'Orders' }).first().click();
      await staff.page.waitForURL('**/login');
    },
  );

  browserTest(
    'wrong codes count toward the sign-in throttle: after five tries even a right code is refused',
    async () => {
      // Two-factor turned on through the API (the profile flow has its own test).
      const token = await accessToken(GUESSER);
      const { secret } = await callData(twoFactorContracts.setup, { token });
      const totp = new TOTP({ secret, digits: 6, period: 30 });
      const code = totp.generate({ timestamp: Date.now() - 30_000 });
      await callData(twoFactorContracts.enable, { token, body: { code } });

      const { page, context } = await openBrowser();
      try {
        await signIn(page, GUESSER);
        const code = page.getByLabel('Verification code');
        const alert = page.getByRole('alert').first();
        // The password step took one of the five attempts; four wrong codes take the rest.
        for (let i = 0; i < 4; i++) {
          await code.fill(`00000${i}`);
          await page.getByRole('button', { name: 'Verify' }).click();
          await expect.poll(() => alert.textContent()).toContain('Invalid verification code');
          await code.fill('');
        }
        await code.fill(totp.generate());
        await page.getByRole('button', { name: 'Verify' }).click();
        await expect
          .poll(() => alert.textContent())
          .toContain('Too many failed sign-in attempts. Please try again later.');
        expect(new URL(page.url()).pathname).toBe('/login');
        await screenshot(page, 'two-factor-throttled');
      } finally {
        await context.close();
      }
    },
  );

  browserTest('changing the password asks for the current one; the new one then signs in', async () => {
    const { page } = staff;
    await signIn(page, CHANGER);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByLabel('Current password').fill('not-my-password-1');
    await page.getByLabel('New password').fill('Changed-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Current password is incorrect');

    await page.getByLabel('Current password').fill(CHANGER.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/password (was )?changed/i)
      .first()
      .waitFor();
    // The toast opens below the top bar: Sign out stays clickable while it shows.
    await screenshot(page, 'password-changed-toast');
    await page.getByRole('button', { name: 'Sign out' }).click({ trial: true, timeout: 2_000 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signIn(page, { email: CHANGER.email, password: 'Changed-password-2' });
    // Back where the staff member was (their profile).
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
  });
});
