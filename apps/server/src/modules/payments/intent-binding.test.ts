import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { orders, payments } from '../../db/schema/index.js';

/*
 * A payment intent belongs to whoever created it (the signed-in user, or the guest by their checkout e-mail) and to
 * the order it was created for or placed with. Creating, binding or confirming one for someone else's order, or with
 * someone else's intent, answers 404 and writes nothing.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let alice: Awaited<ReturnType<typeof signedIn>>;
let bob: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  alice = await signedIn(t.app, 'customer');
  bob = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const INTENT_NOT_FOUND = [404, 'Payment intent not found'];
const ORDER_NOT_FOUND = [404, 'Order not found'];
const answer = (res: { status: number; body: { message?: string } }) => [res.status, res.body.message];

async function product(price = 20) {
  const { product } = await buildProduct(t.app.db, { price }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  return product.id;
}
const items = (productId: string) => [{ productId, size: 'M', color: 'Black', quantity: 1 }];

/** A signed-in customer's checkout session intent for one unit of the product. */
async function sessionIntent(token: string, productId: string) {
  const res = await call(t.app, 'POST', '/api/checkout/create-session', {
    token,
    body: { items: items(productId), shippingMethod: 'standard' },
  });
  expect(res.status).toBe(201);
  return res.body.data.paymentIntent as { id: string; amount: number };
}

async function guestSessionIntent(email: string, productId: string) {
  const res = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
    body: { email, items: items(productId) },
  });
  expect(res.status).toBe(201);
  return res.body.data.paymentIntent as { id: string; amount: number };
}

const customerOrder = (token: string, productId: string, extra = {}) =>
  call(t.app, 'POST', '/api/orders', { token, body: orderBody(items(productId), extra) });
const guestOrder = (email: string, productId: string, extra = {}) =>
  call(t.app, 'POST', '/api/orders/guest', { body: orderBody(items(productId), { email, ...extra }) });
const confirm = (body: Record<string, unknown>, token?: string) =>
  call(t.app, 'POST', '/api/payments/confirm', { token, body });
const createIntent = (token: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/payments/create-payment-intent', { token, body });

const intentRow = async (intentId: string) =>
  (await t.app.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;
const paymentCount = async () => (await t.app.db.select({ id: payments.id }).from(payments)).length;
const ordersOf = (customerId: string) => t.app.db.select().from(orders).where(eq(orders.customerId, customerId));

describe('creating an intent for an order', () => {
  it("another customer's order, or a guest's: 404, and no intent is created", async () => {
    const productId = await product();
    const alicesOrder = (await customerOrder(alice.token, productId)).body.data.order;
    const guests = (await guestOrder('someone@example.com', productId)).body.data.order;
    const before = await paymentCount();
    for (const order of [alicesOrder, guests])
      expect(answer(await createIntent(bob.token, { amount: order.total, orderId: order.id }))).toEqual(
        ORDER_NOT_FOUND,
      );
    expect(answer(await createIntent(bob.token, { amount: 10, orderId: 'f'.repeat(24) }))).toEqual(ORDER_NOT_FOUND);
    expect(await paymentCount()).toBe(before);
  });

  it('for their own order: bound to the order and to them, and it pays the order', async () => {
    const productId = await product();
    const order = (await customerOrder(alice.token, productId)).body.data.order;
    const created = await createIntent(alice.token, { amount: order.total, orderId: order.id });
    expect(created.status).toBe(201);
    const intentId = created.body.data.paymentIntent.id;
    expect(await intentRow(intentId)).toMatchObject({ orderId: order.id, createdBy: alice.user.id });
    // Bound to that order: it pays no other one, not even another of Alice's for the same total.
    const second = (await customerOrder(alice.token, productId)).body.data.order;
    expect(answer(await confirm({ orderId: second.id, paymentIntentId: intentId }, alice.token))).toEqual(
      INTENT_NOT_FOUND,
    );
    const paid = await confirm({ orderId: order.id, paymentIntentId: intentId }, alice.token);
    expect([paid.status, paid.body.data.order.paymentStatus]).toEqual([200, 'paid']);
  });

  it('staff may create one for any order', async () => {
    const productId = await product();
    const order = (await customerOrder(alice.token, productId)).body.data.order;
    const created = await createIntent(admin.token, { amount: order.total, orderId: order.id });
    expect(created.status).toBe(201);
    expect(await intentRow(created.body.data.paymentIntent.id)).toMatchObject({
      orderId: order.id,
      createdBy: admin.user.id,
    });
  });
});

describe("using someone else's intent (registered customers)", () => {
  it("confirming one's own order with another customer's intent: 404, the order stays unpaid, the intent untouched", async () => {
    const productId = await product();
    const order = (await customerOrder(bob.token, productId)).body.data.order;
    const alicesIntent = (await createIntent(alice.token, { amount: order.total })).body.data.paymentIntent.id;
    expect(answer(await confirm({ orderId: order.id, paymentIntentId: alicesIntent }, bob.token))).toEqual(
      INTENT_NOT_FOUND,
    );
    const after = (await t.app.db.select().from(orders).where(eq(orders.id, order.id)))[0]!;
    expect([after.paymentStatus, after.status]).toEqual(['pending', 'pending']);
    expect(await intentRow(alicesIntent)).toMatchObject({ orderId: null, status: 'requires_confirmation' });
  });

  it("placing an order with another customer's checkout intent: 404 and no order", async () => {
    const productId = await product();
    const alicesIntent = await sessionIntent(alice.token, productId);
    const bobsOrders = (await ordersOf(bob.user.id)).length;
    const res = await customerOrder(bob.token, productId, { paymentIntentId: alicesIntent.id });
    expect(answer(res)).toEqual(INTENT_NOT_FOUND);
    expect(await ordersOf(bob.user.id)).toHaveLength(bobsOrders);
    expect(await stockOf(t.app, productId)).toEqual([10, 0]);
    expect((await intentRow(alicesIntent.id)).orderId).toBeNull();
    // Alice still places and pays with it.
    const mine = await customerOrder(alice.token, productId, { paymentIntentId: alicesIntent.id });
    expect(mine.status).toBe(201);
    const paid = await confirm({ orderId: mine.body.data.order.id, paymentIntentId: alicesIntent.id }, alice.token);
    expect(paid.status).toBe(200);
  });

  it('placing an order with an own intent for another amount: 409 and no order (it could never pay it)', async () => {
    const productId = await product();
    const loose = (await createIntent(alice.token, { amount: 1 })).body.data.paymentIntent.id;
    const before = (await ordersOf(alice.user.id)).length;
    const res = await customerOrder(alice.token, productId, { paymentIntentId: loose });
    expect(answer(res)).toEqual([409, 'The payment amount does not match the order total']);
    expect(await ordersOf(alice.user.id)).toHaveLength(before);
    expect(await stockOf(t.app, productId)).toEqual([10, 0]);
    expect((await intentRow(loose)).orderId).toBeNull();
  });

  it('one intent placed with 5 parallel orders of its owner binds exactly one; the others place nothing', async () => {
    const productId = await product();
    const intent = await sessionIntent(alice.token, productId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => customerOrder(alice.token, productId, { paymentIntentId: intent.id })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of results.filter((r) => r.status !== 201)) expect(answer(refused)).toEqual(INTENT_NOT_FOUND);
    expect(await stockOf(t.app, productId)).toEqual([10, 1]);
    expect((await intentRow(intent.id)).orderId).toBe(results.find((r) => r.status === 201)!.body.data.order.id);
  });

  it("staff confirm an order with the intent bound to it, but not with another customer's loose intent", async () => {
    const productId = await product();
    const intent = await sessionIntent(alice.token, productId);
    const order = (await customerOrder(alice.token, productId, { paymentIntentId: intent.id })).body.data.order;
    const other = (await customerOrder(alice.token, productId)).body.data.order;
    const bobsIntent = (await createIntent(bob.token, { amount: other.total })).body.data.paymentIntent.id;
    expect(answer(await confirm({ orderId: other.id, paymentIntentId: bobsIntent }, admin.token))).toEqual(
      INTENT_NOT_FOUND,
    );
    expect((await confirm({ orderId: order.id, paymentIntentId: intent.id }, admin.token)).status).toBe(200);
  });
});

describe("using someone else's intent (guests)", () => {
  it("a guest order placed with another guest's checkout intent: 404 and no order", async () => {
    const productId = await product();
    const intent = await guestSessionIntent('first@example.com', productId);
    const res = await guestOrder('second@example.com', productId, { paymentIntentId: intent.id });
    expect(answer(res)).toEqual(INTENT_NOT_FOUND);
    expect(await stockOf(t.app, productId)).toEqual([10, 0]);
    expect((await intentRow(intent.id)).orderId).toBeNull();
  });

  it("a guest order placed with a customer's intent, even under that customer's e-mail: 404", async () => {
    const productId = await product();
    const intent = await sessionIntent(alice.token, productId);
    expect(answer(await guestOrder(alice.user.email, productId, { paymentIntentId: intent.id }))).toEqual(
      INTENT_NOT_FOUND,
    );
    expect(await stockOf(t.app, productId)).toEqual([10, 0]);
  });

  it("confirming a guest order with another guest's intent: 404; with the guest's own, in any case: paid", async () => {
    const productId = await product();
    const own = await guestSessionIntent('Pat.Guest@Example.com', productId);
    const order = (await guestOrder('pat.guest@example.com', productId, { paymentIntentId: own.id })).body.data.order;
    expect((await intentRow(own.id)).orderId).toBe(order.id);
    const strangers = await guestSessionIntent('stranger@example.com', productId);
    const email = 'pat.guest@example.com';
    expect(answer(await confirm({ orderId: order.id, paymentIntentId: strangers.id, email }))).toEqual(
      INTENT_NOT_FOUND,
    );
    // The stranger, who created that intent, does not get at the guest's order either.
    expect(
      answer(await confirm({ orderId: order.id, paymentIntentId: strangers.id, email: 'stranger@example.com' })),
    ).toEqual(ORDER_NOT_FOUND);
    expect(await intentRow(strangers.id)).toMatchObject({ orderId: null, status: 'requires_confirmation' });
    const paid = await confirm({ orderId: order.id, paymentIntentId: own.id, email: 'PAT.GUEST@example.com' });
    expect([paid.status, paid.body.data.order.paymentStatus]).toEqual([200, 'paid']);
  });

  it("a customer cannot pay a guest's order with the guest's intent", async () => {
    const productId = await product();
    const intent = await guestSessionIntent('quiet.guest@example.com', productId);
    const order = (await guestOrder('quiet.guest@example.com', productId, { paymentIntentId: intent.id })).body.data
      .order;
    expect(answer(await confirm({ orderId: order.id, paymentIntentId: intent.id }, bob.token))).toEqual(
      ORDER_NOT_FOUND,
    );
    expect((await intentRow(intent.id)).status).toBe('requires_confirmation');
  });
});
