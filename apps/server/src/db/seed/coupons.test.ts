import { COLORS, couponDisplayStatus } from '@seamline/shared';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { couponRedemptions, coupons, orders } from '../schema/index.js';
import { closeFlashSale, seedCoupons } from './coupons.js';
import { seedDemoCustomers } from './customers.js';
import { seedDemoOrders } from './orders.js';
import { seededRandom } from './random.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo coupons', () => {
  it('cover every display status, and demo orders redeem them through the order code (counts match)', async () => {
    for (let i = 0; i < 20; i++)
      await buildProduct(
        t.app.db,
        { price: 25 + i * 4 },
        ['S', 'M', 'L'].map((size, k) => ({ size, color: COLORS[(i + k) % 6]!, quantity: 30 })),
      );
    const now = new Date();
    const random = seededRandom(11);
    await seedDemoCustomers(t.app.db, random, now);
    await seedCoupons(t.app.db, now);
    await seedDemoOrders(t.app.db, random, now);
    await closeFlashSale(t.app.db);

    const all = await t.app.db.select().from(coupons);
    const statuses = new Set(all.map((c) => couponDisplayStatus(c, now)));
    expect([...statuses].sort()).toEqual(['Active', 'Expired', 'Inactive', 'Not Started', 'Usage Exceeded']);
    expect(all.some((c) => c.firstTimeUserOnly)).toBe(true);

    const redemptions = await t.app.db.select().from(couponRedemptions);
    expect(redemptions.length).toBeGreaterThan(10);
    for (const coupon of all) {
      const live = redemptions.filter((r) => r.couponId === coupon.id && !r.releasedAt).length;
      expect(coupon.usedCount, coupon.code).toBe(live);
    }
    const withCoupon = await t.app.db.select().from(orders).where(isNotNull(orders.couponId));
    expect(withCoupon).toHaveLength(redemptions.length);
    for (const order of withCoupon) {
      const redemption = redemptions.find((r) => r.orderId === order.id)!;
      expect(redemption.discountAmount).toBe(order.discount);
      expect(redemption.createdAt.getTime()).toBe(order.createdAt.getTime());
      expect(Boolean(redemption.releasedAt)).toBe(order.status === 'cancelled' || order.status === 'refunded');
    }
  }, 120_000);
});
