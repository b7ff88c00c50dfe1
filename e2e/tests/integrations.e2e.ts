import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminOrderContracts, orderContracts, productContracts, webhookContracts } from '@seamline/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN, accessToken, callData } from '../api.js';
import { baseUrl, browserTest, expectAccessible, openBrowser, screenshot, signInToBackOffice } from '../browser.js';

type Delivery = { id: string; type: string; orderNumber: string; body: string; headers: http.IncomingHttpHeaders };

/** A webhook receiver on loopback that can be stopped and started again on the same port. */
function receiver() {
  const received: Delivery[] = [];
  let server: http.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          const event = JSON.parse(body) as { type: string; data: { orderNumber?: string } };
          received.push({
            id: String(req.headers['webhook-id']),
            type: event.type,
            orderNumber: event.data.orderNumber ?? '',
            body,
            headers: req.headers,
          });
          res.end('ok');
        });
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server!.closeAllConnections();
      server!.close(() => resolve());
    });
  return { received, start, stop, url: () => `http://127.0.0.1:${port}/hooks` };
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A guest order of one unit of a demo combination with stock, as the shop places it. */
async function placeGuestOrder(): Promise<string> {
  const list = await callData(productContracts.list, { query: { limit: 20 } });
  for (const summary of list.products) {
    const { product } = await callData(productContracts.bySlug, { params: { slug: summary.slug } });
    const variant = product.inventory.find((v) => v.available >= 1);
    if (!variant) continue;
    const address = {
      firstName: 'Hook',
      lastName: 'Tester',
      street: '1 Receiver Road',
      city: 'Portland',
      state: 'OR',
      zipCode: '97201',
      country: 'US',
      phone: '5550123456',
    };
    const { order } = await callData(orderContracts.createGuest, {
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        email: 'hook.tester@example.com',
        items: [{ productId: product.id, size: variant.size, color: variant.color, quantity: 1 }],
        shippingAddress: address,
        billingAddress: address,
        paymentMethod: 'cash',
      },
    });
    return order.orderNumber;
  }
  throw new Error('no demo product with stock');
}

describe('integrations: a webhook receiver and an API key', () => {
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[];
  const hooks = receiver();
  beforeAll(async () => {
    if (!baseUrl()) return;
    ({ context, page, consoleErrors } = await openBrowser());
    await signInToBackOffice(page, ADMIN);
    await hooks.start();
  });
  afterAll(async () => {
    await context?.close();
    if (!baseUrl()) return;
    await hooks.stop().catch(() => undefined);
    // Later files place orders too: the endpoint goes with its receiver.
    const token = await accessToken(ADMIN);
    for (const endpoint of (await callData(webhookContracts.list, { token })).endpoints)
      await callData(webhookContracts.remove, { token, params: { id: endpoint.id } });
  });

  browserTest(
    'an admin adds a webhook; orders arrive signed, and those placed while the receiver was down arrive once it is back',
    async () => {
      await page.goto('/settings/webhooks');
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByRole('button', { name: 'Add Endpoint' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
      await form.getByLabel('Endpoint URL').fill(hooks.url());
      await form.getByLabel('order.created').check();
      await screenshot(page, 'webhooks-add');
      await expectAccessible(page, 'webhooks-add');
      await form.getByRole('button', { name: 'Add Endpoint' }).click();
      const reveal = page.getByRole('dialog', { name: 'Signing Secret' });
      const secret = await reveal.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await reveal.getByRole('button', { name: 'Done' }).click();

      const first = await placeGuestOrder();
      await until(() => hooks.received.some((d) => d.orderNumber === first), 'the first delivery');
      const delivery = hooks.received.find((d) => d.orderNumber === first)!;
      const headers = Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
      expect(new Webhook(secret).verify(delivery.body, headers)).toMatchObject({ type: 'order.created' });

      await page.getByRole('button', { name: 'Deliveries' }).click();
      const log = page.getByRole('table', { name: 'Deliveries' });
      await log.getByText('Delivered').first().waitFor();
      await log.getByText('200').first().waitFor();
      await screenshot(page, 'webhooks-deliveries');
      await expectAccessible(page, 'webhooks-deliveries');

      // The receiver goes down; three orders are placed and their first attempts fail.
      await hooks.stop();
      const token = await accessToken(ADMIN);
      const [endpoint] = (await callData(webhookContracts.list, { token })).endpoints;
      const later = [await placeGuestOrder(), await placeGuestOrder(), await placeGuestOrder()];
      await until(async () => {
        const page1 = await callData(webhookContracts.deliveries, {
          token,
          params: { id: endpoint!.id },
          query: {},
        });
        return page1.deliveries.filter((d) => d.status === 'pending' && d.attempts >= 1).length >= 3;
      }, 'three failed first attempts');

      await hooks.start();
      await until(() => later.every((n) => hooks.received.some((d) => d.orderNumber === n)), 'the three deliveries');
      for (const number of [first, ...later])
        expect(
          hooks.received.filter((d) => d.orderNumber === number),
          number,
        ).toHaveLength(1);
      expect(new Set(hooks.received.map((d) => d.id)).size).toBe(hooks.received.length);
      // Only what happened after the endpoint was added: none of the demo store's earlier orders.
      expect(hooks.received.map((d) => d.orderNumber).sort()).toEqual([first, ...later].sort());
      expect(consoleErrors).toEqual([]);
    },
    // Publishing waits behind the demo store's own events on a fresh server: more than the usual minute.
    180_000,
  );

  browserTest('an API key with orders:read lists orders and is refused a product update', async () => {
    await page.goto('/settings/api-keys');
    await page.getByRole('button', { name: 'Create API key' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByLabel('Name').fill('ERP sync');
    await dialog.getByLabel('Orders and returns: read (orders:read)').check();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const key = await page.getByRole('dialog', { name: 'Copy your API key' }).getByLabel('New API key').inputValue();
    expect(key).toMatch(/^sk_/);
    await screenshot(page, 'api-keys-reveal');
    await expectAccessible(page, 'api-keys-reveal');

    const orders = await fetch(`${baseUrl()}/api${adminOrderContracts.list.path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(orders.status).toBe(200);
    const { products } = await callData(productContracts.list, { query: { limit: 1 } });
    const update = await fetch(`${baseUrl()}/api/products/${products[0]!.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed by a key' }),
    });
    expect(update.status).toBe(403);
    expect(consoleErrors).toEqual([]);
  });
});
