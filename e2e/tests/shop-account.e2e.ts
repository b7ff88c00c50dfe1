import { adminOrderContracts, orderContracts, productContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import {
  baseUrl,
  browserTest,
  expectAccessible,
  openBrowser,
  pageAccessToken,
  refreshCookieOf,
  screenshot,
  scriptReadableState,
} from '../browser.js';
import { waitForMailed } from '../mail.js';

const ADDRESS = {
  firstName: 'Nora',
  lastName: 'Quinn',
  street: '12 Harbor Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'United States',
  phone: '5551234567',
};

type Line = { productId: string; size: string; color: string; quantity: number };

/** Two different in-stock variants of the demo catalogue (one unit each), so an order has two lines. */
async function twoInStockLines(): Promise<Line[]> {
  const list = await callData(productContracts.list, { query: { limit: 20 } });
  const lines: Line[] = [];
  for (const { id } of list.products) {
    const { product } = await callData(productContracts.get, { params: { id } });
    const variant = product.inventory.find((v) => v.available >= 3);
    if (variant) lines.push({ productId: id, size: variant.size, color: variant.color, quantity: 1 });
    if (lines.length === 2) return lines;
  }
  throw new Error('the demo catalogue has no two products in stock');
}

const orderBody = (items: Line[]) => ({
  items,
  shippingAddress: ADDRESS,
  billingAddress: ADDRESS,
  paymentMethod: 'stripe' as const,
  shippingMethod: 'standard' as const,
});

const shopAccessToken = (page: Page) => pageAccessToken(page, 'shop');

/** Opens a page at 390 px, checks it with axe and keeps screenshots at 390 and 1440 px. */
async function checkPage(page: Page, name: string) {
  // The page's own chunk and reads have arrived: its heading shows and nothing is loading any more.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading…').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `shop-account-${name}-390`);
  await expectAccessible(page, `shop-account ${name} (390 px)`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, `shop-account-${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('storefront account', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  const email = `nora.${Date.now()}@example.com`;
  let password = 'Password123!';
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => context?.close());

  browserTest('a customer signs up, verifies the e-mail, signs in again and keeps a profile', async () => {
    await page.goto('/shop/');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/shop/account/sign-in');
    await checkPage(page, 'sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Email is required').waitFor();
    await checkPage(page, 'register-errors');

    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Quinn');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/shop/account/orders?welcome=1');
    await page.getByText('No orders yet').waitFor();
    // The header greets the customer by first name; the account asks for the e-mail to be confirmed.
    await page.getByRole('link', { name: 'Your account: Nora' }).waitFor();
    await page.getByText('Please confirm your e-mail address').waitFor();
    await checkPage(page, 'orders-empty');
    // The shop's refresh token is a cookie of its own, out of reach of the page's scripts.
    const cookie = await refreshCookieOf(context, 'shop');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
    expect(await scriptReadableState(page)).not.toContain(cookie!.value);
    expect(await refreshCookieOf(context, 'back-office')).toBeUndefined();

    // The mailed link's token opens the shop's verification page (mails point there once customer links move).
    const token = await waitForMailed(email, /verify-email\?token=([A-Za-z0-9_-]+)/);
    await page.goto(`/shop/account/verify-email?token=${token}`);
    await page
      .getByText(/verified/i)
      .first()
      .waitFor();
    await checkPage(page, 'verify-email');
    await page.goto('/shop/account/profile');
    await page.getByText('Verified', { exact: true }).waitFor();
    await expect(page.getByText('Please confirm your e-mail address').count()).resolves.toBe(0);

    await page.getByLabel('Phone').fill('12');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone').fill('555 010 2030');
    await page.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details were saved.').waitFor();
    await checkPage(page, 'profile');

    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('New password must be different from the current password').waitFor();
    password = 'Password456!';
    await page.getByLabel('New password').fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /password/i })
      .waitFor();
    // This session goes on with the new cookie, in this tab and a second one, both renewing at once after a reload.
    const second = await context.newPage();
    await second.goto('/shop/account/addresses');
    await Promise.all([page.reload(), second.reload()]);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    // Both tabs' account reads answered (a refused renewal would have ended the session and left the page).
    await expect.poll(() => page.getByLabel('Phone').inputValue()).not.toBe('');
    await second.getByText('No saved addresses yet. Add one to check out faster.').waitFor();
    await second.getByRole('link', { name: 'Your account: Nora' }).waitFor();

    // Signing out in one tab signs the other out too, and clears the cookie.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/shop\/?$/);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await second.getByRole('link', { name: 'Sign in' }).waitFor();
    await second.close();
    expect(await refreshCookieOf(context, 'shop')).toBeUndefined();
    await page.goto('/shop/account/addresses');
    await page.waitForURL('**/shop/account/sign-in?next=*');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid/i })
      .waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/shop/account/addresses');
  });

  browserTest('the customer saves an address and a card', async () => {
    await page.getByRole('button', { name: 'Add address' }).click();
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Street address is required.').waitFor();
    await checkPage(page, 'address-form-errors');
    for (const [label, value] of [
      ['First name', 'Nora'],
      ['Last name', 'Quinn'],
      ['Street address', '12 Harbor Street'],
      ['City', 'Portland'],
      ['State', 'OR'],
      ['ZIP code', '97201'],
      ['Country', 'United States'],
      ['Phone', '5551234567'],
      ['Label (optional, e.g. Home)', 'Home'],
    ] as const)
      await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel('Use as my default address').check();
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await page.getByText('Default', { exact: true }).waitFor();
    await checkPage(page, 'addresses');

    await page.getByRole('link', { name: 'Saved cards' }).click();
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Please enter a valid card number').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Visa ending in 4242').first().waitFor();
    await checkPage(page, 'cards');
  });

  browserTest('the customer orders, sees the order with its tracking, and asks to return one item', async () => {
    const token = await shopAccessToken(page);
    const lines = await twoInStockLines();
    const { order } = await callData(orderContracts.create, { token, body: orderBody(lines) });
    await callData(adminOrderContracts.updateStatus, {
      params: { id: order.id },
      token: await accessToken(ADMIN),
      body: { status: 'shipped', paymentStatus: 'paid', trackingNumber: '1Z999AA10123456784' },
    });

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('link', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText('1Z999AA10123456784').waitFor();
    await checkPage(page, 'orders');

    await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
    await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByText('Shipped', { exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);
    await checkPage(page, 'order-detail');

    await page.getByRole('link', { name: 'Request a return' }).click();
    await page.getByRole('button', { name: 'Send return request' }).click();
    await page.getByText('Choose at least one item to return.').waitFor();
    await page.getByText('Refund reason is required.').waitFor();
    await checkPage(page, 'return-errors');
    await page.getByRole('checkbox').first().check();
    await page.getByLabel('Reason for the return').fill('Too big');
    await page.getByRole('button', { name: 'Send return request' }).click();
    await page.getByText('Your return request was sent.').waitFor();
    await page.getByText('Return requested:').waitFor();
    await expect(page.getByRole('link', { name: 'Request a return' }).count()).resolves.toBe(0);
    await checkPage(page, 'order-returned');
  });

  browserTest('the customer cancels a pending order', async () => {
    const placed = await callData(orderContracts.create, {
      token: await shopAccessToken(page),
      body: orderBody((await twoInStockLines()).slice(0, 1)),
    });
    await page.goto(`/shop/account/orders/${placed.order.id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('dialog').waitFor();
    await checkPage(page, 'cancel-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    await expect(page.getByRole('button', { name: 'Cancel order' }).count()).resolves.toBe(0);
  });

  browserTest('a guest tracks an order by number and e-mail; a wrong e-mail is just "not found"', async () => {
    const guestEmail = `guest.${Date.now()}@example.com`;
    const placed = await callData(orderContracts.createGuest, {
      body: { ...orderBody((await twoInStockLines()).slice(0, 1)), email: guestEmail },
    });
    const guest = await openBrowser();
    try {
      await guest.page.setViewportSize({ width: 390, height: 844 });
      await guest.page.goto('/shop/track');
      await guest.page.getByRole('button', { name: 'Track order' }).click();
      await guest.page.getByText('Order number is required').waitFor();
      await guest.page.getByLabel('Order number').fill(placed.order.orderNumber);
      await guest.page.getByLabel('Email').fill('someone.else@example.com');
      await guest.page.getByRole('button', { name: 'Track order' }).click();
      await guest.page.getByRole('alert').filter({ hasText: 'Order not found' }).waitFor();
      await checkPage(guest.page, 'track-not-found');
      await guest.page.getByLabel('Email').fill(guestEmail);
      await guest.page.getByRole('button', { name: 'Track order' }).click();
      await guest.page.getByRole('heading', { name: `Order ${placed.order.orderNumber}` }).waitFor();
      await guest.page.getByText('Order placed').waitFor();
      await checkPage(guest.page, 'track-found');
      expect(guest.consoleErrors.filter((e) => !e.includes('status of 404') && !e.includes('status of 400'))).toEqual(
        [],
      );
    } finally {
      await guest.context.close();
    }
  });

  browserTest('the password screens and account deletion', async () => {
    await page.goto('/shop/account/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').filter({ hasText: /.+/ }).first().waitFor();
    await checkPage(page, 'forgot-password');
    const resetToken = await waitForMailed(email, /reset-password\?token=([A-Za-z0-9_-]+)/);
    await page.goto(`/shop/account/reset-password?token=${resetToken}`);
    await page.getByLabel('New password', { exact: true }).fill('NewPassword123!');
    await page.getByLabel('Confirm new password').fill('NewPassword12');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await checkPage(page, 'reset-password');
    await page.getByLabel('Confirm new password').fill('NewPassword123!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('status').filter({ hasText: /reset/i }).waitFor();

    // A reset ends every session: sign in again with the new password.
    await page.goto('/shop/account/sign-in');
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('NewPassword123!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/shop/account/orders');

    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Password is required').waitFor();
    await checkPage(page, 'delete-account');
    await page.getByLabel('Password').fill('NewPassword123!');
    await page.getByLabel('I understand that my account is deleted for good.').check();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('heading', { name: 'Your account was deleted' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await checkPage(page, 'deleted');
    expect(consoleErrors.filter((e) => !/status of (400|401|404)/.test(e))).toEqual([]);
  });

  browserTest('a staff account is sent to the back office', async () => {
    await page.goto('/shop/account/sign-in');
    await page.evaluate('localStorage.clear()');
    await page.reload();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This is a staff account.').waitFor();
    await expect(page.evaluate("localStorage.getItem('shop.userData')")).resolves.toBeNull();
    // The staff session the sign-in opened was ended with its cookie, which is gone.
    expect(await refreshCookieOf(context, 'shop')).toBeUndefined();
  });
});
