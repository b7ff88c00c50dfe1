import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { type PayPalFake, startPayPalFake } from '../../../test/fakes/paypal-fake.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { orders } from '../../db/schema/index.js';

/*
 * PayPal end to end on our side: the official server SDK against a local fake of PayPal's REST API. The shopper
 * approves the PayPal order in PayPal's button; our server captures it (the capture's answer pays the order), and
 * PayPal's verified webhook pays it too when the browser never came back.
 */
let fake: PayPalFake;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  fake = await startPayPalFake();
  const paypal = {
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    webhookId: fake.webhookId,
    apiBase: fake.apiBase,
  };
  t = await createTestApp({
    payments: { stripe: null, paypal, cashOnDelivery: null, bankTransfer: null, reconcileAfterMs: 60_000 },
  });
  alice = await signedIn(t.app, 'customer');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function placedWithPayPal(price = 30) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  const items = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
  const session = await call(t.app, 'POST', '/api/checkout/create-session', {
    token: alice.token,
    body: { items, shippingMethod: 'standard', paymentMethod: 'paypal' },
  });
  expect(session.status).toBe(201);
  const intent = session.body.data.paymentIntent;
  expect(intent.provider).toBe('paypal');
  const placed = await call(t.app, 'POST', '/api/orders', {
    token: alice.token,
    body: orderBody(items, { paymentMethod: 'paypal', paymentIntentId: intent.id }),
  });
  expect(placed.status).toBe(201);
  const order = placed.body.data.order as { id: string; total: number };
  expect(fake.order(intent.id)?.purchase_units[0]?.amount.value).toBe(order.total.toFixed(2));
  return { order, intentId: intent.id as string, productId: product.id };
}

const confirm = (orderId: string, intentId: string) =>
  call(t.app, 'POST', '/api/payments/confirm', { token: alice.token, body: { orderId, paymentIntentId: intentId } });
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('paying with PayPal', () => {
  it('approved in the button, captured by the server: the order is paid and its stock committed', async () => {
    const { order, intentId, productId } = await placedWithPayPal();
    fake.approve(intentId);
    const res = await confirm(order.id, intentId);
    expect([res.status, res.body.data?.order.paymentStatus]).toEqual([200, 'paid']);
    expect(await stockOf(t.app, productId)).toEqual([9, 0]);
    expect(fake.requestsTo(`/v2/checkout/orders/${intentId}/capture`, 'POST')).toHaveLength(1);
  });

  it('a declined capture leaves the order failed; another funding source then pays it', async () => {
    const { order, intentId } = await placedWithPayPal();
    fake.approve(intentId);
    fake.declineNextCapture('error');
    const declined = await confirm(order.id, intentId);
    expect(declined.status).toBe(402);
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    const retried = await confirm(order.id, intentId);
    expect([retried.status, retried.body.data?.order.paymentStatus]).toEqual([200, 'paid']);
  });

  it("the shopper's browser never comes back: PayPal's verified webhook pays the order, once", async () => {
    const { order, intentId } = await placedWithPayPal();
    fake.approve(intentId);
    // Captured at PayPal (the browser's confirmation reached PayPal but its answer never reached us).
    await t.app.payments.byName('paypal')!.confirm!(intentId, Math.round(order.total * 100));
    const capture = fake.order(intentId)!.purchase_units[0]!.payments!.captures[0]!;
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    const deliver = () =>
      call(t.app, 'POST', '/api/payments/webhooks/paypal', { body: delivery.body, headers: delivery.headers });
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.data.outcome === 'applied')).toHaveLength(1);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('a delivery PayPal does not verify answers 400 and changes nothing', async () => {
    const { order, intentId } = await placedWithPayPal();
    fake.approve(intentId);
    const forged = fake.forgedEvent('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPTURE-FORGED',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: order.total.toFixed(2) },
      supplementary_data: { related_ids: { order_id: intentId } },
    });
    const res = await call(t.app, 'POST', '/api/payments/webhooks/paypal', {
      body: forged.body,
      headers: forged.headers,
    });
    expect([res.status, res.body.message]).toEqual([400, 'Invalid webhook signature']);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });
});
