import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.js';
import { applyCouponDiscount, recordCouponRedemption, releaseCouponRedemption } from './redemption.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const address = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '1 Loom St',
  city: 'London',
  state: 'LDN',
  zipCode: '10001',
  country: 'GB',
  phone: '555-0100',
};
const DAY = 86_400_000;

async function buildCoupon(db: Db, overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: randomBytes(4).toString('hex').toUpperCase(),
      name: 'Test coupon',
      type: 'percentage',
      value: 10,
      startDate: new Date(Date.now() - DAY),
      endDate: new Date(Date.now() + DAY),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * What order creation does with a coupon, in one transaction: count the use (locking the coupon), insert the order,
 * record the redemption. A refusal rolls the whole order back.
 */
async function placeOrderWithCoupon(db: Db, code: string, customerId: string | null, subtotal = 100) {
  return db.transaction(async (tx) => {
    const orderId = randomBytes(12).toString('hex');
    const guestEmail = customerId ? null : 'guest@example.com';
    const coupon = await applyCouponDiscount(tx, { code, customerId, guestEmail, subtotal, orderId });
    await tx.insert(orders).values({
      id: orderId,
      orderNumber: `ORD-TEST-${orderId.slice(0, 10)}`,
      customerId,
      guestEmail,
      subtotal,
      discount: coupon.discount,
      total: subtotal - coupon.discount,
      couponId: coupon.couponId,
      couponCode: coupon.couponCode,
      shippingAddress: address,
      billingAddress: address,
    });
    await recordCouponRedemption(tx, {
      orderId,
      couponId: coupon.couponId,
      customerId,
      guestEmail,
      discount: coupon.discount,
    });
    return { orderId, ...coupon };
  });
}

const usedCount = async (db: Db, id: string) =>
  (await db.select({ n: coupons.usedCount }).from(coupons).where(eq(coupons.id, id)))[0]!.n;
const redemptionsOf = (db: Db, id: string) =>
  db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, id));

describe('coupon redemption', () => {
  it('applies no coupon when no code is given', async () => {
    expect(await applyCouponDiscount(t.app.db, { code: undefined, customerId: null, subtotal: 50 })).toEqual({
      discount: 0,
      freeShipping: false,
      couponId: null,
      couponCode: null,
    });
  });

  it('prices without counting a use, counts it with an order, and gives it back once on cancel', async () => {
    const customer = await buildUser(t.app.db);
    const coupon = await buildCoupon(t.app.db, { value: 15, maxDiscount: 12 });
    const preview = await applyCouponDiscount(t.app.db, {
      code: coupon.code.toLowerCase(),
      customerId: customer.id,
      subtotal: 100,
    });
    expect(preview).toMatchObject({ discount: 12, couponId: coupon.id, couponCode: coupon.code });
    expect(await usedCount(t.app.db, coupon.id)).toBe(0);

    const order = await placeOrderWithCoupon(t.app.db, coupon.code, customer.id);
    expect(order.discount).toBe(12);
    expect(await usedCount(t.app.db, coupon.id)).toBe(1);
    const [redemption] = await redemptionsOf(t.app.db, coupon.id);
    expect(redemption).toMatchObject({
      orderId: order.orderId,
      customerId: customer.id,
      discountAmount: 12,
      releasedAt: null,
    });

    await releaseCouponRedemption(t.app.db, order.orderId);
    await releaseCouponRedemption(t.app.db, order.orderId);
    expect(await usedCount(t.app.db, coupon.id)).toBe(0);
    expect((await redemptionsOf(t.app.db, coupon.id))[0]!.releasedAt).toBeInstanceOf(Date);
    // The released use lets the same customer use the coupon again.
    await placeOrderWithCoupon(t.app.db, coupon.code, customer.id);
    expect(await usedCount(t.app.db, coupon.id)).toBe(1);
  });

  it('refuses with the reason and writes nothing', async () => {
    const customer = await buildUser(t.app.db);
    const expired = await buildCoupon(t.app.db, { endDate: new Date(Date.now() - 1000) });
    await expect(placeOrderWithCoupon(t.app.db, expired.code, customer.id)).rejects.toMatchObject({
      statusCode: 400,
      message: 'This coupon has expired',
    });
    await expect(placeOrderWithCoupon(t.app.db, 'NOPE0000', customer.id)).rejects.toMatchObject({
      message: 'Invalid coupon code',
    });
    expect(await usedCount(t.app.db, expired.id)).toBe(0);
    expect(await t.app.db.select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(0);
  });

  it('keeps a first-order-only coupon to the first order, and refuses guests', async () => {
    const customer = await buildUser(t.app.db);
    const firstOnly = await buildCoupon(t.app.db, { firstTimeUserOnly: true, userUsageLimit: 5 });
    await placeOrderWithCoupon(t.app.db, firstOnly.code, customer.id);
    await expect(placeOrderWithCoupon(t.app.db, firstOnly.code, customer.id)).rejects.toMatchObject({
      message: 'This coupon is only valid on your first order',
    });
    await expect(placeOrderWithCoupon(t.app.db, firstOnly.code, null)).rejects.toMatchObject({
      message: 'Please sign in to use this coupon',
    });
  });

  it('redeems a coupon with usage limit 3 exactly 3 times under 10 parallel orders', async () => {
    const coupon = await buildCoupon(t.app.db, { usageLimit: 3, userUsageLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buildUser(t.app.db)));
    const results = await Promise.allSettled(buyers.map((b) => placeOrderWithCoupon(t.app.db, coupon.code, b.id)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: 'This coupon has reached its usage limit' });
    expect(await usedCount(t.app.db, coupon.id)).toBe(3);
    expect(await redemptionsOf(t.app.db, coupon.id)).toHaveLength(3);
  });

  it('holds the per-user limit 1 for one customer placing 5 orders in parallel', async () => {
    const coupon = await buildCoupon(t.app.db, { usageLimit: 100, userUsageLimit: 1 });
    const customer = await buildUser(t.app.db);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => placeOrderWithCoupon(t.app.db, coupon.code, customer.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        message: 'You have already used this coupon the maximum number of times',
      });
    expect(await usedCount(t.app.db, coupon.id)).toBe(1);
  });

  it('reports redemptions, discount given and revenue of orders with a coupon in the analytics', async () => {
    const { token } = await signedIn(t.app, 'moderator');
    const coupon = await buildCoupon(t.app.db, { type: 'fixed', value: 7.5, userUsageLimit: 5 });
    const customer = await buildUser(t.app.db);
    const kept = await placeOrderWithCoupon(t.app.db, coupon.code, customer.id, 60);
    const cancelled = await placeOrderWithCoupon(t.app.db, coupon.code, customer.id, 40);
    await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId));
    await releaseCouponRedemption(t.app.db, cancelled.orderId);

    const res = await call(t.app, 'GET', '/api/admin/coupons/analytics', { token });
    expect(res.status).toBe(200);
    const report = res.body.data.data;
    const row = report.couponPerformance.find((r: { couponId: string }) => r.couponId === coupon.id);
    expect(row).toMatchObject({ code: coupon.code, redemptions: 1, discountGiven: 7.5, revenue: 52.5, usedCount: 1 });
    expect(report.totalRedemptions).toBeGreaterThanOrEqual(1);
    expect(report.redemptionTrends.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(kept.discount).toBe(7.5);

    const old = await call(t.app, 'GET', '/api/admin/coupons/analytics?startDate=2020-01-01&endDate=2020-01-31', {
      token,
    });
    expect(old.body.data.data).toMatchObject({ totalRedemptions: 0, totalDiscount: 0, couponPerformance: [] });
    const reversed = await call(t.app, 'GET', '/api/admin/coupons/analytics?startDate=2020-02-01&endDate=2020-01-01', {
      token,
    });
    expect(reversed.status).toBe(400);
    const junk = await call(t.app, 'GET', '/api/admin/coupons/analytics?startDate=yesterday', { token });
    expect(junk.status).toBe(400);
  });
});
