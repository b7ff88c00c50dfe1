import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe-fake.js';
import type { PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe-provider.js';

// The official SDK against a local fake of Stripe's API: what the fake received is what Stripe would have.
let fake: StripeFake;
let stripe: PaymentProvider;
beforeAll(async () => {
  fake = await startStripeFake();
  stripe = stripeProvider(fake.settings);
});
afterAll(async () => fake.close());
beforeEach(() => fake.recover());

const newIntent = (amountCents = 2599, key = `checkout-${Math.random()}`) =>
  stripe.createIntent({ amountCents, currency: 'usd', idempotencyKey: key, metadata: { orderId: 'o-1' } });
const lastRequest = () => fake.requests.at(-1)!;
const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  stripe.parseWebhook(Buffer.from(delivery.body), delivery.headers);

describe('the Stripe provider creating intents', () => {
  it('sends the amount, currency, metadata and idempotency key, and answers the intent with its client secret', async () => {
    const intent = await stripe.createIntent({
      amountCents: 2599,
      currency: 'usd',
      idempotencyKey: 'checkout-create-1',
      metadata: { orderId: 'o-1', cartId: 'c-9' },
    });

    const sent = lastRequest();
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: 'checkout-create-1' });
    expect(sent.body).toEqual({
      amount: '2599',
      currency: 'usd',
      automatic_payment_methods: { enabled: 'true' },
      metadata: { orderId: 'o-1', cartId: 'c-9' },
    });
    expect(sent.headers.authorization).toBe('Bearer sk_test_fake');
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: fake.intent(intent.id).client_secret,
      amountCents: 2599,
      currency: 'usd',
      status: 'requires_confirmation',
    });
  });

  it('creates one intent for a repeated idempotency key and answers both calls with it', async () => {
    const before = fake.intents().length;
    const first = await newIntent(1000, 'checkout-repeat');
    const second = await newIntent(1000, 'checkout-repeat');
    expect(second).toEqual(first);
    expect(fake.intents()).toHaveLength(before + 1);
    expect(fake.requests.filter((r) => r.idempotencyKey === 'checkout-repeat')).toHaveLength(2);
  });

  it('gives up on a frozen Stripe after the timeout and one retry with the same key: a 502, not a hang', async () => {
    const impatient = stripeProvider(fake.settings, { timeoutMs: 200 });
    fake.hang();
    const started = Date.now();
    await expect(
      impatient.createIntent({ amountCents: 500, currency: 'usd', idempotencyKey: 'checkout-frozen', metadata: {} }),
    ).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENT_PROVIDER_UNAVAILABLE' });
    const took = Date.now() - started;
    // Two attempts of 200 ms and the SDK's half-second pause between them; far below the 10 s default.
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(3_000);
    const attempts = fake.requests.filter((r) => r.idempotencyKey === 'checkout-frozen');
    expect(attempts.map((r) => r.path)).toEqual(['/v1/payment_intents', '/v1/payment_intents']);
  });

  it('answers a Stripe that fails with 500 with a 502 after one retry, and the same key works once it recovers', async () => {
    fake.failWith(500);
    await expect(newIntent(700, 'checkout-outage')).rejects.toMatchObject({
      statusCode: 502,
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
    });
    expect(fake.requests.filter((r) => r.idempotencyKey === 'checkout-outage')).toHaveLength(2);

    fake.recover();
    const intent = await newIntent(700, 'checkout-outage');
    expect(fake.intent(intent.id).amount).toBe(700);
  });
});

describe('the Stripe provider reading an intent', () => {
  it('maps each of Stripe’s states to succeeded, failed, canceled or pending', async () => {
    const intent = await newIntent(4000);
    expect(await stripe.retrieve(intent.id)).toEqual({ status: 'pending', amountCents: 4000, currency: 'usd' });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent.id}` });

    fake.setIntent(intent.id, 'requires_action');
    expect(await stripe.retrieve(intent.id)).toMatchObject({ status: 'pending', amountCents: 4000 });
    fake.setIntent(intent.id, 'processing');
    expect(await stripe.retrieve(intent.id)).toMatchObject({ status: 'pending' });

    fake.setIntent(intent.id, 'requires_payment_method', { message: 'Your card has insufficient funds.' });
    expect(await stripe.retrieve(intent.id)).toEqual({
      status: 'failed',
      amountCents: 4000,
      currency: 'usd',
      message: 'Your card has insufficient funds.',
    });

    // What was received counts, not what was asked.
    fake.setIntent(intent.id, 'succeeded', { amount_received: 3900 });
    expect(await stripe.retrieve(intent.id)).toEqual({ status: 'succeeded', amountCents: 3900, currency: 'usd' });

    const other = await newIntent(1200);
    fake.setIntent(other.id, 'canceled');
    expect(await stripe.retrieve(other.id)).toEqual({ status: 'canceled', amountCents: 1200, currency: 'usd' });
  });

  it('answers an intent Stripe does not know with a 502 naming the refusal', async () => {
    await expect(stripe.retrieve('pi_unknown')).rejects.toMatchObject({
      statusCode: 502,
      code: 'PAYMENT_PROVIDER_ERROR',
    });
  });
});

describe('the Stripe provider refunding', () => {
  it('sends the intent, amount and idempotency key; a repeated key refunds once', async () => {
    const intent = await newIntent(5000);
    fake.setIntent(intent.id, 'succeeded');
    const refund = await stripe.refund({
      intentId: intent.id,
      amountCents: 1500,
      currency: 'usd',
      idempotencyKey: 'refund-a',
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/refunds',
      idempotencyKey: 'refund-a',
      body: { payment_intent: intent.id, amount: '1500' },
    });

    const again = await stripe.refund({
      intentId: intent.id,
      amountCents: 1500,
      currency: 'usd',
      idempotencyKey: 'refund-a',
    });
    expect(again).toEqual(refund);
    expect(fake.refunds().filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect(fake.charge(fake.intent(intent.id).latest_charge!).amount_refunded).toBe(1500);
  });

  it('reports a pending or failed refund as such, and a refused one as a 502', async () => {
    const intent = await newIntent(3000);
    fake.setIntent(intent.id, 'succeeded');
    const refund = (amountCents: number) =>
      stripe.refund({ intentId: intent.id, amountCents, currency: 'usd', idempotencyKey: `refund-${Math.random()}` });
    fake.setRefundOutcome('pending');
    expect(await refund(100)).toMatchObject({ status: 'pending' });
    fake.setRefundOutcome('failed');
    expect(await refund(100)).toMatchObject({ status: 'failed' });
    fake.setRefundOutcome('succeeded');
    await expect(refund(5000)).rejects.toMatchObject({ statusCode: 502, code: 'PAYMENT_PROVIDER_ERROR' });
  });
});

describe('the Stripe provider reading webhooks', () => {
  it('normalises payment_intent.succeeded with the amount received', async () => {
    const intent = await newIntent(2599);
    // What was received is reported (the settlement refuses an amount other than the order's).
    const paid = fake.setIntent(intent.id, 'succeeded', { amount_received: 2500 });
    const delivery = fake.event('payment_intent.succeeded', paid, { id: 'evt_paid' });
    expect(await deliver(delivery)).toEqual({
      id: 'evt_paid',
      type: 'payment.succeeded',
      intentId: intent.id,
      amountCents: 2500,
      currency: 'usd',
    });
  });

  it('normalises payment_intent.payment_failed with Stripe’s message, or a plain decline without one', async () => {
    const intent = await newIntent(1800);
    const declined = fake.setIntent(intent.id, 'requires_payment_method', {
      message: 'Your card was declined. (stolen)',
    });
    expect(await deliver(fake.event('payment_intent.payment_failed', declined, { id: 'evt_failed' }))).toEqual({
      id: 'evt_failed',
      type: 'payment.failed',
      intentId: intent.id,
      amountCents: 1800,
      currency: 'usd',
      message: 'Your card was declined. (stolen)',
    });
    const silent = { ...declined, last_payment_error: null };
    expect(await deliver(fake.event('payment_intent.payment_failed', silent))).toMatchObject({
      type: 'payment.failed',
      message: 'Your card was declined.',
    });
  });

  it('normalises charge.refunded with the intent’s refunds, listing them when the charge does not carry them', async () => {
    const intent = await newIntent(6000);
    fake.setIntent(intent.id, 'succeeded');
    const ours = await stripe.refund({
      intentId: intent.id,
      amountCents: 1000,
      currency: 'usd',
      idempotencyKey: 'r-1',
    });
    fake.setRefundOutcome('failed');
    await stripe.refund({ intentId: intent.id, amountCents: 500, currency: 'usd', idempotencyKey: 'r-2' });
    fake.setRefundOutcome('succeeded');
    const dashboard = await stripe.refund({
      intentId: intent.id,
      amountCents: 2000,
      currency: 'usd',
      idempotencyKey: 'r-3',
    });
    const charge = fake.charge(fake.intent(intent.id).latest_charge!);

    const requestsBefore = fake.requests.length;
    const event = await deliver(fake.event('charge.refunded', charge, { id: 'evt_refunded' }));
    expect(event).toEqual({
      id: 'evt_refunded',
      type: 'refund.succeeded',
      intentId: intent.id,
      amountCents: 3000,
      currency: 'usd',
      // The failed refund returned nothing and is left out.
      refunds: expect.arrayContaining([
        { id: ours.id, amountCents: 1000 },
        { id: dashboard.id, amountCents: 2000 },
      ]),
    });
    expect(event !== 'ignored' && event?.type === 'refund.succeeded' && event.refunds).toHaveLength(2);
    expect(fake.requests.slice(requestsBefore)).toMatchObject([
      { method: 'GET', path: '/v1/refunds', query: { payment_intent: intent.id } },
    ]);

    // An event whose charge carries its refunds is read without asking Stripe.
    const carried = {
      ...charge,
      refunds: { object: 'list', has_more: false, data: [fake.refunds().find((r) => r.id === ours.id)] },
    };
    const requestsThen = fake.requests.length;
    expect(await deliver(fake.event('charge.refunded', carried))).toMatchObject({
      refunds: [{ id: ours.id, amountCents: 1000 }],
    });
    expect(fake.requests).toHaveLength(requestsThen);
  });

  it('normalises charge.dispute.created and .closed, finding the intent through the charge when the dispute lacks it', async () => {
    const intent = await newIntent(8000);
    fake.setIntent(intent.id, 'succeeded');
    const opened = fake.dispute(intent.id, { id: 'dp_1', reason: 'product_not_received' });
    expect(await deliver(fake.event('charge.dispute.created', opened, { id: 'evt_dispute' }))).toEqual({
      id: 'evt_dispute',
      type: 'dispute.opened',
      intentId: intent.id,
      amountCents: 8000,
      currency: 'usd',
      disputeId: 'dp_1',
      reason: 'product_not_received',
      status: 'needs_response',
    });

    const closed = { ...opened, status: 'won', payment_intent: null };
    expect(await deliver(fake.event('charge.dispute.closed', closed))).toMatchObject({
      type: 'dispute.closed',
      intentId: intent.id,
      disputeId: 'dp_1',
      status: 'won',
    });
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/charges/${opened.charge}` });
  });

  it('answers a signed event of another type with ignored', async () => {
    expect(await deliver(fake.event('customer.created', { id: 'cus_1', object: 'customer' }))).toBe('ignored');
  });

  it('refuses (null) a tampered body, a missing signature, another secret and a stale signature', async () => {
    const intent = await newIntent(2599);
    const paid = fake.setIntent(intent.id, 'succeeded');
    const delivery = fake.event('payment_intent.succeeded', paid);

    const tampered = delivery.body.replace('"amount_received":2599', '"amount_received":1');
    expect(tampered).not.toBe(delivery.body);
    expect(await stripe.parseWebhook(Buffer.from(tampered), delivery.headers)).toBeNull();
    expect(await stripe.parseWebhook(Buffer.from(delivery.body), {})).toBeNull();
    expect(await stripe.parseWebhook(Buffer.from(delivery.body), { 'stripe-signature': 'garbage' })).toBeNull();
    expect(await deliver(fake.event('payment_intent.succeeded', paid, { secret: 'whsec_someone_else' }))).toBeNull();
    const stale = new Date(Date.now() - 10 * 60_000);
    expect(await deliver(fake.event('payment_intent.succeeded', paid, { signedAt: stale }))).toBeNull();
    // The untouched delivery is believed.
    expect(await deliver(delivery)).toMatchObject({ type: 'payment.succeeded', intentId: intent.id });
  });
});

describe('the Stripe provider’s mode', () => {
  it('is test with test keys, linking the dashboard’s test payments, and live with live keys', () => {
    expect(stripe.mode).toBe('test');
    expect(stripe.dashboardUrl('pi_1')).toBe('https://dashboard.stripe.com/test/payments/pi_1');
    for (const secretKey of ['sk_live_abc', 'rk_live_abc']) {
      const live = stripeProvider({ ...fake.settings, secretKey });
      expect(live.mode).toBe('live');
      expect(live.dashboardUrl('pi_1')).toBe('https://dashboard.stripe.com/payments/pi_1');
    }
    expect(stripeProvider({ ...fake.settings, secretKey: 'rk_test_abc' }).mode).toBe('test');
  });
});
