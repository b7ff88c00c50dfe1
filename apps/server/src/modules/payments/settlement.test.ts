import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { activityLogs, mailOutbox, orders, paymentProviderEvents, payments } from '../../db/schema/index.js';
import { signTestWebhook, TEST_SIGNATURE_HEADER } from './test-provider.js';

/*
 * Settling orders from provider events (here the built-in test provider's signed webhooks; the Stripe and PayPal
 * tests send their own providers' events through the same path): an event id applies once, whatever the number of
 * deliveries or their order; only a signed body of the exact amount and currency pays.
 */
let t: TestApp;
let alice: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  await signedIn(t.app, 'admin');
  alice = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const secret = () => `webhook:${t.app.config.jwtSecret}`;
let eventCount = 0;

/** POSTs a test-provider event, signed (or with the signature given). */
function deliver(event: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify(event);
  return call(t.app, 'POST', '/api/payments/webhooks/test', {
    body,
    headers: {
      'content-type': 'application/json',
      [TEST_SIGNATURE_HEADER]: signature ?? signTestWebhook(secret(), body),
    },
  });
}

/** An order of Alice's placed with a checkout intent she has not confirmed (the provider will say how it went). */
async function placedWithIntent(price = 20) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  const items = [{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }];
  const session = await call(t.app, 'POST', '/api/checkout/create-session', {
    token: alice.token,
    body: { items, shippingMethod: 'standard' },
  });
  const intent = session.body.data.paymentIntent as { id: string; amount: number };
  const placed = await call(t.app, 'POST', '/api/orders', {
    token: alice.token,
    body: orderBody(items, { paymentIntentId: intent.id }),
  });
  expect(placed.status).toBe(201);
  const order = placed.body.data.order as { id: string; total: number };
  return { order, intentId: intent.id, productId: product.id, cents: Math.round(order.total * 100) };
}

const orderRow = async (id: string) => (await t.app.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const succeeded = (intentId: string, amountCents: number, extra = {}) => ({
  id: `evt_${++eventCount}`,
  type: 'payment.succeeded',
  intentId,
  amountCents,
  currency: 'usd',
  ...extra,
});

describe('a payment settled by the provider', () => {
  it('pays the order once, commits its stock and mails the confirmation', async () => {
    const { order, intentId, productId, cents } = await placedWithIntent();
    const res = await deliver(succeeded(intentId, cents));
    expect([res.status, res.body.data.outcome]).toEqual([200, 'applied']);
    const row = await orderRow(order.id);
    expect([row.status, row.paymentStatus, row.stockState]).toEqual(['confirmed', 'paid', 'committed']);
    expect(await stockOf(t.app, productId)).toEqual([9, 0]);
    const charge = await t.app.db.select().from(payments).where(eq(payments.intentId, intentId));
    expect(charge.map((p) => [p.kind, p.status])).toEqual([['charge', 'succeeded']]);
  });

  it('the same event delivered 20 times at once, with a failure out of order among them: one payment', async () => {
    const { order, intentId, productId, cents } = await placedWithIntent();
    const event = succeeded(intentId, cents);
    const late = {
      id: `evt_${++eventCount}`,
      type: 'payment.failed',
      intentId,
      amountCents: cents,
      currency: 'usd',
      message: 'Declined',
    };
    const answers = await Promise.all([...Array.from({ length: 20 }, () => deliver(event)), deliver(late)]);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const outcomes = answers.slice(0, 20).map((answer) => answer.body.data.outcome);
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(19);
    // Whichever came first, the order ends paid: a failure never undoes the success.
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
    expect(await stockOf(t.app, productId)).toEqual([9, 0]);
    const { orderNumber } = await orderRow(order.id);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, alice.user.email));
    expect(mails.filter((mail) => mail.subject.includes(orderNumber))).toHaveLength(1);
  });

  it('declined, then paid on a retry of the same intent', async () => {
    const { order, intentId, cents } = await placedWithIntent();
    const failed = await deliver({
      id: `evt_${++eventCount}`,
      type: 'payment.failed',
      intentId,
      amountCents: cents,
      currency: 'usd',
      message: 'Your card was declined.',
    });
    expect(failed.body.data.outcome).toBe('applied');
    expect((await orderRow(order.id)).paymentStatus).toBe('failed');
    const charge = (await t.app.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;
    expect([charge.status, charge.message]).toEqual(['failed', 'Your card was declined.']);
    await deliver(succeeded(intentId, cents));
    expect((await orderRow(order.id)).paymentStatus).toBe('paid');
  });

  it('a bad signature answers 400 and changes nothing', async () => {
    const { order, intentId, cents } = await placedWithIntent();
    const event = succeeded(intentId, cents);
    const forged = await deliver(event, 'f'.repeat(64));
    expect([forged.status, forged.body.message]).toEqual([400, 'Invalid webhook signature']);
    const unsigned = await call(t.app, 'POST', '/api/payments/webhooks/test', { body: event });
    expect(unsigned.status).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
    const seen = await t.app.db
      .select()
      .from(paymentProviderEvents)
      .where(eq(paymentProviderEvents.eventId, event.id as string));
    expect(seen).toHaveLength(0);
  });

  it('an event for another amount or currency is refused: the order stays unpaid', async () => {
    const { order, intentId, cents } = await placedWithIntent();
    for (const wrong of [succeeded(intentId, cents - 1), succeeded(intentId, cents, { currency: 'eur' })]) {
      const res = await deliver(wrong);
      expect([res.status, res.body.data.outcome]).toEqual([200, 'refused']);
    }
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('an event for an intent the shop never placed an order with is acknowledged and ignored', async () => {
    const res = await deliver(succeeded('pi_test_unknown', 1000));
    expect([res.status, res.body.data.outcome]).toEqual([200, 'ignored']);
  });
});

describe('refunds and disputes reported by the provider', () => {
  it("a refund made in the provider's dashboard is added to the timeline once", async () => {
    const { order, intentId, cents } = await placedWithIntent(40);
    await deliver(succeeded(intentId, cents));
    const refund = {
      id: `evt_${++eventCount}`,
      type: 'refund.succeeded',
      intentId,
      amountCents: 1000,
      currency: 'usd',
      refunds: [{ id: 're_dash_1', amountCents: 1000 }],
    };
    expect((await deliver(refund)).body.data.outcome).toBe('applied');
    // The provider's next event lists the same refund again: nothing new.
    expect((await deliver({ ...refund, id: `evt_${++eventCount}` })).body.data.outcome).toBe('ignored');
    const refunds = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(refunds.map((r) => [r.providerRef, r.amount])).toEqual([['re_dash_1', 10]]);
    expect((await orderRow(order.id)).paymentStatus).toBe('partially_refunded');
  });

  it('a dispute flags the order, is audited and told to the admins; closing it lifts the flag', async () => {
    const { order, intentId, cents } = await placedWithIntent();
    await deliver(succeeded(intentId, cents));
    const dispute = { intentId, amountCents: cents, currency: 'usd', disputeId: 'dp_1', reason: 'fraudulent' };
    await deliver({ ...dispute, id: `evt_${++eventCount}`, type: 'dispute.opened', status: 'needs_response' });
    const row = await orderRow(order.id);
    expect(row.disputedAt).not.toBeNull();
    const audit = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(audit.map((entry) => entry.action)).toContain('dispute_opened');
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment_disputed'));
    expect(mails.some((mail) => mail.subject.includes(row.orderNumber))).toBe(true);
    await deliver({ ...dispute, id: `evt_${++eventCount}`, type: 'dispute.closed', status: 'won' });
    expect((await orderRow(order.id)).disputedAt).toBeNull();
    const rows = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'dispute')));
    expect(rows.map((r) => [r.providerRef, r.status])).toEqual([['dp_1', 'won']]);
  });
});
