import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, stockOf } from '../../../test/orders.js';
import { couponRedemptions, coupons } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

const line = (productId: string, quantity = 1) => ({ productId, size: 'M', color: 'Black', quantity });

async function newCoupon(overrides: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/api/admin/coupons', {
    token: admin.token,
    body: { name: 'Order test coupon', type: 'percentage', value: 10, ...overrides },
  });
  expect(res.status).toBe(201);
  return res.body.data.data as { id: string; code: string };
}
const couponRow = async (id: string) => (await t.app.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

describe('coupons on real orders', () => {
  it('a customer order shows the exact discount; usage and analytics follow; cancel gives the use back', async () => {
    const customer = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { price: 45 }, [{ size: 'M', color: 'Black', quantity: 20 }]);
    const coupon = await newCoupon({ value: 20 });
    const res = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id, 2)], { couponCode: coupon.code.toLowerCase() }),
    });
    expect(res.status).toBe(201);
    // 90 − 18 = 72 (< 100: standard shipping 5.99); tax 8% of 72 = 5.76.
    expect(res.body.data.order).toMatchObject({ subtotal: 90, discount: 18, shipping: 5.99, tax: 5.76, total: 83.75 });
    expect((await couponRow(coupon.id)).usedCount).toBe(1);
    const analytics = await call(t.app, 'GET', '/api/admin/coupons/analytics', { token: admin.token });
    expect(analytics.body.data.data.couponPerformance).toContainEqual(
      expect.objectContaining({ couponId: coupon.id, redemptions: 1, discountGiven: 18, revenue: 83.75 }),
    );

    const orderId = res.body.data.order.id;
    const cancel = await call(t.app, 'PUT', `/api/orders/${orderId}/cancel`, {
      token: customer.token,
      body: { reason: 'Changed my mind' },
    });
    expect(cancel.status).toBe(200);
    expect((await couponRow(coupon.id)).usedCount).toBe(0);
    const [redemption] = await t.app.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
    expect(redemption!.releasedAt).not.toBeNull();
  });

  it('refuses an order with an invalid code with the reason and writes nothing', async () => {
    const customer = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { price: 20 }, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const minimum = await newCoupon({ minOrderAmount: 50 });
    const res = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id)], { couponCode: minimum.code }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Minimum order amount of $50.00 required for this coupon');
    const unknown = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id)], { couponCode: 'NOSUCH00' }),
    });
    expect(unknown.body.message).toBe('Invalid coupon code');
    expect(await stockOf(t.app, product.id)).toEqual([5, 0]);
  });

  it('free_shipping zeroes shipping on the order', async () => {
    const customer = await signedIn(t.app, 'customer');
    const { product } = await buildProduct(t.app.db, { price: 30 }, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const coupon = await newCoupon({ type: 'free_shipping', value: 1 });
    const res = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([line(product.id)], { couponCode: coupon.code, shippingMethod: 'express' }),
    });
    expect(res.body.data.order).toMatchObject({ subtotal: 30, discount: 0, shipping: 0 });
  });

  it('usage limit 3 holds for 10 parallel orders; per-user limit 1 holds for one customer’s 5 parallel orders', async () => {
    const { product } = await buildProduct(t.app.db, { price: 10 }, [{ size: 'M', color: 'Black', quantity: 100 }]);
    const limited = await newCoupon({ usageLimit: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedIn(t.app, 'customer')));
    const results = await Promise.all(
      buyers.map((b) =>
        call(t.app, 'POST', '/api/orders', {
          token: b.token,
          body: orderBody([line(product.id)], { couponCode: limited.code }),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 400 || r.status === 409)).toBe(true);
    expect((await couponRow(limited.id)).usedCount).toBe(3);

    const perUser = await newCoupon({ usageLimit: 100, userUsageLimit: 1 });
    const one = await signedIn(t.app, 'customer');
    const mine = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t.app, 'POST', '/api/orders', {
          token: one.token,
          body: orderBody([line(product.id)], { couponCode: perUser.code }),
        }),
      ),
    );
    expect(mine.filter((r) => r.status === 201)).toHaveLength(1);
    expect(mine.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(
      Array(4).fill('You have already used this coupon the maximum number of times'),
    );
    expect((await couponRow(perUser.id)).usedCount).toBe(1);
  });
});
