import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { placeOrder, stockOf } from '../../../test/orders.js';
import { paymentSettings, paymentsEnvSchema } from '../../config-payments.js';
import { activityLogs, events, orders, payments } from '../../db/schema/index.js';
import { refundThroughProvider, testProviderRefunds } from '../payments/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;

// Settings → Payments reads the environment: Stripe, PayPal, cash and bank transfer all configured, with secrets.
const SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_secret_never_shown_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_never_shown_456',
  PAYPAL_CLIENT_SECRET: 'paypal_client_secret_never_shown_789',
};
const env = paymentsEnvSchema.parse({
  ...SECRETS,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_public_abc',
  PAYPAL_CLIENT_ID: 'paypal-client-id-public',
  PAYPAL_WEBHOOK_ID: 'WH-123',
  CASH_ON_DELIVERY: '1',
  CASH_ON_DELIVERY_MAX_TOTAL: '250',
  BANK_TRANSFER_ACCOUNT_NAME: 'Seamline Ltd',
  BANK_TRANSFER_IBAN: 'DE89 3704 0044 0532 0130 00',
  BANK_TRANSFER_DAYS: '5',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  support = await signedIn(t.app, 'support');
  customer = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

/** An order placed by the customer and paid with the test provider (staff take the payment). */
async function paidOrder(price = 100) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 20 }]);
  const order = await placeOrder(t.app, customer.token, [
    { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
  ]);
  const intent = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
    token: customer.token,
    body: { amount: order.total, orderId: order.id },
  });
  const intentId = intent.body.data.paymentIntent.id as string;
  const paid = await call(t.app, 'POST', '/api/payments/confirm', {
    token: customer.token,
    body: { orderId: order.id, paymentIntentId: intentId },
  });
  expect(paid.status).toBe(200);
  return { product, order: { id: order.id as string, total: order.total as number }, intentId };
}

const refund = (orderId: string, body: unknown, headers: Record<string, string> = {}, token = support.token) =>
  call(t.app, 'POST', `/api/admin/orders/${orderId}/refunds`, { token, body, headers });

const timeline = (orderId: string, token = support.token) =>
  call(t.app, 'GET', `/api/admin/orders/${orderId}/payments`, { token });

describe('the payment timeline', () => {
  it('lists the charge with its provider id and the totals; 404 for a missing order, 403 for a customer', async () => {
    const { order, intentId } = await paidOrder(50);
    const answer = await timeline(order.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      payments: [
        expect.objectContaining({
          kind: 'charge',
          provider: 'test',
          providerId: intentId,
          amount: order.total,
          status: 'succeeded',
          dashboardUrl: null,
        }),
      ],
      captured: order.total,
      refunded: 0,
      refundable: order.total,
      outstanding: 0,
    });
    const missing = await timeline('65f1c0ffee0000000000abcd');
    expect([missing.status, missing.body.message]).toEqual([404, 'Order not found']);
    expect((await timeline(order.id, customer.token)).status).toBe(403);
  });
});

describe('staff refunds', () => {
  it('refunds part, then the rest: partially_refunded, then refunded with the stock back; logged and evented', async () => {
    const { order, intentId, product } = await paidOrder(100);
    const first = await refund(order.id, { amount: 30, reason: 'Late delivery' });
    expect(first.status).toBe(200);
    expect(first.body.data.order).toMatchObject({ paymentStatus: 'partially_refunded', status: 'confirmed' });
    expect(first.body.data.payments).toMatchObject({ captured: order.total, refunded: 30 });
    const [row] = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(row).toMatchObject({
      provider: 'test',
      intentId,
      amount: 30,
      status: 'succeeded',
      message: 'Late delivery',
      recordedBy: support.user.id,
    });
    expect(row!.providerRef).toMatch(/^re_test_/);
    expect(row!.idempotencyKey).toMatch(/^refund:/);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.filter((log) => log.action === 'refund')).toHaveLength(1);
    const refundedEvents = await t.app.db
      .select()
      .from(events)
      .where(and(eq(events.objectId, order.id), eq(events.type, 'order.refunded')));
    expect(refundedEvents).toHaveLength(1);

    const rest = order.total - 30;
    const tooMuch = await refund(order.id, { amount: rest + 0.01 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      409,
      `Only $${rest.toFixed(2)} of this order can still be refunded.`,
    ]);
    const second = await refund(order.id, { amount: rest });
    expect(second.status).toBe(200);
    expect(second.body.data.order).toMatchObject({
      paymentStatus: 'refunded',
      status: 'refunded',
      stockState: 'released',
    });
    expect(second.body.data.payments).toMatchObject({ refunded: order.total, refundable: 0, outstanding: 0 });
    expect(await stockOf(t.app, product.id)).toEqual([20, 0]);
    const none = await refund(order.id, { amount: 1 });
    expect([none.status, none.body.message]).toEqual([409, 'Nothing is left to refund on this order.']);
    expect(testProviderRefunds(intentId)).toHaveLength(2);
  });

  it('10 parallel refunds of 60 % of the capture: exactly one refunds, the others are told what is left', async () => {
    const { order, intentId } = await paidOrder(200);
    const amount = Math.round(order.total * 60) / 100;
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(order.id, { amount })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const left = (Math.round(order.total * 100) - Math.round(amount * 100)) / 100;
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.message).toBe(`Only $${left.toFixed(2)} of this order can still be refunded.`);
    const rows = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, 'refund')));
    expect(rows.map((r) => r.amount)).toEqual([amount]);
    expect(testProviderRefunds(intentId)).toHaveLength(1);
    const [saved] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved!.paymentStatus).toBe('partially_refunded');
  });

  it('a retried request with the same Idempotency-Key answers the first refund and refunds nothing more', async () => {
    const { order, intentId } = await paidOrder(80);
    const headers = { 'idempotency-key': 'refund-retry-1' };
    const first = await refund(order.id, { amount: 20, reason: 'Goodwill' }, headers);
    const again = await refund(order.id, { amount: 20, reason: 'Goodwill' }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(testProviderRefunds(intentId)).toHaveLength(1);
    const other = await refund(order.id, { amount: 21, reason: 'Goodwill' }, headers);
    expect(other.status).toBe(422);
  });

  it('a provider refusal answers 502 and records nothing (the test provider refuses refunds ending in .03)', async () => {
    const { order, intentId } = await paidOrder(100);
    const refused = await refund(order.id, { amount: 10.03 });
    expect([refused.status, refused.body.message]).toEqual([
      502,
      'The payment provider refused the refund. Nothing was refunded; please try again later.',
    ]);
    const rows = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => r.kind)).toEqual(['charge']);
    const [saved] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(saved!.paymentStatus).toBe('paid');
    expect(testProviderRefunds(intentId)).toHaveLength(0);
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, order.id));
    expect(logs.filter((log) => log.action === 'refund')).toHaveLength(0);
  });

  it('a provider that does not answer in time, or cannot be reached, refunds nothing (502)', async () => {
    const { order } = await paidOrder(30);
    const real = t.app.payments.byName('test')!;
    // Stand-ins for the provider's side: one that never answers, one whose connection fails.
    const silent = { ...real, refund: () => new Promise<never>(() => {}) };
    const unreachable = {
      ...real,
      refund: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const attempt = (provider: typeof real) =>
      t.app.db.transaction((tx) => refundThroughProvider(tx, provider, order.id, 1000, { timeoutMs: 50 }));
    await expect(attempt(silent)).rejects.toMatchObject({
      statusCode: 502,
      message: 'The payment provider did not answer the refund in time. Nothing was refunded; please try again later.',
    });
    await expect(attempt(unreachable)).rejects.toMatchObject({
      statusCode: 502,
      message:
        'The payment provider could not be reached for the refund. Nothing was refunded; please try again later.',
    });
    const rows = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => r.kind)).toEqual(['charge']);
  });

  it('money staff recorded by hand is refunded as a manual refund staff pay back themselves', async () => {
    const { product } = await buildProduct(t.app.db, { price: 40 }, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const order = await placeOrder(t.app, customer.token, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
    ]);
    await call(t.app, 'PUT', `/api/admin/orders/${order.id}/status`, {
      token: admin.token,
      body: { paymentStatus: 'paid' },
    });
    await t.app.db.insert(payments).values({
      orderId: order.id,
      provider: 'manual',
      method: 'cash',
      intentId: 'manual-cash-1',
      providerRef: 'RCPT-1',
      amount: order.total,
      status: 'succeeded',
      kind: 'manual',
      recordedBy: admin.user.id,
    });
    const answer = await refund(order.id, { amount: 15, reason: 'Wrong size' });
    expect(answer.status).toBe(200);
    const manual = answer.body.data.payments.payments.find((p: { kind: string }) => p.kind === 'refund');
    expect(manual).toMatchObject({
      provider: 'manual',
      amount: 15,
      status: 'succeeded',
      message: 'Wrong size (to pay back by hand)',
      dashboardUrl: null,
    });
    expect(answer.body.data.order.paymentStatus).toBe('partially_refunded');
  });

  it('the status dialog and cancelling still refund what is left, after a partial staff refund', async () => {
    const { order, intentId } = await paidOrder(60);
    await refund(order.id, { amount: 10 });
    const cancelled = await call(t.app, 'PUT', `/api/orders/${order.id}/cancel`, { token: admin.token, body: {} });
    expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const after = await timeline(order.id);
    expect(after.body.data).toMatchObject({ refunded: order.total, refundable: 0 });
    expect(testProviderRefunds(intentId).map((r) => r.amountCents)).toEqual([
      1000,
      Math.round(order.total * 100) - 1000,
    ]);
  });
});

describe('Settings → Payments', () => {
  it('shows each method from the environment and never a secret; admins only', async () => {
    const configured = await createTestApp({ payments: paymentSettings(env), publicUrl: 'https://shop.example.com' });
    try {
      const owner = await signedIn(configured.app, 'admin');
      const answer = await call(configured.app, 'GET', '/api/admin/settings/payments', { token: owner.token });
      expect(answer.status).toBe(200);
      const text = JSON.stringify(answer.body);
      for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
      expect(text).not.toContain('DE89370400440532013000');
      const byMethod = Object.fromEntries(
        answer.body.data.methods.map((m: { method: string }) => [m.method, m]),
      ) as Record<
        string,
        { enabled: boolean; provider: string; mode: string; details: { label: string; value: string }[] }
      >;
      expect(byMethod.stripe).toMatchObject({ enabled: true, provider: 'stripe', mode: 'test' });
      expect(byMethod.stripe!.details).toEqual(
        expect.arrayContaining([
          { label: 'Webhook URL', value: 'https://shop.example.com/api/payments/webhooks/stripe' },
          { label: 'Publishable key', value: 'pk_test_public_abc' },
        ]),
      );
      expect(byMethod.paypal).toMatchObject({ enabled: true, provider: 'paypal', mode: 'test' });
      expect(byMethod.paypal!.details).toEqual(
        expect.arrayContaining([
          { label: 'Webhook URL', value: 'https://shop.example.com/api/payments/webhooks/paypal' },
        ]),
      );
      expect(byMethod.cash!.details).toEqual(
        expect.arrayContaining([{ label: 'Largest order total', value: '$250.00' }]),
      );
      expect(byMethod.bank_transfer!.details).toEqual(
        expect.arrayContaining([
          { label: 'IBAN', value: '•••• 3000' },
          { label: 'Days to pay', value: '5' },
        ]),
      );
      const moderator = await signedIn(configured.app, 'moderator');
      expect(
        (await call(configured.app, 'GET', '/api/admin/settings/payments', { token: moderator.token })).status,
      ).toBe(403);
    } finally {
      await configured.close();
    }
  });

  it('without Stripe, cards go through the test provider in test mode; the other methods are off', async () => {
    const answer = await call(t.app, 'GET', '/api/admin/settings/payments', { token: admin.token });
    expect(
      answer.body.data.methods.map(
        (m: { method: string; enabled: boolean; provider: string | null; mode: string | null }) => [
          m.method,
          m.enabled,
          m.provider,
          m.mode,
        ],
      ),
    ).toEqual([
      ['stripe', true, 'test', 'test'],
      ['paypal', false, null, null],
      ['cash', false, null, null],
      ['bank_transfer', false, null, null],
    ]);
  });
});
