import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PayPalFake, startPayPalFake } from '../../../test/fakes/paypal-fake.js';
import { isLiveApiBase, paypalProvider, toCents, toDecimal } from './paypal-provider.js';
import type { PaymentProvider } from './provider.js';

// PayPal's official server SDK against a local fake of PayPal's REST API (real HTTP, our provider unchanged).

let fake: PayPalFake;
let paypal: PaymentProvider;

beforeEach(async () => {
  fake = await startPayPalFake();
  paypal = paypalProvider(
    { clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId, apiBase: fake.apiBase },
    { timeoutMs: 2_000 },
  );
});
afterEach(() => fake.close());

/** An order created and approved by the buyer, captured through `confirm`: its PayPal order and capture. */
async function paidOrder(amountCents = 4_250) {
  const intent = await paypal.createIntent({
    amountCents,
    currency: 'usd',
    idempotencyKey: `key-${Math.random()}`,
    metadata: { orderId: 'order-1' },
  });
  fake.approve(intent.id);
  expect(await paypal.confirm!(intent.id, amountCents)).toEqual({ status: 'succeeded' });
  const capture = fake.order(intent.id)!.purchase_units[0]!.payments!.captures[0]!;
  return { intent, capture };
}

const body = (delivery: { body: string }) => Buffer.from(delivery.body);

describe('PayPal provider: orders', () => {
  it('creates an order for the amount, currency, custom id and request id, and the same key creates one order', async () => {
    const input = {
      amountCents: 12_305,
      currency: 'usd',
      idempotencyKey: 'checkout-abc',
      metadata: { orderId: 'o-42' },
    };
    const intent = await paypal.createIntent(input);

    expect(intent).toEqual({
      id: expect.any(String),
      clientSecret: intent.id,
      amountCents: 12_305,
      currency: 'usd',
      status: 'requires_confirmation',
    });
    const [created] = fake.requestsTo('/v2/checkout/orders', 'POST');
    expect(created!.requestId).toBe('checkout-abc');
    expect(created!.body).toEqual({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '123.05' }, custom_id: 'o-42' }],
    });
    // The token was asked for with the app's credentials, once.
    expect(fake.requestsTo('/v1/oauth2/token')).toHaveLength(1);

    const again = await paypal.createIntent(input);
    expect(again.id).toBe(intent.id);
    expect(fake.orderCount()).toBe(1);
  });

  it('captures an approved order once, however often it is confirmed', async () => {
    const intent = await paypal.createIntent({ amountCents: 999, currency: 'usd', idempotencyKey: 'k1', metadata: {} });
    fake.approve(intent.id);

    expect(await paypal.confirm!(intent.id, 999)).toEqual({ status: 'succeeded' });
    expect(await paypal.confirm!(intent.id, 999)).toEqual({ status: 'succeeded' });

    const capturesCalls = fake.requestsTo(`/v2/checkout/orders/${intent.id}/capture`, 'POST');
    expect(capturesCalls.map((r) => r.requestId)).toEqual([`capture-${intent.id}`, `capture-${intent.id}`]);
    expect(fake.order(intent.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('reports an order PayPal says is captured already as succeeded (a retry after PayPal forgot the request id)', async () => {
    const { intent } = await paidOrder();
    fake.forgetRequestIds();

    expect(await paypal.confirm!(intent.id, 4_250)).toEqual({ status: 'succeeded' });
    expect(fake.order(intent.id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  it('maps a declined capture to declined, and the buyer can pay again with another method', async () => {
    const intent = await paypal.createIntent({ amountCents: 500, currency: 'usd', idempotencyKey: 'k2', metadata: {} });
    fake.approve(intent.id);
    fake.declineNextCapture();

    const declined = await paypal.confirm!(intent.id, 500);
    expect(declined.status).toBe('declined');
    expect(declined.message).toMatch(/declined/);
    expect(fake.order(intent.id)!.status).toBe('APPROVED');

    expect(await paypal.confirm!(intent.id, 500)).toEqual({ status: 'succeeded' });
  });

  it('maps a capture made with status DECLINED to declined, and retrieves it as failed', async () => {
    const intent = await paypal.createIntent({ amountCents: 650, currency: 'usd', idempotencyKey: 'k6', metadata: {} });
    fake.approve(intent.id);
    fake.declineNextCapture('capture');

    expect(await paypal.confirm!(intent.id, 650)).toEqual({
      status: 'declined',
      message: 'PayPal declined the payment.',
    });
    expect(await paypal.retrieve(intent.id)).toMatchObject({ status: 'failed', amountCents: 650, currency: 'usd' });
  });

  it('declines an order the buyer never approved, and reports a capture held for review as pending', async () => {
    const unapproved = await paypal.createIntent({
      amountCents: 700,
      currency: 'usd',
      idempotencyKey: 'k3',
      metadata: {},
    });
    expect(await paypal.confirm!(unapproved.id, 700)).toEqual({
      status: 'declined',
      message: 'The PayPal payment was not approved.',
    });

    fake.approve(unapproved.id);
    fake.holdNextCapture();
    const held = await paypal.confirm!(unapproved.id, 700);
    expect(held.status).toBe('pending');
    expect(held.message).toContain('PENDING_REVIEW');
  });

  it('retrieves an order: waiting, paid (captured amount and currency), voided', async () => {
    const waiting = await paypal.createIntent({
      amountCents: 1_000,
      currency: 'usd',
      idempotencyKey: 'w',
      metadata: {},
    });
    expect(await paypal.retrieve(waiting.id)).toEqual({ status: 'pending', amountCents: 1_000, currency: 'usd' });

    const { intent } = await paidOrder(2_599);
    expect(await paypal.retrieve(intent.id)).toEqual({ status: 'succeeded', amountCents: 2_599, currency: 'usd' });

    fake.void(waiting.id);
    expect((await paypal.retrieve(waiting.id)).status).toBe('canceled');
  });

  it('refunds part of the capture with the amount and the idempotency key as request id, once per key', async () => {
    const { intent, capture } = await paidOrder(4_250);

    const input = { intentId: intent.id, amountCents: 1_050, currency: 'usd', idempotencyKey: 'refund-1' };
    const refund = await paypal.refund(input);
    expect(refund).toEqual({ id: expect.any(String), status: 'succeeded' });
    const [call] = fake.requestsTo(`/v2/payments/captures/${capture.id}/refund`, 'POST');
    expect(call!.requestId).toBe('refund-1');
    expect(call!.body).toEqual({ amount: { currency_code: 'USD', value: '10.50' } });

    expect(await paypal.refund(input)).toEqual(refund);
    expect(fake.order(intent.id)!.purchase_units[0]!.payments!.refunds).toHaveLength(1);
    expect(fake.capture(capture.id)!.status).toBe('PARTIALLY_REFUNDED');
  });

  it('refuses to refund an order with no capture', async () => {
    const intent = await paypal.createIntent({ amountCents: 100, currency: 'usd', idempotencyKey: 'nc', metadata: {} });
    await expect(
      paypal.refund({ intentId: intent.id, amountCents: 100, currency: 'usd', idempotencyKey: 'r' }),
    ).rejects.toThrow(/no capture/);
  });
});

describe('PayPal provider: webhooks', () => {
  it('verifies a delivery with PayPal and normalises a completed capture', async () => {
    const { intent, capture } = await paidOrder(4_250);
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);

    expect(await paypal.parseWebhook(body(delivery), delivery.headers)).toEqual({
      id: delivery.event.id,
      type: 'payment.succeeded',
      intentId: intent.id,
      amountCents: 4_250,
      currency: 'usd',
    });
    const [verification] = fake.requestsTo('/v1/notifications/verify-webhook-signature', 'POST');
    expect(verification!.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: fake.webhookId,
      webhook_event: delivery.event,
    });
  });

  it('normalises a denied capture to payment.failed', async () => {
    const { intent, capture } = await paidOrder(1_200);
    const delivery = fake.event('PAYMENT.CAPTURE.DENIED', {
      ...capture,
      status: 'DECLINED',
      status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' },
    });
    expect(await paypal.parseWebhook(body(delivery), delivery.headers)).toEqual({
      id: delivery.event.id,
      type: 'payment.failed',
      intentId: intent.id,
      amountCents: 1_200,
      currency: 'usd',
      message: 'PayPal declined the payment (DECLINED_BY_RISK_FRAUD_FILTERS).',
    });
  });

  it('normalises a refund with all the order refunds PayPal knows, finding the order through the refunded capture', async () => {
    const { intent } = await paidOrder(4_250);
    const first = await paypal.refund({
      intentId: intent.id,
      amountCents: 1_000,
      currency: 'usd',
      idempotencyKey: 'r1',
    });
    const second = await paypal.refund({
      intentId: intent.id,
      amountCents: 2_000,
      currency: 'usd',
      idempotencyKey: 'r2',
    });
    const delivery = fake.event('PAYMENT.CAPTURE.REFUNDED', fake.refund(second.id));

    expect(await paypal.parseWebhook(body(delivery), delivery.headers)).toEqual({
      id: delivery.event.id,
      type: 'refund.succeeded',
      intentId: intent.id,
      amountCents: 2_000,
      currency: 'usd',
      refunds: [
        { id: first.id, amountCents: 1_000 },
        { id: second.id, amountCents: 2_000 },
      ],
    });
  });

  it('normalises a dispute opened and resolved, finding the order through the disputed capture', async () => {
    const { intent, capture } = await paidOrder(4_250);
    const opened = fake.event('CUSTOMER.DISPUTE.CREATED', fake.disputeResource(capture.id));
    const dispute = opened.event.resource as { dispute_id: string };

    expect(await paypal.parseWebhook(body(opened), opened.headers)).toEqual({
      id: opened.event.id,
      type: 'dispute.opened',
      intentId: intent.id,
      amountCents: 4_250,
      currency: 'usd',
      disputeId: dispute.dispute_id,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: 'OPEN',
    });

    const resolved = fake.event('CUSTOMER.DISPUTE.RESOLVED', {
      ...fake.disputeResource(capture.id, { outcome: 'RESOLVED_SELLER_FAVOUR' }),
      dispute_id: dispute.dispute_id,
    });
    expect(await paypal.parseWebhook(body(resolved), resolved.headers)).toMatchObject({
      type: 'dispute.closed',
      intentId: intent.id,
      disputeId: dispute.dispute_id,
      status: 'RESOLVED_SELLER_FAVOUR',
    });
  });

  it('ignores a verified event of another type, and a dispute over a capture PayPal does not know for this app', async () => {
    const delivery = fake.event('CHECKOUT.ORDER.APPROVED', { id: 'ORDER1', status: 'APPROVED' });
    expect(await paypal.parseWebhook(body(delivery), delivery.headers)).toBe('ignored');

    const { capture } = await paidOrder();
    const foreign = fake.event('CUSTOMER.DISPUTE.CREATED', {
      ...fake.disputeResource(capture.id),
      disputed_transactions: [{ seller_transaction_id: 'NOT-OURS-123' }],
    });
    expect(await paypal.parseWebhook(body(foreign), foreign.headers)).toBe('ignored');
    expect(fake.requestsTo('/v2/payments/captures/NOT-OURS-123', 'GET')).toHaveLength(1);
  });

  it('answers null for a forged signature, a failed verification, missing headers or an unparsable body', async () => {
    const { capture } = await paidOrder();
    const forged = fake.forgedEvent('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await paypal.parseWebhook(body(forged), forged.headers)).toBeNull();

    const genuine = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    fake.failNextVerification();
    expect(await paypal.parseWebhook(body(genuine), genuine.headers)).toBeNull();

    const { 'paypal-transmission-sig': _, ...unsigned } = genuine.headers;
    const verifications = fake.requestsTo('/v1/notifications/verify-webhook-signature').length;
    expect(await paypal.parseWebhook(body(genuine), unsigned)).toBeNull();
    expect(await paypal.parseWebhook(Buffer.from('{not json'), genuine.headers)).toBeNull();
    // Neither was worth asking PayPal about.
    expect(fake.requestsTo('/v1/notifications/verify-webhook-signature')).toHaveLength(verifications);

    // The same genuine delivery, tampered with, no longer verifies.
    const tampered = genuine.body.replace('"42.50"', '"0.01"');
    expect(tampered).not.toBe(genuine.body);
    expect(await paypal.parseWebhook(Buffer.from(tampered), genuine.headers)).toBeNull();
    expect(await paypal.parseWebhook(body(genuine), genuine.headers)).toMatchObject({ type: 'payment.succeeded' });
  });
});

describe('PayPal provider: failures', () => {
  it('rejects within its timeout when PayPal hangs, for API calls and webhook verification', async () => {
    const { intent, capture } = await paidOrder();
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    const quick = paypalProvider(
      { clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId, apiBase: fake.apiBase },
      { timeoutMs: 300 },
    );
    await quick.retrieve(intent.id); // its token in hand: what hangs below is the call itself
    fake.hang();

    const started = Date.now();
    await expect(
      quick.createIntent({ amountCents: 100, currency: 'usd', idempotencyKey: 'h', metadata: {} }),
    ).rejects.toThrow(/timeout|abort/i);
    await expect(quick.parseWebhook(body(delivery), delivery.headers)).rejects.toThrow(/timeout|abort/i);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(fake.requestsTo('/v2/checkout/orders', 'POST').at(-1)!.requestId).toBe('h');
    expect(fake.requestsTo('/v1/notifications/verify-webhook-signature')).toHaveLength(1);
  });

  it('rejects a PayPal server error instead of calling it a decline', async () => {
    const intent = await paypal.createIntent({ amountCents: 800, currency: 'usd', idempotencyKey: 'k5', metadata: {} });
    fake.approve(intent.id);
    fake.failNextRequest(500);
    await expect(paypal.confirm!(intent.id, 800)).rejects.toThrow();
    // PayPal came back: the same confirm captures.
    expect(await paypal.confirm!(intent.id, 800)).toEqual({ status: 'succeeded' });
  });

  it('rejects webhook verification answered with a server error (PayPal delivers again)', async () => {
    const { capture } = await paidOrder();
    const delivery = fake.event('PAYMENT.CAPTURE.COMPLETED', capture);
    fake.failNextRequest(503);
    await expect(paypal.parseWebhook(body(delivery), delivery.headers)).rejects.toThrow(/503/);
  });
});

describe('PayPal provider: settings', () => {
  it('is live only on PayPal live host, and converts amounts exactly', () => {
    expect(isLiveApiBase('https://api-m.paypal.com')).toBe(true);
    expect(isLiveApiBase('https://api-m.sandbox.paypal.com')).toBe(false);
    expect(paypal.mode).toBe('test');
    expect(paypal.name).toBe('paypal');
    expect(paypal.dashboardUrl('ORDER1')).toBeNull();
    expect([toDecimal(0), toDecimal(5), toDecimal(12_305), toDecimal(100)]).toEqual(['0.00', '0.05', '123.05', '1.00']);
    expect([toCents('123.05'), toCents('1.5'), toCents('7')]).toEqual([12_305, 150, 700]);
  });
});
