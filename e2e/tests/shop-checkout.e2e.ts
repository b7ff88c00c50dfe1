import {
  adminOrderContracts,
  cartContracts,
  checkoutContracts,
  couponContracts,
  type EndpointResponse,
  locationContracts,
  orderContracts,
  productContracts,
  productStockContracts,
  profileContracts,
} from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, call, callData, signInApi, staffViewData } from '../api.js';
import {
  baseUrl,
  browserTest,
  expectAccessible,
  openBrowser,
  refreshCookieOf,
  screenshot,
  scriptReadableState,
} from '../browser.js';
import { waitForMailed } from '../mail.js';

const CUSTOMER = { email: 'emma.wilson@example.com', password: 'Customer123!' };
const ADDRESS = {
  firstName: 'Emma',
  lastName: 'Wilson',
  street: '12 Market Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: '5550123456',
};
const MOBILE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Product = EndpointResponse<typeof productContracts.bySlug>['data']['product'];
type Variant = Product['inventory'][number];

/** A demo product with a size/color that has at least `units` to sell (M/Black preferred), read as a shopper. */
async function productWithStock(units: number, skip: string[] = []) {
  const list = await callData(productContracts.list, { query: { limit: 60 } });
  const products: Product[] = [];
  for (const summary of list.products) {
    if (skip.includes(summary.slug)) continue;
    products.push((await callData(productContracts.bySlug, { params: { slug: summary.slug } })).product);
  }
  const inStock = (v: Variant) => v.available >= units;
  for (const wanted of [(v: Variant) => inStock(v) && v.size === 'M' && v.color === 'Black', inStock]) {
    for (const product of products) {
      const variant = product.inventory.find(wanted);
      if (variant) return { product, variant };
    }
  }
  throw new Error(`no demo product with ${units} units in stock`);
}

const cartLine = (product: Product, variant: Variant, quantity: number) => ({
  productId: product.id,
  slug: product.slug,
  name: product.name,
  image: null,
  size: variant.size,
  color: variant.color,
  quantity,
});

async function look(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(MOBILE);
  await screenshot(page, `${name}-390`);
  await expectAccessible(page, `${name}-390`);
}

describe('storefront cart and checkout', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await page.setViewportSize(MOBILE);
  });
  afterAll(async () => context?.close());

  browserTest(
    'a guest prices the cart, applies a coupon, is declined once, pays with a good card: one order',
    async () => {
      const { product, variant } = await productWithStock(3);
      const { product: scarce, variant: scarceVariant } = await productWithStock(1, [product.slug]);
      const admin = await accessToken(ADMIN);
      const stockBefore = await variantStock(admin, product.id, variant);

      // The cart, seeded as the product page leaves it: two of one variant, and far too many of another.
      await page.goto('/shop/');
      const lines = [cartLine(product, variant, 2), cartLine(scarce, scarceVariant, 999)];
      await page.evaluate(`localStorage.setItem('shop.cart', ${JSON.stringify(JSON.stringify(lines))})`);
      await page.goto('/shop/cart');
      await page.getByRole('heading', { name: 'Your cart' }).waitFor();
      const problem = page.getByTestId('line-problem');
      await problem.waitFor();
      expect(await problem.textContent()).toBe(
        `Insufficient stock for ${scarce.name} (${scarceVariant.size}/${scarceVariant.color})`,
      );
      await page.getByText('One item needs your attention').waitFor();
      await look(page, 'shop-cart-stock-problem');
      await page.getByRole('button', { name: `Remove ${scarce.name}` }).click();
      await expect(page.getByTestId('cart-line').count()).resolves.toBe(1);

      // Quantity changes re-price on the server; the cart survives a reload.
      const quantity = page.getByLabel(`Quantity of ${product.name}`);
      await quantity.selectOption('3');
      const priced3 = await priceOf(product, variant, 3);
      await page.getByText(formatUsd(priced3.total)).first().waitFor();
      await quantity.selectOption('2');
      const priced2 = await priceOf(product, variant, 2);
      await page.getByTestId('order-total').getByText(formatUsd(priced2.total)).waitFor();
      await page.reload();
      await page.getByTestId('order-total').getByText(formatUsd(priced2.total)).waitFor();
      await expect(page.getByRole('link', { name: /Cart \(2\)/ }).isVisible()).resolves.toBe(true);
      await look(page, 'shop-cart');

      await page.getByRole('link', { name: 'Check out' }).click();
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      // Paying with an empty form names every missing field (the shared schemas' messages) and focuses the first.
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.getByText('First name is required.').waitFor();
      await page.getByText('Enter a valid card number.').waitFor();
      expect(await page.evaluate('document.activeElement.id')).toBe('email');
      const email = `guest.${Date.now()}@example.com`;
      await page.getByLabel('E-mail').fill(email);
      await fillAddress(page);

      // Coupons answer with the server's exact messages.
      const expired = await call(couponContracts.validatePublic, {
        body: { code: 'WINTER25', subtotal: priced2.subtotal },
      });
      await applyCoupon(page, 'WINTER25');
      await page.getByTestId('coupon-error').getByText(expired.body.message!, { exact: true }).waitFor();
      await applyCoupon(page, 'SAVE10US');
      await page.getByText(/SAVE10US applied/).waitFor();

      // The total shown is the server's session total for the same cart and coupon.
      const session = await callData(checkoutContracts.createGuestSession, {
        body: { email, items: [lineOf(product, variant, 2)], couponCode: 'SAVE10US', shippingMethod: 'standard' },
      });
      const total = session.totals.total;
      expect(session.totals.discount).toBeGreaterThan(0);
      const pay = page.getByRole('button', { name: `Pay ${formatUsd(total)}` });
      await pay.waitFor();

      // The declined test card: the message is shown and the order waits for another card.
      await fillCard(page, '4000 0000 0000 0002');
      await look(page, 'shop-checkout');
      await pay.click();
      await page
        .getByRole('alert')
        .getByText(/Your card was declined\./)
        .waitFor();
      await look(page, 'shop-checkout-declined');

      // A good card, paid with a double click: one order, paid.
      await fillCard(page, '4242 4242 4242 4242');
      await pay.dblclick();
      await page.waitForURL(/\/shop\/checkout\/confirmation\/ORD-\d{8}-[A-Z0-9]{6}$/);
      const orderNumber = (await page.getByTestId('order-number').textContent())!;
      await page.getByText(`Your receipt and shipping updates go to ${email}.`).waitFor();
      await look(page, 'shop-checkout-confirmation');
      expect(await page.evaluate("localStorage.getItem('shop.cart')")).toBe('[]');

      // The confirmation mail reaches the guest (through the outbox and SMTP) naming the order.
      expect(await waitForMailed(email, new RegExp(`Seamline order (${orderNumber}) confirmed`))).toBe(orderNumber);

      // The back office sees exactly one order for this e-mail, paid, with its stock taken.
      const orders = await callData(adminOrderContracts.list, { query: { search: email }, token: admin });
      expect(orders.orders).toHaveLength(1);
      expect(orders.orders[0]).toMatchObject({
        orderNumber,
        paymentStatus: 'paid',
        status: 'confirmed',
        couponCode: 'SAVE10US',
        total,
        stockState: 'committed',
      });
      expect(await variantStock(admin, product.id, variant)).toEqual({
        quantity: stockBefore.quantity - 2,
        reserved: stockBefore.reserved,
      });
      // The refused cart line (409), the expired coupon (400) and the declined card (402) are expected answers.
      expect(consoleErrors.filter((e) => !/status of (400|402|409)/.test(e))).toEqual([]);
    },
  );

  browserTest(
    'a signed-in customer: the guest cart merges into the account cart, then pays to a saved address',
    async () => {
      const { product, variant } = await productWithStock(3);
      const { product: other, variant: otherVariant } = await productWithStock(2, [product.slug]);
      const login = await signInApi(CUSTOMER);
      const token = login.tokens.accessToken;
      // The account already holds one of the first product (saved on another device) and a saved address.
      await callData(cartContracts.save, { token, body: { items: [cartLine(product, variant, 1)] } });
      const saved = await callData(profileContracts.createAddress, {
        token,
        body: { ...ADDRESS, label: 'Studio', isDefault: true },
      });
      const addressId = saved.address.id;
      try {
        // This browser's cart (as a guest): two of the first product and one of another; then the customer is
        // signed in, as an earlier version of the shop kept a session: both tokens in localStorage. Written from a
        // page of the shop's origin where no app runs: a running shop could spend the old refresh token on a call of
        // its own and be navigated away before the answer, and the next page's refresh would then be a reuse.
        await page.setViewportSize(MOBILE);
        await page.goto('/shop/favicon.svg');
        const local = [cartLine(product, variant, 2), cartLine(other, otherVariant, 1)];
        const keys: [string, string][] = [
          ['shop.cart', JSON.stringify(local)],
          ['shop.accessToken', token],
          ['shop.refreshToken', login.tokens.refreshToken],
          ['shop.userData', JSON.stringify(login.user)],
          ['shop.sessionTimestamp', String(Date.now())],
        ];
        await page.evaluate(
          keys.map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join(''),
        );
        await page.goto('/shop/cart');
        await page.getByTestId('cart-line').nth(1).waitFor();
        // The old refresh token moved the session into the HttpOnly cookie and left localStorage.
        await expect
          .poll(() =>
            page.evaluate("[localStorage.getItem('shop.accessToken'), localStorage.getItem('shop.refreshToken')]"),
          )
          .toEqual([null, null]);
        expect(await refreshCookieOf(context, 'shop')).toMatchObject({ httpOnly: true, path: '/api/auth' });
        expect(await scriptReadableState(page)).not.toContain(login.tokens.refreshToken);
        const accountCart = async () =>
          (await callData(cartContracts.get, { token })).items.map((line) => [line.productId, line.quantity]);
        await expect.poll(accountCart).toEqual([
          [product.id, 2],
          [other.id, 1],
        ]);
        // A change while signed in is saved to the account.
        await page.getByLabel(`Quantity of ${other.name}`).selectOption('2');
        await expect.poll(accountCart).toEqual([
          [product.id, 2],
          [other.id, 2],
        ]);

        await page.getByRole('link', { name: 'Check out' }).click();
        await page.getByText(`Signed in as ${CUSTOMER.email}`).waitFor();
        const studio = page.getByRole('radio', { name: /Studio/ });
        await studio.waitFor();
        expect(await studio.isChecked()).toBe(true);
        await page.getByRole('radio', { name: /Express Shipping/ }).check();
        const priced = await callData(checkoutContracts.calculateShipping, {
          body: { items: [lineOf(product, variant, 2), lineOf(other, otherVariant, 2)], shippingMethod: 'express' },
        });
        const pay = page.getByRole('button', { name: `Pay ${formatUsd(priced.total)}` });
        await pay.waitFor();
        await fillCard(page, '4242 4242 4242 4242');
        await look(page, 'shop-checkout-customer');
        await pay.click();
        await page.waitForURL(/\/shop\/checkout\/confirmation\/ORD-/);
        const orderNumber = (await page.getByTestId('order-number').textContent())!;
        const mine = await callData(orderContracts.mine, { query: {}, token });
        expect(mine.orders[0]).toMatchObject({
          orderNumber,
          paymentStatus: 'paid',
          shippingMethod: 'express',
        });
        await expect.poll(accountCart).toEqual([]);
      } finally {
        // A session of its own: the one under test may have ended, and its 401 here would hide why.
        const cleanup = await accessToken(CUSTOMER);
        await callData(profileContracts.deleteAddress, { params: { id: addressId }, token: cleanup });
      }
    },
  );

  browserTest('pick up in store is offered at the shops that have the whole cart; another shop is dimmed', async () => {
    const { product, variant } = await productWithStock(2);
    const admin = await accessToken(ADMIN);
    // Two pickup-only shops (they ship nothing online, so other orders are allocated as before); only the second holds
    // the cart's two units.
    const shop = async (name: string, address: string) =>
      (
        await callData(locationContracts.create, {
          token: admin,
          body: { name, kind: 'shop', address, shipsOnline: false, pickup: true },
        })
      ).location;
    const canal = await shop('Canal Street shop', '12 Canal Street, Manchester M1 3HE');
    const harbour = await shop('Harbour shop', '3 Quay Road, Bristol BS1 4DJ');
    const stockAtHarbour = (quantity: number, operation: 'add' | 'set') =>
      callData(productStockContracts.update, {
        token: admin,
        params: { id: product.id },
        body: { size: variant.size, color: variant.color, quantity, operation, locationId: harbour._id },
      });
    await stockAtHarbour(2, 'add');
    try {
      await page.setViewportSize(MOBILE);
      await page.goto('/shop/');
      const lines = [cartLine(product, variant, 2)];
      await page.evaluate(`localStorage.setItem('shop.cart', ${JSON.stringify(JSON.stringify(lines))})`);
      await page.goto('/shop/checkout');
      await page.getByRole('radio', { name: /Pick up in store/ }).click();
      const shops = page.getByRole('group', { name: 'Pick up at' });
      await expect(shops.getByRole('radio', { name: /Harbour shop/ }).isChecked()).resolves.toBe(true);
      const dimmed = shops.getByRole('radio', { name: /Canal Street shop/ });
      await expect(dimmed.isDisabled()).resolves.toBe(true);
      await shops.getByText('Not everything in your cart is here now').waitFor();
      await look(page, 'shop-checkout-pickup');
      // The shop's units sold elsewhere: the next pricing offers delivery only.
      await stockAtHarbour(0, 'set');
      await page.getByRole('radio', { name: /Express Shipping/ }).click();
      await expect.poll(() => page.getByRole('radio', { name: /Pick up in store/ }).count()).toBe(0);
    } finally {
      await stockAtHarbour(0, 'set');
      for (const location of [canal, harbour])
        await callData(locationContracts.deactivate, { token: admin, params: { id: location._id } });
    }
  });
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const formatUsd = (amount: number) => usd.format(amount);

const lineOf = (product: Product, variant: Variant, quantity: number) => ({
  productId: product.id,
  size: variant.size,
  color: variant.color,
  quantity,
});

async function priceOf(product: Product, variant: Variant, quantity: number) {
  return callData(checkoutContracts.calculateShipping, {
    body: { items: [lineOf(product, variant, quantity)] },
  });
}

async function variantStock(token: string, productId: string, variant: Variant) {
  const staffView = await staffViewData(productContracts.get, { params: { id: productId }, token });
  const row = staffView.product.inventory.find((r) => r.size === variant.size && r.color === variant.color)!;
  return { quantity: row.quantity, reserved: row.reserved };
}

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

async function applyCoupon(page: Page, code: string) {
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Name on card').fill('Emma Wilson');
}
