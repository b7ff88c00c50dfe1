import { DECLINED_TEST_CARD_TOKEN } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const line = (productId: string, quantity = 1, size = 'M', color = 'Black') => ({ productId, size, color, quantity });

describe('the storefront cart', () => {
  it('calculate-shipping answers the lines at the server prices with the totals', async () => {
    const { product } = await buildProduct(t.app.db, { price: 40, salePrice: 30 });
    const priced = await call(t.app, 'POST', '/api/orders/calculate-shipping', {
      body: { items: [line(product.id, 2)], shippingMethod: 'express' },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.data.items).toEqual([
      expect.objectContaining({ productId: product.id, slug: product.slug, price: 30, quantity: 2, total: 60 }),
    ]);
    expect(priced.body.data).toMatchObject({ subtotal: 60, shipping: 14.99, tax: 4.8, total: 79.79 });
  });

  it('names every line the catalogue refuses in details, by its index in the cart', async () => {
    const { product: few } = await buildProduct(t.app.db, { name: 'Few Tee' }, [
      { size: 'M', color: 'Black', quantity: 2 },
    ]);
    const { product: plenty } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 50 }]);
    // Two lines of the same short variant both fail; the plentiful line does not.
    const short = await call(t.app, 'POST', '/api/orders/calculate-shipping', {
      body: { items: [line(few.id, 2), line(plenty.id, 1), line(few.id, 1)] },
    });
    const stockMessage = 'Insufficient stock for Few Tee (M/Black)';
    expect([short.status, short.body.code, short.body.message]).toEqual([409, 'INSUFFICIENT_STOCK', stockMessage]);
    expect(short.body.details).toEqual([
      { field: 'items.0', message: stockMessage },
      { field: 'items.2', message: stockMessage },
    ]);
    const missing = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email: 'g@example.com', items: [line(plenty.id, 1), line(few.id, 1, 'XL', 'Red')] },
    });
    expect([missing.status, missing.body.details]).toEqual([
      400,
      [{ field: 'items.1', message: 'Few Tee is not available in XL/Red' }],
    ]);
  });
});

describe('paying with the test cards', () => {
  it('the declined test card is refused; the same order is then paid with a good card under a new key', async () => {
    const { product } = await buildProduct(t.app.db, { price: 20 });
    const email = 'card.retry@example.com';
    const session = await call(t.app, 'POST', '/api/checkout/create-guest-session', {
      body: { email, items: [line(product.id, 1)] },
    });
    const intent = session.body.data.paymentIntent;
    const created = await call(t.app, 'POST', '/api/orders/guest', {
      body: { ...orderBody([line(product.id, 1)], { paymentIntentId: intent.id }), email },
      headers: { 'idempotency-key': 'order-attempt-1' },
    });
    expect(created.status).toBe(201);
    const order = created.body.data.order;
    const pay = (paymentMethod: string, key: string) =>
      call(t.app, 'POST', '/api/payments/confirm', {
        body: { orderId: order.id, paymentIntentId: intent.id, email, paymentMethod },
        headers: { 'idempotency-key': key },
      });
    const declined = await pay(DECLINED_TEST_CARD_TOKEN, 'pay-attempt-1');
    expect([declined.status, declined.body.message]).toEqual([402, 'Your card was declined.']);
    expect(await stockOf(t.app, product.id)).toEqual([10, 1]);
    const paid = await pay('tok_test_4242', 'pay-attempt-2');
    expect(paid.status).toBe(200);
    expect(paid.body.data.order).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    expect(await stockOf(t.app, product.id)).toEqual([9, 0]);
    // A replay of either attempt answers what it answered first and charges nothing again.
    expect((await pay(DECLINED_TEST_CARD_TOKEN, 'pay-attempt-1')).status).toBe(402);
    expect((await pay('tok_test_4242', 'pay-attempt-2')).body).toEqual(paid.body);
    expect(await stockOf(t.app, product.id)).toEqual([9, 0]);
  });
});
