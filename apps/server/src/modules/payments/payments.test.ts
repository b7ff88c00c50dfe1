import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { activityLogs, paymentMethods, payments } from '../../db/schema/index.js';
import { signTestWebhook, TEST_SIGNATURE_HEADER, testProvider } from './test-provider.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  customer = await signedIn(t.app, 'customer');
  other = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const line = (productId: string, quantity = 1) => ({ productId, size: 'M', color: 'Black', quantity });

/** Checkout session → order with its intent → confirm, as a storefront does. */
async function checkout(price: number, quantity = 1) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  const session = await call(t.app, 'POST', '/api/checkout/create-session', {
    token: customer.token,
    body: { items: [line(product.id, quantity)], shippingMethod: 'standard' },
  });
  expect(session.status).toBe(201);
  const intent = session.body.data.paymentIntent;
  const created = await call(t.app, 'POST', '/api/orders', {
    token: customer.token,
    body: orderBody([line(product.id, quantity)], { paymentIntentId: intent.id }),
  });
  return { product, session: session.body.data, intent, order: created.body.data.order };
}

describe('checkout sessions', () => {
  it('prices the cart and returns totals plus a payment intent, creating no order and reserving nothing', async () => {
    const { product } = await buildProduct(t.app.db, { price: 30, salePrice: 25 }, [
      { size: 'M', color: 'Black', quantity: 3 },
    ]);
    const response = await call(t.app, 'POST', '/api/checkout/create-session', {
      token: customer.token,
      body: { items: [line(product.id, 2)], shippingMethod: 'express' },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.totals).toEqual({ subtotal: 50, discount: 0, shipping: 14.99, tax: 4, total: 68.99 });
    expect(response.body.data.paymentIntent).toMatchObject({ amount: 68.99, status: 'requires_confirmation' });
    expect(response.body.data.paymentIntent.clientSecret).toMatch(/^pi_test_/);
    expect(await stockOf(t.app, product.id)).toEqual([3, 0]);
    const tooMany = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'g@example.com', items: [line(product.id, 4)] },
    });
    expect([tooMany.status, tooMany.body.message]).toEqual([409, `Insufficient stock for ${product.name} (M/Black)`]);
    const guest = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'g@example.com', items: [line(product.id, 1)] },
    });
    expect(guest.body.data.totals.total).toBe(32.99);
    expect((await call(t.app, 'POST', '/api/checkout/create-guest-session', { body: { items: [] } })).status).toBe(400);
    expect((await call(t.app, 'POST', '/api/checkout/create-session', { body: {} })).status).toBe(401);
  });

  it('calculate-shipping and shipping-methods', async () => {
    const { product } = await buildProduct(t.app.db, { price: 120 });
    const shipping = await call(t.app, 'POST', '/api/orders/calculate-shipping', {
      body: { items: [line(product.id)], shippingAddress: orderBody([]).shippingAddress },
    });
    expect(shipping.body.data).toMatchObject({ shippingMethod: 'standard', shipping: 0, subtotal: 120 });
    const methods = await call(t.app, 'POST', '/api/orders/shipping-methods', {
      body: { shippingAddress: orderBody([]).shippingAddress },
    });
    expect(methods.body.data.methods.map((m: { id: string; cost: number }) => [m.id, m.cost])).toEqual([
      ['standard', 5.99],
      ['express', 14.99],
      ['overnight', 29.99],
    ]);
  });
});

describe('payments', () => {
  it('confirming pays the order, confirms it and commits its stock; a replay changes nothing', async () => {
    const { product, intent, order } = await checkout(20);
    expect(intent.amount).toBe(order.total);
    const send = () =>
      call(t.app, 'POST', '/api/payments/confirm', {
        token: customer.token,
        body: { orderId: order.id, paymentIntentId: intent.id },
        headers: { 'idempotency-key': `pay-${order.id}` },
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Payment confirmed');
    expect(first.body.data.order).toMatchObject({
      paymentStatus: 'paid',
      status: 'confirmed',
      stockState: 'committed',
    });
    expect(await stockOf(t.app, product.id)).toEqual([9, 0]);
    const replay = await send();
    expect(replay.body).toEqual(first.body);
    expect(await stockOf(t.app, product.id)).toEqual([9, 0]);
    const again = await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: intent.id },
    });
    expect([again.status, again.body.message]).toEqual([409, 'This order is already paid.']);
  });

  it('a declined payment (cents .02) leaves the order unpaid and the stock reserved until cancelled', async () => {
    // 18.55 + 5.99 shipping + 1.48 tax (8% of 18.55 = 1.484) = 26.02.
    const { product, intent, order } = await checkout(18.55);
    expect(order.total).toBe(26.02);
    const declined = await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: intent.id },
    });
    expect([declined.status, declined.body.code, declined.body.message]).toEqual([
      402,
      'PAYMENT_DECLINED',
      'Your card was declined.',
    ]);
    const after = await call(t.app, 'GET', `/api/orders/${order.id}`, { token: customer.token });
    expect(after.body.data.order).toMatchObject({ paymentStatus: 'failed', status: 'pending', stockState: 'reserved' });
    expect(await stockOf(t.app, product.id)).toEqual([10, 1]);
    await call(t.app, 'DELETE', `/api/orders/${order.id}`, { token: customer.token });
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
  });

  it('a declined payment under an Idempotency-Key replays the same 402 and declines nothing twice', async () => {
    const { intent, order } = await checkout(18.55);
    const send = () =>
      call(t.app, 'POST', '/api/payments/confirm', {
        token: customer.token,
        body: { orderId: order.id, paymentIntentId: intent.id },
        headers: { 'idempotency-key': `declined-${order.id}` },
      });
    const first = await send();
    expect(first.status).toBe(402);
    expect(first.body).toEqual({
      success: false,
      error: 'Your card was declined.',
      message: 'Your card was declined.',
      code: 'PAYMENT_DECLINED',
    });
    const replay = await send();
    expect([replay.status, replay.body]).toEqual([402, first.body]);
    const after = await call(t.app, 'GET', `/api/orders/${order.id}`, { token: customer.token });
    expect(after.body.data.order.paymentStatus).toBe('failed');
    const spec = (await call(t.app, 'GET', '/api/openapi.json')).body;
    const confirm = spec.paths['/api/payments/confirm'].post;
    expect(confirm.operationId).toBe('confirmPayment');
    expect(confirm.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false })]),
    );
    expect(Object.keys(confirm.responses)).toEqual(expect.arrayContaining(['200', '402', '404', '409', '422']));
  });

  it('refunding a paid order refunds through the provider and returns the stock', async () => {
    const { product, intent, order } = await checkout(40);
    await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: intent.id },
    });
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'delivered', paymentStatus: 'paid' },
    });
    const refunded = await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'refunded', paymentStatus: 'paid' },
    });
    expect(refunded.body.data.order).toMatchObject({
      status: 'refunded',
      paymentStatus: 'refunded',
      stockState: 'released',
    });
    expect(await stockOf(t.app, product.id)).toEqual([10, 0]);
    const rows = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => [r.kind, r.status, r.amount]).sort()).toEqual([
      ['charge', 'succeeded', order.total],
      ['refund', 'succeeded', order.total],
    ]);
  });

  it('only the owner, staff, or a guest with its e-mail may confirm; the intent must match the order', async () => {
    const { intent, order } = await checkout(10);
    const stranger = await call(t.app, 'POST', '/api/payments/confirm', {
      token: other.token,
      body: { orderId: order.id, paymentIntentId: intent.id },
    });
    expect([stranger.status, stranger.body.message]).toEqual([404, 'Order not found']);
    const wrongIntent = await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: 'pi_test_nope' },
    });
    expect([wrongIntent.status, wrongIntent.body.message]).toEqual([404, 'Payment intent not found']);
    const loose = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
      token: customer.token,
      body: { amount: 1 },
    });
    const mismatch = await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: order.id, paymentIntentId: loose.body.data.paymentIntent.id },
    });
    expect([mismatch.status, mismatch.body.message]).toEqual([
      400,
      'The payment amount does not match the order total',
    ]);
    expect(
      (await call(t.app, 'POST', '/api/payments/create-payment-intent', { token: customer.token, body: { amount: 0 } }))
        .body.message,
    ).toBe('Amount must be greater than 0.');

    const { product } = await buildProduct(t.app.db, { price: 10 });
    const guestOrder = await call(t.app, 'POST', '/api/orders/guest', {
      body: orderBody([line(product.id)], { email: 'payer@example.com' }),
    });
    const placed = guestOrder.body.data.order;
    // Someone else's intent, even for the right amount, is not the guest's to pay with.
    const customersIntent = await call(t.app, 'POST', '/api/payments/create-payment-intent', {
      token: customer.token,
      body: { amount: placed.total },
    });
    const body = { orderId: placed.id, paymentIntentId: customersIntent.body.data.paymentIntent.id };
    expect((await call(t.app, 'POST', '/api/payments/confirm', { body })).status).toBe(404);
    const refused = await call(t.app, 'POST', '/api/payments/confirm', {
      body: { ...body, email: 'payer@example.com' },
    });
    expect([refused.status, refused.body.message]).toEqual([404, 'Payment intent not found']);
    // The guest's own checkout intent pays it.
    const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'payer@example.com', items: [line(product.id)] },
    });
    const own = { orderId: placed.id, paymentIntentId: session.body.data.paymentIntent.id, email: 'payer@example.com' };
    const paid = await call(t.app, 'POST', '/api/payments/confirm', { body: own });
    expect(paid.body.data.order.paymentStatus).toBe('paid');
  });

  it('staff taking a payment write one activity row (failure when declined); a customer paying writes none', async () => {
    const logsOf = (orderId: string) =>
      t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, orderId));
    const paidByCustomer = await checkout(20);
    await call(t.app, 'POST', '/api/payments/confirm', {
      token: customer.token,
      body: { orderId: paidByCustomer.order.id, paymentIntentId: paidByCustomer.intent.id },
    });
    expect(await logsOf(paidByCustomer.order.id)).toEqual([]);

    const declinedForStaff = await checkout(18.55);
    const declined = await call(t.app, 'POST', '/api/payments/confirm', {
      token: admin.token,
      body: { orderId: declinedForStaff.order.id, paymentIntentId: declinedForStaff.intent.id },
    });
    expect(declined.status).toBe(402);
    expect(await logsOf(declinedForStaff.order.id)).toMatchObject([
      {
        userId: admin.user.id,
        action: 'confirm_payment',
        status: 'failure',
        details: { changes: { paymentStatus: { before: 'pending', after: 'failed' } } },
      },
    ]);

    const paidByStaff = await checkout(30);
    await call(t.app, 'POST', '/api/payments/confirm', {
      token: admin.token,
      body: { orderId: paidByStaff.order.id, paymentIntentId: paidByStaff.intent.id },
    });
    expect(await logsOf(paidByStaff.order.id)).toMatchObject([
      {
        action: 'confirm_payment',
        status: 'success',
        details: {
          changes: {
            status: { before: 'pending', after: 'confirmed' },
            paymentStatus: { before: 'pending', after: 'paid' },
          },
        },
      },
    ]);
  });
});

describe('saved payment methods', () => {
  it('stores only the provider token and last 4; lists and deletes own methods only', async () => {
    const added = await call(t.app, 'POST', '/api/payments/methods', {
      token: customer.token,
      body: {
        token: 'tok_visa_123',
        last4: '4242',
        brand: 'visa',
        expMonth: 12,
        expYear: 2030,
        cardNumber: '4242424242424242',
      },
    });
    expect(added.status).toBe(201);
    expect(added.body.data.method).toMatchObject({ last4: '4242', brand: 'visa', provider: 'test' });
    expect(JSON.stringify(added.body)).not.toContain('tok_visa_123');
    const [row] = await t.app.db.select().from(paymentMethods).where(eq(paymentMethods.id, added.body.data.method.id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const bad = await call(t.app, 'POST', '/api/payments/methods', {
      token: customer.token,
      body: { token: 't', last4: '42' },
    });
    expect([bad.status, bad.body.message]).toEqual([400, 'Last 4 digits must be 4 digits.']);
    const list = await call(t.app, 'GET', '/api/payments/methods', { token: customer.token });
    expect(list.body.data.methods).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/payments/methods', { token: other.token })).body.data.methods).toHaveLength(
      0,
    );
    const id = added.body.data.method.id;
    expect((await call(t.app, 'DELETE', `/api/payments/methods/${id}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/payments/methods/${id}`, { token: customer.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/payments/methods')).status).toBe(401);
  });
});

describe('the test provider', () => {
  it('declines amounts ending in .02 and the declined test card, and verifies signed webhooks', async () => {
    const provider = testProvider('secret');
    expect((await provider.confirm!('pi', 2602)).status).toBe('declined');
    expect((await provider.confirm!('pi', 2601)).status).toBe('succeeded');
    expect((await provider.confirm!('pi', 2601, 'tok_test_0002')).status).toBe('declined');
    expect((await provider.confirm!('pi', 2601, 'tok_test_4242')).status).toBe('succeeded');
    const payload = Buffer.from(JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', intentId: 'pi_1' }));
    const signature = signTestWebhook('secret', payload.toString());
    expect(await provider.parseWebhook(payload, { [TEST_SIGNATURE_HEADER]: signature })).toMatchObject({
      type: 'payment.succeeded',
      intentId: 'pi_1',
    });
    expect(await provider.parseWebhook(payload, { [TEST_SIGNATURE_HEADER]: 'forged' })).toBeNull();
    expect(await provider.parseWebhook(payload, {})).toBeNull();
  });
});
