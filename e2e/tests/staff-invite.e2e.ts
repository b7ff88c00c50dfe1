import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';
import { waitForMailed } from '../mail.js';

// Demo account (README).
const stamp = Date.now().toString(36);
const INVITEE = {
  email: `invited.${stamp}@example.com`,
  firstName: 'Ivy',
  lastName: `Invitee${stamp}`,
  password: 'Invited-support-1',
};
const LEFTOVER = `revoked.${stamp}@example.com`;

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Invites through the dialog (Invite User is the primary button beside Add User). */
async function inviteFromDialog(page: Page, email: string, role: 'Support' | 'Moderator') {
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await page.getByText(`Invitation sent to ${email}`).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('staff invitations', () => {
  let admin: { context: BrowserContext; page: Page; consoleErrors: string[] };
  let invitee: { context: BrowserContext; page: Page; consoleErrors: string[] };
  let link = '';

  beforeAll(async () => {
    if (!baseUrl()) return;
    admin = await openBrowser();
    invitee = await openBrowser();
  });
  afterAll(async () => {
    await admin?.context.close();
    await invitee?.context.close();
  });

  browserTest('an admin invites a support member; the invitation is pending and mailed', async () => {
    const { page } = admin;
    await signIn(page, ADMIN);
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await inviteFromDialog(page, INVITEE.email, 'Support');
    await inviteFromDialog(page, LEFTOVER, 'Moderator');

    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await pending.getByText(INVITEE.email).waitFor();
    await pending.getByText(LEFTOVER).waitFor();
    await screenshot(page, 'users-pending-invitations');
    await expectAccessible(page, 'users-pending-invitations');

    // Revoke one from the card: it leaves the list.
    await page.getByRole('button', { name: `Revoke invitation to ${LEFTOVER}` }).click();
    await page.getByText('Invitation revoked').first().waitFor();
    await pending.getByText(LEFTOVER).waitFor({ state: 'detached' });

    // The link is read from the real mail the server sent over SMTP.
    link = await waitForMailed(INVITEE.email, /(http\S+\/accept-invitation\?token=[A-Za-z0-9_-]+)/);
    expect(link.startsWith(`${baseUrl()}/accept-invitation?token=`)).toBe(true);
    expect(admin.consoleErrors).toEqual([]);
  });

  browserTest('the invitee chooses a password from the link, then signs in', async () => {
    const { page } = invitee;
    await page.goto(link);
    await page.getByText(INVITEE.email).waitFor();
    await expectAccessible(page, 'accept-invitation');
    await page.getByLabel('First name').fill(INVITEE.firstName);
    await page.getByLabel('Last name').fill(INVITEE.lastName);
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await page.getByLabel('Confirm password').fill(INVITEE.password);
    await screenshot(page, 'accept-invitation');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is ready. Sign in with your new password.').waitFor();

    await signIn(page, INVITEE);
    await page.waitForURL('**/dashboard');
    // A support member: User Management is readable, but offers no invitations.
    await page.goto('/users');
    await page.getByText(`${INVITEE.firstName} ${INVITEE.lastName}`).first().waitFor();
    expect(await page.getByRole('button', { name: 'Invite User' }).count()).toBe(0);
    expect(invitee.consoleErrors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  });

  browserTest('the used link then shows a clear message, and the admin no longer sees it pending', async () => {
    const { page } = invitee;
    await page.evaluate('window.localStorage.clear()');
    await page.goto(link);
    await page.getByText('This invitation has already been used. Sign in with the password you chose.').waitFor();
    expect(await page.getByLabel('Confirm password').count()).toBe(0);
    await screenshot(page, 'accept-invitation-used');
    await expectAccessible(page, 'accept-invitation-used');

    await admin.page.reload();
    await admin.page.getByRole('heading', { name: 'User Management' }).waitFor();
    await admin.page.getByTestId('user-card').first().waitFor();
    expect(await admin.page.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
  });
});
