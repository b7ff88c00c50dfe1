import { computeOrderTotals, couponDiscount } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../client.js';
import { couponRedemptions, coupons, orderItems, orders } from '../schema/index.js';
import { seedBulk } from './bulk.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('bulk order generator', () => {
  it("writes every order's totals as the shared totals function computes them from its lines and coupon", async () => {
    await seedBulk(t.app.db, { orders: 120, batchSize: 50, products: 12, customers: 15 });
    const placed = await t.app.db.select().from(orders);
    expect(placed.length).toBeGreaterThanOrEqual(115);
    const lines = await t.app.db.select().from(orderItems);
    const [coupon] = await t.app.db.select().from(coupons);
    const redemptions = new Map(
      (await t.app.db.select().from(couponRedemptions)).map((r) => [r.orderId, r.discountAmount]),
    );
    let withCoupon = 0;
    for (const order of placed) {
      const own = lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ unitPrice: line.price, quantity: line.quantity }));
      expect(own.length).toBeGreaterThan(0);
      const { subtotal } = computeOrderTotals({ lines: own });
      const discount = order.couponId && coupon ? couponDiscount(coupon, subtotal).discount : 0;
      if (order.couponId) withCoupon += 1;
      const expected = computeOrderTotals({ lines: own, discount, shippingMethod: order.shippingMethod });
      const { subtotal: s, discount: d, shipping, tax, total } = order;
      expect({ subtotal: s, discount: d, shipping, tax, total }, order.orderNumber).toEqual(expected);
      expect(redemptions.get(order.id) ?? 0).toBe(order.couponId ? discount : 0);
    }
    expect(withCoupon).toBeGreaterThan(5);
    // The rollups were rebuilt from these totals.
    const [sums] = await queryRows<{ rollup: number; orders: number }>(
      t.app.db,
      sql`SELECT (SELECT sum(total) FROM analytics_order_days)::float AS rollup,
        (SELECT sum(total) FROM orders)::float AS orders`,
    );
    expect(sums?.rollup).toBeCloseTo(sums?.orders ?? -1, 2);
    expect((await t.app.db.select().from(orders).where(eq(orders.status, 'delivered'))).length).toBeGreaterThan(0);
  }, 120_000);
});
