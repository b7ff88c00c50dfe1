import { userContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, call, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot } from '../browser.js';

// Demo accounts (README).
const MODERATOR = { email: 'moderator@seamline.dev', password: 'Moderator123!' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function signOut(context: BrowserContext, page: Page) {
  await page.evaluate('window.localStorage.clear()');
  await context.clearCookies();
}

describe('user management', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest(
    'an admin adds a moderator, makes them support, deactivates them; they can no longer sign in',
    async () => {
      const stamp = Date.now().toString(36);
      const person = {
        firstName: 'Nora',
        lastName: `Quill${stamp}`,
        email: `nora.${stamp}@example.com`,
        password: 'Moder8tor!x',
      };
      const fullName = `${person.firstName} ${person.lastName}`;

      await signIn(page, ADMIN);
      await page.goto('/users');
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      await page.getByTestId('user-card').first().waitFor();
      await screenshot(page, 'users-list-admin');
      await expectAccessible(page, 'users-list-admin');

      // Add New User: submit stays disabled until the four required fields are valid.
      await page.getByRole('button', { name: 'Add User' }).click();
      const add = page.getByRole('dialog', { name: 'Add New User' });
      await add.getByText('Only moderator and support roles can be created for security reasons.').waitFor();
      const create = add.getByRole('button', { name: 'Create User' });
      expect(await create.isDisabled()).toBe(true);
      await add.getByLabel('First Name').fill('N');
      await add.getByLabel('Last Name').click();
      await add.getByText('First name must be at least 2 characters long').waitFor();
      await add.getByLabel('Email').fill('not-an-address');
      await add.getByLabel('Password').click();
      await add.getByText('Please enter a valid email address').waitFor();
      await screenshot(page, 'users-add-dialog-errors');
      await expectAccessible(page, 'users-add-dialog-errors');
      await add.getByLabel('First Name').fill(person.firstName);
      await add.getByLabel('Last Name').fill(person.lastName);
      await add.getByLabel('Email').fill(person.email);
      await add.getByLabel('Password').fill(person.password);
      await add.getByLabel('Phone (optional)').fill('5551234567');
      expect(await add.getByLabel('Role').inputValue()).toBe('support');
      await add.getByLabel('Role').selectOption('moderator');
      await screenshot(page, 'users-add-dialog');
      await expectAccessible(page, 'users-add-dialog');
      await create.click();
      await page.getByText('User created successfully').waitFor();
      expect(await add.count()).toBe(0);

      // Find them with the search box.
      await page.getByPlaceholder('Search users...').fill(person.lastName);
      const card = page.getByTestId('user-card').filter({ hasText: person.email });
      await card.waitFor();
      // The 400 ms debounce applies the search after typing stops; then only the new user is left.
      await expect.poll(() => page.getByTestId('user-card').count(), { timeout: 5000 }).toBe(1);
      expect(await card.textContent()).toContain('Moderator');
      expect(await card.textContent()).toContain('Active');
      expect(await card.textContent()).toContain('Last login: Never');

      // Edit: moderator → support.
      await card.getByRole('button', { name: /Edit/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit User' });
      await edit.getByLabel('Role').selectOption('support');
      await screenshot(page, 'users-edit-dialog');
      await expectAccessible(page, 'users-edit-dialog');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('User updated successfully').waitFor();
      await card.getByText('Support').waitFor();

      // Deactivate: a wrong name is refused, the right one (any case) leads to the confirmation.
      await card.getByRole('button', { name: /Delete/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate User' });
      await dialog.getByLabel('Full name').fill('Someone Else');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('The name you entered does not match.').waitFor();
      await screenshot(page, 'users-deactivate-mismatch');
      await expectAccessible(page, 'users-deactivate-mismatch');
      await dialog.getByLabel('Full name').fill(`  ${fullName.toUpperCase()} `);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('This action can be undone later.').waitFor();
      await screenshot(page, 'users-deactivate-confirm');
      await expectAccessible(page, 'users-deactivate-confirm');
      await dialog.getByRole('button', { name: 'Deactivate User' }).click();
      await page.getByText(`${fullName} deactivated successfully`).waitFor();
      await card.getByText('Inactive').waitFor();
      await screenshot(page, 'users-after-deactivate');
      await expectAccessible(page, 'users-after-deactivate');

      // The deactivated user cannot sign in.
      await signOut(context, page);
      await page.goto('/login');
      await page.getByLabel('Email').fill(person.email);
      await page.getByLabel('Password').fill(person.password);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByText('Your account has been deactivated. Please contact support.').waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, 'users-deactivated-sign-in');
      await expectAccessible(page, 'users-deactivated-sign-in');
      expect(consoleErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    },
  );

  browserTest('a moderator sees the staff list but no Add, Edit or Delete', async () => {
    await signOut(context, page);
    await signIn(page, MODERATOR);
    await page.goto('/users');
    await page.getByTestId('user-card').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await page.getByText('Admin - Protected').count()).toBeGreaterThan(0);
    await screenshot(page, 'users-list-moderator');
    await expectAccessible(page, 'users-list-moderator');
  });

  browserTest('pagination appears past 9 staff; a search with no match shows the empty state', async () => {
    const token = await accessToken(ADMIN);
    const before = await callData(userContracts.list, { query: { limit: 1 }, token });
    const staff = before.pagination.total;
    // Enough new staff for a second page, whatever other tests created before.
    const stamp = Date.now().toString(36);
    const toCreate = Math.max(3, 10 - staff);
    for (let i = 0; i < toCreate; i++) {
      const created = await call(userContracts.create, {
        token,
        body: {
          email: `page${i}.${stamp}@example.com`,
          password: 'Password123!',
          firstName: 'Paged',
          lastName: `Member${i}`,
          role: i % 2 ? 'moderator' : 'support',
        },
      });
      expect(created.status).toBe(201);
    }
    await signOut(context, page);
    await signIn(page, ADMIN);
    await page.goto('/users');
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await pagination.waitFor();
    expect(await page.getByTestId('user-card').count()).toBe(9);
    await screenshot(page, 'users-page-1');
    await expectAccessible(page, 'users-page-1');
    await pagination.getByRole('button', { name: '2' }).click();
    await pagination.getByRole('button', { name: '2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.getByTestId('user-card').first().waitFor();
    await screenshot(page, 'users-page-2');
    await expectAccessible(page, 'users-page-2');

    // Fewer than 10 matches: one page, no pagination.
    await page.getByPlaceholder('Search users...').fill(stamp);
    await expect.poll(() => page.getByTestId('user-card').count(), { timeout: 5000 }).toBe(toCreate);
    expect(await pagination.count()).toBe(0);

    await page.getByPlaceholder('Search users...').fill('nobody-matches-this');
    await page.getByText('No Users Found').waitFor();
    await page.getByText('There are no users in the system yet.').waitFor();
    expect(await pagination.count()).toBe(0);
    await screenshot(page, 'users-empty');
    await expectAccessible(page, 'users-empty');
  });
});
