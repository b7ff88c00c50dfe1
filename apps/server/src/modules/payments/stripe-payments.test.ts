import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe-fake.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { activityLogs, orders, payments } from '../../db/schema/index.js';
import { settleProviderEvent } from '../orders/index.js';
import { reconcilePayments } from './settlement.js';

/*
 * Card payments through Stripe, end to end on our side: the official SDK talks to a local fake of Stripe's API, and
 * Stripe's webhooks are posted signed as Stripe signs them. An order is paid when Stripe's signed event says so.
 */
let fake: StripeFake;
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedIn>>;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    payments: {
      stripe: fake.settings,
      paypal: null,
      cashOnDelivery: null,
      bankTransfer: null,
      reconcileAfterMs: 60_000,
    },
  });
  admin = await signedIn(t.app, 'admin');
  alice = await signedIn(t.app, 'customer');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An order of Alice's placed with a Stripe intent from her checkout session (her browser pays it at Stripe). */
async function placedWithStripe(price = 20) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  const items = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
  const session = await call(t.app, 'POST', '/api/checkout/create-session', {
    token: alice.token,
    body: { items, shippingMethod: 'standard', paymentMethod: 'stripe' },
  });
  expect(session.status).toBe(201);
  const intent = session.body.data.paymentIntent;
  expect(intent).toMatchObject({ provider: 'stripe', currency: 'usd' });
  expect(intent.clientSecret).toBe(fake.intent(intent.id).client_secret);
  const placed = await call(t.app, 'POST', '/api/orders', {
    token: alice.token,
    body: orderBody(items, { paymentIntentId: intent.id }),
  });
  expect(placed.status).toBe(201);
  return {
    order: placed.body.data.order as { id: string; total: number },
    intentId: intent.id as string,
    productId: product.id,
  };
}

const deliver = (delivery: { body: string; headers: Record<string, string> }) =>
  call(t.app, 'POST', '/api/payments/webhooks/stripe', { body: delivery.body, headers: delivery.headers });
const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const chargeOf = async (intentId: string) =>
  (await t.app.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;

describe('paying by card through Stripe', () => {
  it('creates the intent for the exact total and currency with an idempotency key; the signed event pays the order', async () => {
    const { order, intentId, productId } = await placedWithStripe(20);
    const created = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        fake.intent(intentId).amount === Number(r.body.amount),
    );
    expect(created?.body).toMatchObject({ amount: String(Math.round(order.total * 100)), currency: 'usd' });
    expect(created?.idempotencyKey).toMatch(/^intent-/);
    // The browser cannot pay it through us: Stripe's word is needed.
    const byBrowser = await call(t.app, 'POST', '/api/payments/confirm', {
      token: alice.token,
      body: { orderId: order.id, paymentIntentId: intentId },
    });
    expect([byBrowser.status, byBrowser.body.code]).toEqual([409, 'CONFIRMED_BY_PROVIDER']);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');

    const intent = fake.setIntent(intentId, 'succeeded');
    const res = await deliver(fake.event('payment_intent.succeeded', intent));
    expect([res.status, res.body.data.outcome]).toEqual([200, 'applied']);
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.stockState]).toEqual(['confirmed', 'paid', 'committed']);
    expect(await stockOf(t.app, productId)).toEqual([9, 0]);
    expect((await chargeOf(intentId)).status).toBe('succeeded');
  });

  it('3-D Secure: nothing is paid while the bank asks; the succeeded event after it pays', async () => {
    const { order, intentId } = await placedWithStripe();
    fake.setIntent(intentId, 'requires_action');
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    await deliver(fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded')));
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it("declined, then paid on retry: the decline's message is kept, then the order is paid", async () => {
    const { order, intentId } = await placedWithStripe();
    const declined = fake.setIntent(intentId, 'requires_payment_method', {
      message: 'Your card has insufficient funds.',
    });
    await deliver(fake.event('payment_intent.payment_failed', declined));
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    expect((await chargeOf(intentId)).message).toBe('Your card has insufficient funds.');
    await deliver(fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded')));
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('the same event delivered 20 times in parallel, with an older failure among them: one payment', async () => {
    const { order, intentId, productId } = await placedWithStripe();
    const failed = fake.event('payment_intent.payment_failed', fake.setIntent(intentId, 'requires_payment_method'));
    const succeeded = fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded'));
    const answers = await Promise.all([...Array.from({ length: 20 }, () => deliver(succeeded)), deliver(failed)]);
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect(answers.slice(0, 20).filter((a) => a.body.data.outcome === 'applied')).toHaveLength(1);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(await stockOf(t.app, productId)).toEqual([9, 0]);
  });

  it('a bad signature answers 400 and nothing changes', async () => {
    const { order, intentId } = await placedWithStripe();
    const forged = fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded'), {
      secret: 'whsec_other',
    });
    const res = await deliver(forged);
    expect([res.status, res.body.message]).toEqual([400, 'Invalid webhook signature']);
    const tampered = fake.event('payment_intent.succeeded', fake.intent(intentId));
    expect(
      (await deliver({ ...tampered, body: tampered.body.replace('"livemode":false', '"livemode":true') })).status,
    ).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('an event whose amount differs from the order is refused', async () => {
    const { order, intentId } = await placedWithStripe();
    const intent = fake.setIntent(intentId, 'succeeded', { amount_received: 1 });
    const res = await deliver(fake.event('payment_intent.succeeded', intent));
    expect(res.body.data.outcome).toBe('refused');
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('a lost webhook: the reconciliation job asks Stripe and settles the order, once', async () => {
    const { order, intentId } = await placedWithStripe();
    fake.setIntent(intentId, 'succeeded');
    const reconcile = () => reconcilePayments(t.app.db, t.app.payments, settleProviderEvent, t.app.config.publicUrl, 0);
    // Two instances' runs at once settle it once.
    const [first, second] = await Promise.all([reconcile(), reconcile()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    const retrievals = fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intentId}`);
    expect(retrievals.length).toBeGreaterThanOrEqual(1);
    // The webhook arriving late afterwards changes nothing.
    const late = await deliver(fake.event('payment_intent.succeeded', fake.intent(intentId)));
    expect(late.body.data.outcome).toBe('applied');
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(await reconcile()).toBe(0);
  });

  it('a dispute flags the order and is audited; its closing lifts the flag', async () => {
    const { order, intentId } = await placedWithStripe();
    await deliver(fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded')));
    const dispute = fake.dispute(intentId);
    expect((await deliver(fake.event('charge.dispute.created', dispute))).body.data.outcome).toBe('applied');
    expect((await orderRow(order.id)).disputedAt).not.toBeNull();
    const audit = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(audit.map((row) => row.action)).toContain('dispute_opened');
    await deliver(fake.event('charge.dispute.closed', { ...dispute, status: 'lost' }));
    expect((await orderRow(order.id)).disputedAt).toBeNull();
  });
});

describe('refunds through Stripe', () => {
  /** An order paid by Stripe's signed event. */
  async function paidThroughStripe(price = 50) {
    const placed = await placedWithStripe(price);
    await deliver(fake.event('payment_intent.succeeded', fake.setIntent(placed.intentId, 'succeeded')));
    return placed;
  }
  const refundsAtStripe = (intentId: string) => fake.refunds().filter((refund) => refund.payment_intent === intentId);

  it('10 parallel staff refunds of 60 % of the capture: one refund at Stripe, with an idempotency key', async () => {
    const { order, intentId } = await paidThroughStripe();
    const amount = Math.round(order.total * 60) / 100;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'POST', `/api/admin/orders/${order.id}/refunds`, {
          token: admin.token,
          body: { amount, reason: 'Damaged' },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const atStripe = refundsAtStripe(intentId);
    expect(atStripe.map((refund) => refund.amount)).toEqual([Math.round(amount * 100)]);
    const sent = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === intentId,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBeTruthy();
    expect((await orderRow(order.id)).paymentStatus).toBe('partially_refunded');
    // Stripe's charge.refunded event for that refund names a refund we already have: nothing new.
    const charge = fake.charge(fake.intent(intentId).latest_charge!);
    const event = await deliver(fake.event('charge.refunded', charge));
    expect(event.body.data.outcome).toBe('ignored');
  });

  it("a partial refund from an approved return goes to Stripe, and the order's payment follows", async () => {
    const { product: shirt } = await buildProduct(t.app.db, { price: 40 }, [
      { size: 'M', color: 'Black', quantity: 10 },
    ]);
    const { product: cap } = await buildProduct(t.app.db, { price: 30 }, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const items = [
      { productId: shirt.id, size: 'M', color: 'Black', quantity: 2 },
      { productId: cap.id, size: 'M', color: 'Black', quantity: 1 },
    ];
    const session = await call(t.app, 'POST', '/api/checkout/create-session', {
      token: alice.token,
      body: { items, shippingMethod: 'standard', paymentMethod: 'stripe' },
    });
    const intentId = session.body.data.paymentIntent.id as string;
    const placed = await call(t.app, 'POST', '/api/orders', {
      token: alice.token,
      body: orderBody(items, { paymentIntentId: intentId }),
    });
    const order = placed.body.data.order as { id: string; items: { id: string; productId: string }[] };
    await deliver(fake.event('payment_intent.succeeded', fake.setIntent(intentId, 'succeeded')));
    const delivered = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    expect(delivered.status).toBe(200);
    const shirtLine = order.items.find((line) => line.productId === shirt.id)!;
    const asked = await call(t.app, 'POST', `/api/orders/${order.id}/refund`, {
      token: alice.token,
      body: { reason: 'Too big', items: [{ itemId: shirtLine.id, quantity: 1 }] },
    });
    const returnId = asked.body.data.refundRequest.id as string;
    const approved = await call(t.app, 'POST', `/api/admin/returns/${returnId}/approve`, {
      token: admin.token,
      body: {},
    });
    expect(approved.status).toBe(200);
    const atStripe = refundsAtStripe(intentId);
    expect(atStripe).toHaveLength(1);
    const rows = await t.app.db.select().from(payments).where(eq(payments.intentId, intentId));
    const refund = rows.find((row) => row.kind === 'refund')!;
    expect([refund.providerRef, Math.round(refund.amount * 100)]).toEqual([atStripe[0]!.id, atStripe[0]!.amount]);
    expect((await orderRow(order.id)).paymentStatus).toBe('partially_refunded');
  });
});
