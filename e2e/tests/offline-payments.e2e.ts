import { adminOrderContracts, checkoutContracts, type EndpointResponse, productContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';
import { waitForMailed } from '../mail.js';

type Product = EndpointResponse<typeof productContracts.bySlug>['data']['product'];

/**
 * A demo product with one size/color to sell, read as a shopper: a few units more than the one bought, so that another
 * file's order of the same size/color just before cannot leave this cart short.
 */
async function productInStock() {
  const list = await callData(productContracts.list, { query: { limit: 40 } });
  for (const summary of list.products) {
    const { product } = await callData(productContracts.bySlug, { params: { slug: summary.slug } });
    const variant = product.inventory.find((v) => v.available >= 5);
    if (variant) return { product, variant };
  }
  throw new Error('no demo product with stock');
}

const cartLine = (product: Product, variant: Product['inventory'][number]) => ({
  productId: product.id,
  slug: product.slug,
  name: product.name,
  image: null,
  size: variant.size,
  color: variant.color,
  quantity: 1,
});

async function fillAddress(page: Page) {
  const fields: [string, string][] = [
    ['First name', 'Emma'],
    ['Last name', 'Wilson'],
    ['Street address', '12 Market Street'],
    ['City', 'Portland'],
    ['State', 'OR'],
    ['ZIP code', '97201'],
    ['Phone', '5550123456'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
}

describe('paying by bank transfer and cash on delivery', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
  });
  afterAll(async () => context?.close());

  browserTest(
    'a guest pays by bank transfer: the reference on the confirmation and in the mail; staff record it, paid',
    async () => {
      const options = await callData(checkoutContracts.paymentOptions, {});
      expect(options.methods).toEqual(['stripe', 'cash', 'bank_transfer']);
      const { product, variant } = await productInStock();

      await page.goto('/shop/');
      await page.evaluate(
        `localStorage.setItem('shop.cart', ${JSON.stringify(JSON.stringify([cartLine(product, variant)]))})`,
      );
      await page.goto('/shop/checkout');
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      // The methods the store has on, cards first and chosen.
      const payment = page.getByRole('group', { name: 'Payment method' });
      await payment.getByRole('radio', { name: 'Cash on Delivery' }).waitFor();
      expect(await payment.getByRole('radio').count()).toBe(3);
      expect(await payment.getByRole('radio', { name: /^Card/ }).isChecked()).toBe(true);
      await page.getByLabel('Card number').waitFor();

      await payment.getByRole('radio', { name: 'Bank Transfer' }).check();
      await page.getByTestId('bank-transfer-note').waitFor();
      expect(await page.getByLabel('Card number').count()).toBe(0);
      const email = `transfer.${Date.now()}@example.com`;
      await page.getByLabel('E-mail').fill(email);
      await fillAddress(page);
      await screenshot(page, 'shop-checkout-bank-transfer');
      await expectAccessible(page, 'shop-checkout-bank-transfer');
      await page.getByRole('button', { name: /^Place order/ }).click();

      await page.waitForURL(/\/shop\/checkout\/confirmation\/ORD-\d{8}-[A-Z0-9]{6}$/);
      const orderNumber = (await page.getByTestId('order-number').textContent())!;
      const reference = (await page.getByTestId('payment-reference').textContent())!;
      expect(reference).toMatch(/^SL[A-Z0-9]{8}$/);
      await page.getByTestId('bank-transfer-details').getByText('DE89 3704 0044 0532 0130 00').waitFor();
      await page.getByTestId('payment-deadline').waitFor();
      await screenshot(page, 'shop-confirmation-bank-transfer');
      await expectAccessible(page, 'shop-confirmation-bank-transfer');
      // The mail with the bank details goes out at once.
      expect(await waitForMailed(email, new RegExp(`Seamline order (${orderNumber}) confirmed`))).toBe(orderNumber);

      // The back office: the order waits, with its reference; staff record the transfer and it is paid.
      const admin = await accessToken(ADMIN);
      const [order] = (await callData(adminOrderContracts.list, { query: { search: email }, token: admin })).orders;
      expect(order).toMatchObject({ orderNumber, status: 'pending', paymentStatus: 'pending' });
      expect(order!.paymentReference).toBe(reference);

      await signInToBackOffice(page, ADMIN);
      await page.goto(`/orders?view=table&search=${encodeURIComponent(email)}`);
      await page.getByRole('button', { name: `View details of ${orderNumber}` }).click();
      const viewer = page.getByRole('dialog', { name: orderNumber });
      await viewer.getByText(reference).waitFor();
      await viewer.getByRole('button', { name: 'Record payment' }).click();
      const record = page.getByRole('dialog', { name: 'Record payment' });
      await record.getByLabel('Bank reference or receipt number').fill(`BANK-${reference}`);
      await screenshot(page, 'orders-record-payment');
      await expectAccessible(page, 'orders-record-payment');
      await record.getByRole('button', { name: 'Record payment' }).click();
      await page.getByText('Payment recorded: the order is paid.').waitFor();

      const [paid] = (await callData(adminOrderContracts.list, { query: { search: email }, token: admin })).orders;
      expect(paid).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', stockState: 'committed' });
      expect(consoleErrors).toEqual([]);
    },
  );
});
