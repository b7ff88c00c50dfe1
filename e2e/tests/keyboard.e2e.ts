import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN } from '../api.js';
import { BACK_OFFICE_SCREENS, baseUrl, browserTest, expectAccessible, openBrowser } from '../browser.js';

const NAME = 'Keyboard Knit Beanie';
const SCREENS = [...BACK_OFFICE_SCREENS, '/profile'];

/**
 * Run in the page after a key press: does `target` have focus, and does the focused element show a focus mark? A ring
 * is a box-shadow with a spread ("0px 0px 0px 2px …"); a plain drop shadow does not count as a focus mark. Tab past the
 * last control leaves the page (the body is "focused"): nothing to mark there.
 */
function focusStop(target: unknown) {
  // The browser's window (this project compiles without the DOM's types).
  const window = globalThis as unknown as {
    document: { activeElement: unknown; body: unknown };
    getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string; boxShadow: string };
  };
  const active = window.document.activeElement;
  if (!active || active === window.document.body) return { reached: active === target, visible: true };
  const style = window.getComputedStyle(active);
  const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
  return { reached: active === target, visible: outline || /0px 0px 0px [1-9]/.test(style.boxShadow) };
}
const FOCUS_VISIBLE = `(${focusStop})(null).visible`;
const isFocused = async (target: Locator) => (await target.evaluate(focusStop)).reached;
const FOCUSED_NAME = `(() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  const name = (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40);
  return element.tagName + (element.matches(':focus-visible') ? ' (focus-visible)' : '') + ' "' + name + '" (outline: ' + style.outline + '; box-shadow: ' + style.boxShadow + ')';
})()`;

/**
 * Presses Tab (or Shift+Tab) until the target has focus, checking that every element passed on the way shows a
 * visible focus mark; fails if the target is not reached within the limit. One page call a press: the target's focus
 * and the mark are read together.
 */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', limit = 60) {
  if (await isFocused(target)) return;
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    const stop = await target.evaluate(focusStop);
    if (!stop.visible) {
      // Polled: a ring may fade in through a short transition.
      await expect
        .poll(() => page.evaluate(FOCUS_VISIBLE) as Promise<boolean>, { timeout: 1000 })
        .toBe(true)
        .catch(async () => expect.fail(`focus is not visible on ${await page.evaluate(FOCUSED_NAME)}`));
    }
    if (stop.reached) return;
  }
  throw new Error(`${key} did not reach ${target} in ${limit} presses`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

describe('keyboard only', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest('signs in, adds a product through the dialog, deletes it and signs out without the mouse', async () => {
    await page.goto('/login');
    await typeInto(page, page.getByLabel('Email'), ADMIN.email);
    await typeInto(page, page.getByLabel('Password'), ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');

    await tabTo(page, page.getByRole('link', { name: 'Products', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    await page.getByText(/^\d+ of \d+ products$/).waitFor();

    // Escape closes the dialog and puts focus back on the button that opened it.
    const opener = page.getByRole('button', { name: 'Add Product' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);

    await page.keyboard.press('Space');
    await dialog.waitFor();
    await expectAccessible(page, 'keyboard-add-product');
    await typeInto(page, dialog.getByLabel(/^Name/), NAME);
    await typeInto(page, dialog.getByLabel(/^SKU/), 'KBD-BEANIE-01');
    // A closed select takes typed letters as a search among its options, as a mouse user's pick would.
    await typeInto(page, dialog.getByLabel(/^Category/), 'Men');
    await typeInto(page, dialog.getByLabel(/^Subcategory/), 'Hats');
    await typeInto(page, dialog.getByLabel(/^Brand/), 'Coastline');
    await typeInto(page, dialog.getByLabel(/^Price/), '24.5');
    await expect(dialog.getByLabel(/^Category/).inputValue()).resolves.toBe('Men');
    await expect(dialog.getByLabel(/^Brand/).inputValue()).resolves.toBe('Coastline');
    await tabTo(page, dialog.getByRole('button', { name: 'Add Product' }));
    await page.keyboard.press('Enter');
    await page.getByText('Product added successfully!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(opener)).toBe(true);

    await typeInto(page, page.getByLabel('Search products...'), NAME);
    await page.getByText(/^1 of \d+ products$/).waitFor();
    await page.getByText(NAME, { exact: true }).first().waitFor();

    // The two-step delete, by keyboard, so the demo catalogue is as the other browser tests expect it.
    await tabTo(page, page.getByRole('tab', { name: 'Sidebar View' }), 'Shift+Tab');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('columnheader', { name: 'SKU' }).waitFor();
    const remove = page.getByRole('button', { name: `Delete ${NAME}` });
    await tabTo(page, remove);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete Product' });
    await confirm.waitFor();
    await expectAccessible(page, 'keyboard-delete-product');
    await typeInto(page, confirm.getByLabel('Product name'), NAME);
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Permanently Delete Product' }));
    await page.keyboard.press('Enter');
    await page.getByText('Product and all related data permanently deleted successfully!').first().waitFor();
    await page.getByText('No products found').waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Sign out' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    expect(consoleErrors).toEqual([]);
  });

  browserTest('walks a toast, selects, date fields and the Add Order picker without the mouse', async () => {
    await page.goto('/login');
    await typeInto(page, page.getByLabel('Email'), ADMIN.email);
    await typeInto(page, page.getByLabel('Password'), ADMIN.password);
    await page.keyboard.press('Enter');
    // Signing in again may return to the screen the last session ended on.
    await page.waitForURL((url) => url.pathname !== '/login');
    if (!page.url().endsWith('/dashboard')) await page.goto('/dashboard');

    // A closed native select changes with the arrow keys.
    const period = page.getByLabel('Period');
    await tabTo(page, period);
    await page.keyboard.press('ArrowUp');
    await expect(period.inputValue()).resolves.toBe('monthly');
    await page
      .getByText(/^Monthly · /)
      .first()
      .waitFor();

    // Tab runs through a toast (ringed) and on past it, instead of being sent back to where it came from.
    await tabTo(page, page.getByRole('button', { name: 'Refresh Analytics' }));
    await page.keyboard.press('Enter');
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Analytics refreshed successfully!' });
    await toast.waitFor();
    const closeToast = toast.getByRole('button', { name: 'Close toast' });
    await tabTo(page, closeToast);
    await tabTo(page, page.getByRole('link', { name: 'Skip to content' }), 'Tab', 10);
    // Closing the toast from the keyboard gives focus back to where it came from, ringed, not to the page's body.
    await tabTo(page, closeToast, 'Shift+Tab', 5);
    await page.keyboard.press('Enter');
    await toast.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(`document.activeElement !== document.body && ${FOCUS_VISIBLE}`)).toBe(true);

    await tabTo(page, page.getByRole('link', { name: 'Coupons', exact: true }));
    await page.keyboard.press('Enter');
    const addCoupon = page.getByRole('button', { name: 'Add Coupon' });
    await tabTo(page, addCoupon);
    await page.keyboard.press('Enter');
    const couponDialog = page.getByRole('dialog', { name: 'Add New Coupon' });
    await couponDialog.waitFor();
    await typeInto(page, couponDialog.getByLabel(/^Coupon Name/), 'Keyboard sale');
    const type = couponDialog.getByLabel(/^Type/);
    const typeBefore = await type.inputValue();
    await tabTo(page, type);
    await page.keyboard.press(typeBefore === 'percentage' ? 'ArrowDown' : 'ArrowUp');
    await expect(type.inputValue()).resolves.not.toBe(typeBefore);
    // A date field takes its month, day and year typed in turn (the browser runs in en-US).
    await typeInto(page, couponDialog.getByLabel(/^Start Date/), '12012026');
    await typeInto(page, couponDialog.getByLabel(/^End Date/), '12312026');
    await expect(couponDialog.getByLabel(/^Start Date/).inputValue()).resolves.toBe('2026-12-01');
    await expect(couponDialog.getByLabel(/^End Date/).inputValue()).resolves.toBe('2026-12-31');
    await expectAccessible(page, 'keyboard-coupon-dates');
    await page.keyboard.press('Escape');
    await couponDialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(addCoupon)).toBe(true);

    await tabTo(page, page.getByRole('link', { name: 'Orders', exact: true }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    const addOrder = page.getByRole('button', { name: 'Add Order' });
    await tabTo(page, addOrder);
    await page.keyboard.press('Enter');
    const orderDialog = page.getByRole('dialog', { name: 'Add Order' });
    await orderDialog.waitFor();
    const product = orderDialog.getByLabel('Product');
    await product.locator('option').nth(1).waitFor({ state: 'attached' });
    await tabTo(page, product);
    await page.keyboard.press('ArrowDown');
    await expect(product.inputValue()).resolves.not.toBe('');
    for (const label of ['Size', 'Color']) {
      const field = orderDialog.getByLabel(label, { exact: true });
      await tabTo(page, field);
      await page.keyboard.press('ArrowDown');
      await expect(field.inputValue()).resolves.not.toBe('');
    }
    await tabTo(page, orderDialog.getByRole('button', { name: 'Add Item' }));
    await page.keyboard.press('Enter');
    await orderDialog.getByRole('list', { name: 'Order items' }).waitFor();
    await expectAccessible(page, 'keyboard-add-order-item');
    await page.keyboard.press('Escape');
    await orderDialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(addOrder)).toBe(true);

    await tabTo(page, page.getByRole('button', { name: 'Sign out' }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    expect(consoleErrors).toEqual([]);
  });

  // Every Tab stop of every screen, scrollable panels included (Chromium makes them Tab stops of their own).
  browserTest(
    'every Tab stop on every back-office screen shows a focus mark',
    async () => {
      await page.goto('/login');
      await typeInto(page, page.getByLabel('Email'), ADMIN.email);
      await typeInto(page, page.getByLabel('Password'), ADMIN.password);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname !== '/login');
      for (const screen of SCREENS) {
        await page.goto(screen);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        // Tab until focus leaves the page (the body): tabTo checks the mark on every stop on the way. A full page of
        // reviews, with the ones other test files add, has more than 150 stops.
        await page.keyboard.press('Tab');
        await tabTo(page, page.locator('body'), 'Tab', 400).catch((error: Error) => {
          throw new Error(`${screen}: ${error.message}`);
        });
      }
      expect(consoleErrors).toEqual([]);
    },
    180_000,
  );
});
