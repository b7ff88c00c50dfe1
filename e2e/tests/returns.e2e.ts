import {
  adminOrderContracts,
  authContracts,
  orderContracts,
  paymentContracts,
  productContracts,
  returnContracts,
} from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData, staffViewData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

const ADDRESS = {
  firstName: 'Rhea',
  lastName: 'Turner',
  street: '8 Quay Street',
  city: 'Portland',
  state: 'OR',
  zipCode: '97201',
  country: 'US',
  phone: '5550172233',
};

type Order = { id: string; orderNumber: string; total: number };

/** Units on the shelf of one variant, read with the staff view. */
async function quantityOf(adminToken: string, productId: string, variant: { size: string; color: string }) {
  const data = await staffViewData(productContracts.get, { params: { id: productId }, token: adminToken });
  return data.product.inventory.find((row) => row.size === variant.size && row.color === variant.color)!.quantity;
}

describe('returns', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  let adminToken: string;
  let order: Order;
  let returned: { productId: string; size: string; color: string };
  let shelfBefore: number;

  beforeAll(async () => {
    if (!baseUrl()) return;
    adminToken = await accessToken(ADMIN);
    // A new customer orders one unit of two products, pays through the test provider and gets the parcel.
    const email = `returns.e2e.${Date.now()}@example.com`;
    const customer = await callData(authContracts.register, {
      body: { email, password: 'Customer123!', firstName: 'Rhea', lastName: 'Turner' },
    });
    const customerToken = customer.tokens.accessToken;
    const catalogue = await callData(productContracts.adminList, {
      query: { limit: 20, isActive: 'true' },
      token: adminToken,
    });
    const inStock = catalogue.products
      .map((product) => ({ product, variant: product.inventory.find((row) => row.quantity - row.reserved >= 2) }))
      .filter((entry) => entry.variant)
      .slice(0, 2);
    const items = inStock.map(({ product, variant }) => ({
      productId: product.id,
      size: variant!.size,
      color: variant!.color,
      quantity: 1,
    }));
    const placed = await callData(orderContracts.create, {
      token: customerToken,
      body: { items, shippingAddress: ADDRESS, billingAddress: ADDRESS, paymentMethod: 'stripe' },
    });
    order = placed.order;
    const intent = await callData(paymentContracts.createIntent, {
      token: customerToken,
      body: { amount: order.total, orderId: order.id },
    });
    await callData(paymentContracts.confirm, {
      token: customerToken,
      body: { orderId: order.id, paymentIntentId: intent.paymentIntent.id },
    });
    const delivered = await callData(orderContracts.updateStatus, {
      params: { id: order.id },
      token: adminToken,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    const line = delivered.order.items[0]!;
    if (!line.productId) throw new Error('the delivered line has lost its product');
    returned = { productId: line.productId, size: line.size, color: line.color };
    shelfBefore = await quantityOf(adminToken, returned.productId, returned);
    // The customer asks to return one of the two items.
    await callData(orderContracts.requestRefund, {
      params: { id: order.id },
      token: customerToken,
      body: { reason: 'Too small', items: [{ itemId: line.id, quantity: 1 }] },
    });

    ({ context, page, consoleErrors } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
  });
  afterAll(async () => context?.close());

  browserTest('staff see the open return, approve it, and stock and payment status follow', async () => {
    // The Orders entry shows the open returns.
    const badge = page.getByTestId('open-returns-badge');
    await badge.waitFor();
    expect(Number(await badge.getAttribute('title').then((t) => t?.split(' ')[0]))).toBeGreaterThanOrEqual(1);

    await page.getByRole('link', { name: /Orders/ }).click();
    await page.getByRole('button', { name: 'Open returns' }).click();
    await page.waitForURL(/returns=open/);
    await page.getByRole('searchbox').fill(order.orderNumber);
    const list = page.getByRole('list', { name: 'Orders' });
    await expect.poll(() => list.getByRole('button').count(), { timeout: 5000 }).toBe(1);
    await list.getByText(order.orderNumber).first().click();
    await screenshot(page, 'returns-open-filter');
    await expectAccessible(page, 'returns-open-filter');

    await page.getByRole('button', { name: 'View Details' }).click();
    const viewer = page.getByRole('dialog', { name: order.orderNumber });
    await viewer.getByRole('tab', { name: 'Returns' }).click();
    const request = viewer.getByTestId('return-request');
    await request.getByText('Reason: Too small').waitFor();
    await request.getByText('Requested', { exact: true }).waitFor();
    await screenshot(page, 'returns-tab-open');
    await expectAccessible(page, 'returns-tab-open');

    await request.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve Return' });
    const amount = approve.getByLabel('Refund amount ($)');
    const refund = Number(await amount.inputValue());
    expect(refund).toBeGreaterThan(0);
    await screenshot(page, 'returns-approve-form');
    await expectAccessible(page, 'returns-approve-form');
    await approve.getByRole('button', { name: 'Continue' }).click();
    await approve.getByText(/back in stock\? This cannot be undone\./).waitFor();
    await approve.getByRole('button', { name: 'Confirm Approval' }).click();
    await page.getByText(/^Return approved: \$[\d.,]+ refunded\.$/).waitFor();
    await approve.waitFor({ state: 'detached' });
    await request.getByText('Approved', { exact: true }).waitFor();
    await viewer.getByText('Partially Refunded').first().waitFor();
    await screenshot(page, 'returns-tab-approved');
    await expectAccessible(page, 'returns-tab-approved');

    // The API agrees: payment partially refunded, the returned unit back on the shelf, the request decided.
    const data = await callData(adminOrderContracts.get, { params: { id: order.id }, token: adminToken });
    expect(data.order).toMatchObject({ status: 'delivered', paymentStatus: 'partially_refunded' });
    expect(await quantityOf(adminToken, returned.productId, returned)).toBe(shelfBefore + 1);
    const returns = await callData(returnContracts.listForOrder, { params: { id: order.id }, token: adminToken });
    expect(returns.returns[0]).toMatchObject({ status: 'approved', refundAmount: refund });
    expect(consoleErrors).toEqual([]);
  });
});
