import { readdirSync } from 'node:fs';
import {
  authContracts,
  orderContracts,
  paymentContracts,
  productContracts,
  productStockContracts,
  reviewContracts,
  stockAlertContracts,
} from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { ADMIN, accessToken, call, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';
import { waitForMailed } from '../mail.js';

const MODERATOR = { email: 'moderator@seamline.dev', password: 'Moderator123!' };
const PASSWORD = 'Customer123!';
const ADDRESS = {
  firstName: 'Nora',
  lastName: 'Field',
  street: '3 Mill Lane',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: '5550170000',
};
const BACK_IN_STOCK = /(Good news: .+ is back in stock)/;
const CONFIRMED = /(We will tell you when)/;

/** How many messages the e2e server has mailed to `to` so far. */
const mailCount = (to: string) => readdirSync(inject('mailDir')).filter((name) => name.endsWith(`-${to}.eml`)).length;

/**
 * The walk, at 390 px: a customer with a delivered order reviews it with a photo and a fit, a moderator
 * approves it in the back office, the product page then shows the real figures and the review; a sold-out size gets
 * three alerts, staff restock 2 units and exactly the first two subscribers are mailed.
 */
describe('reviews and back-in-stock alerts', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let adminToken: string;
  let product: { id: string; slug: string; name: string };
  let customer: { email: string; orderId: string };

  beforeAll(async () => {
    if (!baseUrl()) return;
    adminToken = await accessToken(ADMIN);
    // A product of its own: size S in stock, size M sold out, so no other test moves its figures or alerts.
    const stamp = Date.now();
    const created = await callData(productContracts.create, {
      token: adminToken,
      body: {
        name: `Fieldwork Parka ${stamp}`,
        sku: `E2E-REV-${stamp}`,
        description: 'A waxed cotton parka.',
        category: 'Men',
        subcategory: 'Coats',
        brand: 'Northwind Apparel',
        price: 120,
        inventory: [
          { size: 'S', color: 'Olive', quantity: 5, lowStockThreshold: 1 },
          { size: 'M', color: 'Olive', quantity: 0, lowStockThreshold: 1 },
        ],
        images: [],
      },
    });
    product = created.product;

    // A new customer buys one S, pays through the test provider and gets the parcel.
    const email = `reviewer.${stamp}@example.com`;
    const registered = await callData(authContracts.register, {
      body: { email, password: PASSWORD, firstName: 'Nora', lastName: 'Field' },
    });
    const token = registered.tokens.accessToken;
    const { order } = await callData(orderContracts.create, {
      token,
      body: {
        items: [{ productId: product.id, size: 'S', color: 'Olive', quantity: 1 }],
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        paymentMethod: 'stripe',
      },
    });
    const intent = await callData(paymentContracts.createIntent, {
      token,
      body: { amount: order.total, orderId: order.id },
    });
    await callData(paymentContracts.confirm, {
      token,
      body: { orderId: order.id, paymentIntentId: intent.paymentIntent.id },
    });
    await callData(orderContracts.updateStatus, {
      params: { id: order.id },
      token: adminToken,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    customer = { email, orderId: order.id };

    ({ context, page, consoleErrors } = await openBrowser());
    await page.setViewportSize({ width: 390, height: 844 });
  });
  // The product goes whatever happened, so the demo catalogue's counts in later files stay as they were.
  afterAll(async () => {
    await context?.close();
    if (product) await call(productContracts.remove, { params: { id: product.id }, token: adminToken });
  });

  browserTest('a buyer reviews with a photo and a fit, a moderator approves, the product page shows it', async () => {
    // The buyer signs in and writes the review from the delivered order.
    await page.goto('/shop/account/sign-in');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: /^Order ORD-/ }).click();
    await page.getByRole('link', { name: `Write a review of ${product.name}` }).click();
    await page
      .getByRole('group', { name: 'Your rating' })
      .getByRole('radio', { name: '4 stars' })
      .check({ force: true });
    await page.getByLabel('Title').fill('Warm and dry');
    await page.getByLabel('Your review').fill('Kept me dry on a long walk in the rain. The sleeves are short.');
    await page.getByLabel('Runs small').check();
    // A real picture: a screenshot of the form itself, as a phone would upload a photo.
    const photo = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 300, height: 300 } });
    await page.getByLabel('Add photos').setInputFiles({ name: 'parka.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'Remove photo 1' }).waitFor();
    await screenshot(page, 'reviews-write-390');
    await expectAccessible(page, 'reviews: write a review (390 px)');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await page.getByText('Review received: it will appear once approved').waitFor();

    // Not on the product page until a moderator approves it.
    const pageOf = await callData(productContracts.get, { params: { id: product.id } });
    expect(pageOf.product.reviewCount).toBe(0);

    // The moderator approves it in the back office.
    const staff = await context.browser()!.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    const backOffice = await staff.newPage();
    await signInToBackOffice(backOffice, MODERATOR);
    // The queue is oldest first: the product's own reviews, as the product panel's link opens it.
    await backOffice.goto(`/reviews?productId=${product.id}`);
    const card = backOffice.getByRole('article', { name: 'Warm and dry' });
    await card.getByText(customer.email).waitFor();
    await screenshot(backOffice, 'reviews-moderation-390');
    await expectAccessible(backOffice, 'reviews: moderation queue (390 px)');
    await card.getByRole('button', { name: 'Approve' }).click();
    await backOffice.getByText('Review approved').waitFor();
    await staff.close();

    // The product page: the real average, the fit summary, the review with its photo and the verified badge.
    const reviews = page.getByRole('region', { name: 'Reviews' });
    // The product's own answer may be reused by the catalogue cache for a moment: reload until it shows the figures.
    await expect
      .poll(
        async () => {
          await page.goto(`/shop/products/${product.slug}`);
          await reviews.getByRole('heading', { name: 'Warm and dry' }).waitFor();
          return page.getByRole('link', { name: /4\.0 · 1 review$/ }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await reviews.getByText('Most say: runs small — consider a size up').waitFor();
    await expect.poll(() => reviews.getByRole('img').count()).toBeGreaterThan(0);
    expect(await reviews.getByText('Verified purchase').count()).toBe(1);
    await reviews.scrollIntoViewIfNeeded();
    await screenshot(page, 'reviews-product-390');
    await expectAccessible(page, 'reviews: product page (390 px)');
    // The API's answer by id was last read before the approval: it too may be reused for a moment.
    await expect
      .poll(async () => (await callData(productContracts.get, { params: { id: product.id } })).product, {
        timeout: 15_000,
      })
      .toMatchObject({ rating: 4, reviewCount: 1 });
    expect(consoleErrors).toEqual([]);
  });

  browserTest('a restock of 2 units mails exactly the first two of three subscribers', async () => {
    const stamp = Date.now();
    const subscribers = [1, 2, 3].map((n) => `waiting.${n}.${stamp}@example.com`);
    // The first through the product page's form, the others through the API, in this order.
    await page.goto(`/shop/products/${product.slug}`);
    await page
      .getByRole('group', { name: /^Size/ })
      .getByRole('radio', { name: /^M(\s|,|$)/ })
      .check({ force: true });
    await page.getByLabel('Email').fill(subscribers[0]!);
    await page.getByRole('button', { name: "E-mail me when it's back" }).click();
    await page.getByRole('status').getByText('We will e-mail you when it is back in stock').waitFor();
    for (const email of subscribers.slice(1))
      await callData(stockAlertContracts.subscribe, {
        body: { productId: product.id, size: 'M', color: 'Olive', email },
      });

    const restock = (quantity: number) =>
      callData(productStockContracts.update, {
        params: { id: product.id },
        token: adminToken,
        body: { size: 'M', color: 'Olive', quantity, operation: 'add', reason: 'Restock from supplier' },
      });
    // Each subscriber has the confirmation of the alert first.
    for (const email of subscribers) await waitForMailed(email, CONFIRMED);
    await restock(2);
    await waitForMailed(subscribers[0]!, BACK_IN_STOCK);
    await waitForMailed(subscribers[1]!, BACK_IN_STOCK);
    // The two mails were claimed and queued in one statement with any third one: the third subscriber has only the
    // confirmation.
    expect(mailCount(subscribers[2]!)).toBe(1);

    // The next unit goes to the third subscriber, and the first two get nothing more.
    await restock(1);
    await waitForMailed(subscribers[2]!, BACK_IN_STOCK);
    expect(subscribers.map(mailCount)).toEqual([2, 2, 2]);
  });

  browserTest('deleting the product removes its reviews and their photo files', async () => {
    const { reviews } = await callData(reviewContracts.listForProduct, { params: { id: product.id }, query: {} });
    const photo = reviews[0]!.photos[0]!;
    expect((await fetch(new URL(photo.url, baseUrl()))).status).toBe(200);
    await callData(productContracts.remove, { params: { id: product.id }, token: adminToken });
    expect((await call(reviewContracts.listForProduct, { params: { id: product.id }, query: {} })).status).toBe(404);
    for (const url of [photo.url, photo.thumbnailUrl]) expect((await fetch(new URL(url, baseUrl()))).status).toBe(404);
  });
});
