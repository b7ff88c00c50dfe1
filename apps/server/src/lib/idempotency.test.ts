import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { orderBody, stockOf } from '../../test/orders.js';

let t: TestApp;
let customer: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  customer = await signedIn(t.app, 'customer');
  other = await signedIn(t.app, 'customer');
});
afterAll(async () => t.close());

const line = (productId: string, quantity = 1) => ({ productId, size: 'M', color: 'Black', quantity });

async function stockedProduct() {
  const { product } = await buildProduct(t.app.db, { price: 20 }, [{ size: 'M', color: 'Black', quantity: 10 }]);
  return product;
}

/** A guest order with its payment intent, ready to be confirmed. */
async function guestOrder(email: string) {
  const product = await stockedProduct();
  const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
    body: { email, items: [line(product.id)] },
  });
  const intent = session.body.data.paymentIntent;
  const created = await call(t.app, 'POST', '/api/orders/guest', {
    body: { ...orderBody([line(product.id)], { paymentIntentId: intent.id }), email },
  });
  expect(created.status).toBe(201);
  return { intent, order: created.body.data.order };
}

describe('Idempotency-Key is bound to its caller', () => {
  it('a guest with another e-mail gets no replay of a payment and the normal access rule (404)', async () => {
    const { intent, order } = await guestOrder('first.guest@example.com');
    const key = `pay-${order.id}`;
    const send = (email: string) =>
      call(t.app, 'POST', '/api/payments/confirm', {
        body: { orderId: order.id, paymentIntentId: intent.id, email },
        headers: { 'idempotency-key': key },
      });
    const first = await send('first.guest@example.com');
    expect(first.status).toBe(200);
    const stranger = await send('someone.else@example.com');
    expect([stranger.status, stranger.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(JSON.stringify(stranger.body)).not.toContain(order.shippingAddress.phone);
    const anonymous = await call(t.app, 'POST', '/api/payments/confirm', {
      body: { orderId: order.id, paymentIntentId: intent.id },
      headers: { 'idempotency-key': key },
    });
    expect(anonymous.status).toBe(404);
    expect((await send('first.guest@example.com')).body).toEqual(first.body);
  });

  it("another customer replaying a customer's payment key gets no replay (404), not the order", async () => {
    const product = await stockedProduct();
    const session = await call(t.app, 'POST', '/api/checkout/create-session', {
      token: customer.token,
      body: { items: [line(product.id)], shippingMethod: 'standard' },
    });
    const intent = session.body.data.paymentIntent;
    const created = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id)], { paymentIntentId: intent.id }),
    });
    const order = created.body.data.order;
    const send = (token: string) =>
      call(t.app, 'POST', '/api/payments/confirm', {
        token,
        body: { orderId: order.id, paymentIntentId: intent.id },
        headers: { 'idempotency-key': 'shared-key-1' },
      });
    expect((await send(customer.token)).status).toBe(200);
    const replayed = await send(other.token);
    expect([replayed.status, replayed.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(replayed.body.data).toBeUndefined();
  });

  it('the same key from another customer creates their own order, not a replay of the first', async () => {
    const product = await stockedProduct();
    const send = (token: string) =>
      call(t.app, 'POST', '/api/orders', {
        token,
        body: orderBody([line(product.id)]),
        headers: { 'idempotency-key': 'same-key-two-customers' },
      });
    const mine = await send(customer.token);
    const theirs = await send(other.token);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.data.order.id).not.toBe(mine.body.data.order.id);
    expect(await stockOf(t.app, product.id)).toEqual([10, 2]);
  });

  it('a guest order key reused with another e-mail is not replayed', async () => {
    const product = await stockedProduct();
    const send = (email: string) =>
      call(t.app, 'POST', '/api/orders/guest', {
        body: { ...orderBody([line(product.id)]), email },
        headers: { 'idempotency-key': 'guest-key-1' },
      });
    const first = await send('a.guest@example.com');
    const second = await send('b.guest@example.com');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.data.order.id).not.toBe(first.body.data.order.id);
  });
});

describe('Idempotency-Key is bound to its request body', () => {
  it('the same key with a different body answers 422 IDEMPOTENCY_KEY_REUSED and creates nothing', async () => {
    const product = await stockedProduct();
    const send = (quantity: number) =>
      call(t.app, 'POST', '/api/orders', {
        token: customer.token,
        body: orderBody([line(product.id, quantity)]),
        headers: { 'idempotency-key': 'body-bound-key' },
      });
    const first = await send(1);
    expect(first.status).toBe(201);
    const changed = await send(3);
    expect([changed.status, changed.body.code, changed.body.success]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED', false]);
    expect(changed.body.message).toBe('This Idempotency-Key was already used with a different request.');
    expect(await stockOf(t.app, product.id)).toEqual([10, 1]);
    expect((await send(1)).body).toEqual(first.body);
  });

  it('parallel requests with one key and different bodies: one order, the others replay or get 422', async () => {
    const product = await stockedProduct();
    const results = await Promise.all(
      [1, 2, 1, 2, 1, 2].map((quantity) =>
        call(t.app, 'POST', '/api/orders', {
          token: other.token,
          body: orderBody([line(product.id, quantity)]),
          headers: { 'idempotency-key': 'parallel-mixed-key' },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(new Set(created.map((r) => r.body.data.order.id)).size).toBe(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 422)).toBe(true);
    expect(results.filter((r) => r.status === 422)).toHaveLength(3);
  });
});

describe('Idempotency-Key in the OpenAPI document', () => {
  it('says a key is bound to its caller and body', async () => {
    const document = await call(t.app, 'GET', '/api/openapi.json');
    for (const path of ['/api/orders', '/api/orders/guest', '/api/payments/confirm']) {
      const header = document.body.paths[path].post.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect(header?.description, path).toContain('IDEMPOTENCY_KEY_REUSED');
    }
  });
});
