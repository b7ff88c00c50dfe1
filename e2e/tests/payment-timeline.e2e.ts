import {
  adminOrderContracts,
  authContracts,
  orderContracts,
  orderPaymentContracts,
  paymentContracts,
  productContracts,
} from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

const ADDRESS = {
  firstName: 'Mira',
  lastName: 'Holt',
  street: '21 Dock Road',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: '5550174455',
};

type Order = { id: string; orderNumber: string; total: number };

describe('payment timeline', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let adminToken: string;
  let order: Order;
  let intentId: string;

  beforeAll(async () => {
    if (!baseUrl()) return;
    adminToken = await accessToken(ADMIN);
    // A new customer orders one unit and pays through the built-in test provider.
    const email = `payments.e2e.${Date.now()}@example.com`;
    const customer = await callData(authContracts.register, {
      body: { email, password: 'Customer123!', firstName: 'Mira', lastName: 'Holt' },
    });
    const customerToken = customer.tokens.accessToken;
    const catalogue = await callData(productContracts.adminList, {
      query: { limit: 20, isActive: 'true' },
      token: adminToken,
    });
    const product = catalogue.products.find((p) => p.inventory.some((row) => row.quantity - row.reserved >= 1))!;
    const variant = product.inventory.find((row) => row.quantity - row.reserved >= 1)!;
    const placed = await callData(orderContracts.create, {
      token: customerToken,
      body: {
        items: [{ productId: product.id, size: variant.size, color: variant.color, quantity: 1 }],
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        paymentMethod: 'stripe',
      },
    });
    order = placed.order;
    const intent = await callData(paymentContracts.createIntent, {
      token: customerToken,
      body: { amount: order.total, orderId: order.id },
    });
    intentId = intent.paymentIntent.id;
    await callData(paymentContracts.confirm, {
      token: customerToken,
      body: { orderId: order.id, paymentIntentId: intentId },
    });

    ({ context, page, consoleErrors } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
  });
  afterAll(async () => context?.close());

  browserTest('staff see the charge, refund part of the order, and see the refund and partially refunded', async () => {
    await page
      .getByRole('link', { name: /Orders/ })
      .first()
      .click();
    await page.getByRole('searchbox').fill(order.orderNumber);
    const list = page.getByRole('list', { name: 'Orders' });
    await expect.poll(() => list.getByRole('button').count(), { timeout: 5000 }).toBe(1);
    await list.getByText(order.orderNumber).first().click();
    await page.getByRole('button', { name: 'View Details' }).click();
    const viewer = page.getByRole('dialog', { name: order.orderNumber });
    await viewer.getByRole('tab', { name: 'Payments' }).click();

    const rows = viewer.getByTestId('payment-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    await rows.first().getByText(intentId).waitFor();
    await rows.first().getByText('Charge').waitFor();
    await rows.first().getByText('Succeeded').waitFor();
    await screenshot(page, 'payment-timeline-charge');
    await expectAccessible(page, 'payment-timeline-charge');

    // Refund a part: 10 % of the order (never ending in .03, which the test provider refuses).
    let part = Math.round(order.total * 10) / 100;
    if (Math.round(part * 100) % 100 === 3) part += 0.01;
    await viewer.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund', exact: true });
    const amount = dialog.getByLabel(/Amount/);
    expect(Number(await amount.inputValue())).toBe(order.total);
    await amount.fill(part.toFixed(2));
    await dialog.getByLabel('Reason').fill('Late delivery');
    await screenshot(page, 'payment-refund-dialog');
    await expectAccessible(page, 'payment-refund-dialog');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => rows.count(), { timeout: 5000 }).toBe(2);
    const refundRow = rows.nth(1);
    await refundRow.getByText('Refund', { exact: true }).waitFor();
    await refundRow.getByText('Late delivery').waitFor();
    await viewer.getByText('Partially Refunded').first().waitFor();
    await screenshot(page, 'payment-timeline-refunded');
    await expectAccessible(page, 'payment-timeline-refunded');

    // The API agrees: partially refunded, the refund on the timeline.
    const data = await callData(adminOrderContracts.get, { params: { id: order.id }, token: adminToken });
    expect(data.order.paymentStatus).toBe('partially_refunded');
    const timeline = await callData(orderPaymentContracts.list, { params: { id: order.id }, token: adminToken });
    expect(timeline).toMatchObject({ captured: order.total, refunded: part });
    expect(consoleErrors).toEqual([]);
  });
});
