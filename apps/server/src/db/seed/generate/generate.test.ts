import { computeOrderTotals, couponDiscount } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { queryRows } from '../../client.js';
import {
  couponRedemptions,
  coupons,
  inventory,
  orderItems,
  orders,
  products,
  reviews,
  users,
} from '../../schema/index.js';
import { checkLocationTotals, checkReviewFigures, checkStockInvariants } from '../invariants.js';
import { generateStore } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = new Date('2026-06-01T12:00:00Z');

describe('large-store generator', () => {
  it('builds a consistent store: stock invariants, totals, coupon counts and rollups', async () => {
    const stockSummaryFile = () =>
      queryRows<{ file: number }>(t.app.db, sql`SELECT pg_relation_filenode('analytics_product_stock')::int AS file`);
    const [summaryFileBefore] = await stockSummaryFile();
    const summary = await generateStore(t.app.db, {
      products: 30,
      customers: 25,
      orders: 400,
      seed: 7,
      batchSize: 64,
      now,
    });
    expect(summary).toMatchObject({ products: 30, variants: 270, customers: 25 });
    expect(summary.orders).toBe(400);
    expect(await t.app.db.$count(products)).toBe(30);
    expect(await t.app.db.$count(inventory)).toBe(270);
    // Each product's variants are written together, as a shop creates them: in the table's physical order the product
    // changes about once per product (plus around the rows that orders' stock updates moved), not on every row.
    const [layout] = await queryRows<{ changes: number }>(
      t.app.db,
      sql`SELECT count(*) FILTER (WHERE product_id <> previous)::int AS changes
        FROM (SELECT product_id, lag(product_id) OVER (ORDER BY ctid) AS previous FROM inventory) AS stored`,
    );
    expect(layout?.changes).toBeLessThan(270 / 3);
    // The per-product stock summary is written again compact, as a shop's stands (inventory analytics reads all of it),
    // not left with the versions each variant and stock step wrote: the rewrite gives the table a new file. Its size is
    // not the check: a rewrite keeps the versions an open transaction anywhere on the server may still see (another
    // database's long transaction holds back every snapshot's horizon), so the size depends on the server's other work.
    const [summaryFileAfter] = await stockSummaryFile();
    expect(summaryFileAfter?.file).not.toBe(summaryFileBefore?.file);
    // The demo accounts exist, so the back office can be signed into.
    const emails = (await t.app.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toContain('admin@seamline.dev');

    // Every combination starts with a `create` movement, so "initial" is 0 everywhere.
    expect(await checkStockInvariants(t.app.db)).toEqual([]);
    expect(await checkLocationTotals(t.app.db)).toEqual([]);
    const [open] = await queryRows<{ reserved: number }>(
      t.app.db,
      sql`SELECT sum(reserved)::int AS reserved FROM inventory`,
    );
    expect(open?.reserved).toBeGreaterThan(0);

    const placed = await t.app.db.select().from(orders);
    const lines = await t.app.db.select().from(orderItems);
    const byCoupon = new Map((await t.app.db.select().from(coupons)).map((c) => [c.id, c]));
    const redemptions = await t.app.db.select().from(couponRedemptions);
    for (const order of placed) {
      const own = lines
        .filter((line) => line.orderId === order.id)
        .map((line) => ({ unitPrice: line.price, quantity: line.quantity }));
      expect(own.length).toBeGreaterThan(0);
      const coupon = order.couponId ? byCoupon.get(order.couponId) : undefined;
      const { subtotal } = computeOrderTotals({ lines: own });
      const { discount, freeShipping } = coupon
        ? couponDiscount(coupon, subtotal)
        : { discount: 0, freeShipping: false };
      const expected = computeOrderTotals({ lines: own, discount, freeShipping, shippingMethod: order.shippingMethod });
      const { subtotal: s, discount: d, shipping, tax, total } = order;
      expect({ subtotal: s, discount: d, shipping, tax, total }, order.orderNumber).toEqual(expected);
    }
    expect(new Set(placed.map((o) => o.status)).size).toBeGreaterThanOrEqual(5);
    expect(redemptions.length).toBe(placed.filter((o) => o.couponId).length);
    expect(redemptions.length).toBeGreaterThan(10);
    // Each redemption is keyed by its buyer's e-mail, so per-customer limits hold on generated data too.
    expect(redemptions.filter((r) => !r.emailKey)).toEqual([]);
    for (const coupon of byCoupon.values()) {
      const live = redemptions.filter((r) => r.couponId === coupon.id && !r.releasedAt).length;
      expect(coupon.usedCount, coupon.code).toBe(live);
    }
    const [sums] = await queryRows<{ rollup: number; orders: number; payments: number; paid: number }>(
      t.app.db,
      sql`SELECT (SELECT sum(total) FROM analytics_order_days)::float AS rollup,
        (SELECT sum(total) FROM orders)::float AS orders,
        (SELECT count(*) FROM payments WHERE kind = 'charge')::int AS payments,
        (SELECT count(*) FROM orders WHERE payment_status IN ('paid', 'refunded'))::int AS paid`,
    );
    expect(sums?.rollup).toBeCloseTo(sums?.orders ?? -1, 2);
    expect(sums?.payments).toBe(sums?.paid);

    // Product figures come from real published reviews by customers with a delivered line of the product.
    const [unbought] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM reviews r WHERE NOT EXISTS (SELECT 1 FROM orders o
        JOIN order_items oi ON oi.order_id = o.id
        WHERE o.customer_id = r.customer_id AND oi.product_id = r.product_id AND o.status = 'delivered')`,
    );
    expect(unbought?.n).toBe(0);
    expect(await t.app.db.$count(reviews)).toBeGreaterThan(30);
    expect(await t.app.db.$count(products, sql`review_count > 0`)).toBeGreaterThan(10);
    expect(await checkReviewFigures(t.app.db)).toEqual([]);
  }, 120_000);

  it('makes the same store from the same seed, refuses to generate a seed twice, and adds another seed beside it', async () => {
    const fresh = await createTestApp();
    try {
      await generateStore(fresh.app.db, { products: 30, customers: 25, orders: 400, seed: 7, batchSize: 100, now });
      const numbers = async (app: TestApp) =>
        await queryRows<{ n: string; total: number }>(
          app.app.db,
          sql`SELECT order_number AS n, total FROM orders
          WHERE id LIKE '00000007%' ORDER BY order_number`,
        );
      expect(await numbers(fresh)).toEqual(await numbers(t));
      await expect(generateStore(fresh.app.db, { products: 1, customers: 1, orders: 1, seed: 7 })).rejects.toThrow(
        'Seed 7 was already generated',
      );
      await generateStore(fresh.app.db, { products: 5, customers: 5, orders: 20, seed: 8, now });
      expect(await fresh.app.db.$count(products)).toBe(35);
      expect(await checkStockInvariants(fresh.app.db)).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
