import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type JsonResponse, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { couponRedemptions, coupons } from '../../db/schema/index.js';
import { checkLocationTotals, checkStockInvariants } from '../../db/seed/invariants.js';

/**
 * docs/domain.md § Production: every business transaction takes its locks in one order, so a mixed load on the same
 * coupon and variants never deadlocks into a 5xx: the requests run truly in parallel on PostgreSQL.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

const START = 1000;
const SIZES = ['S', 'M', 'L'] as const;

describe('a mixed order workload on one coupon and the same variants', () => {
  it('answers 200 parallel creates, cancels, refunds, status changes and stock edits with no 5xx; invariants hold', async () => {
    const products = await Promise.all(
      [0, 1, 2].map(() =>
        buildProduct(
          t.app.db,
          { price: 40 },
          SIZES.map((size) => ({ size, color: 'Black', quantity: START })),
        ),
      ),
    );
    const variants = products.flatMap(({ product }) => SIZES.map((size) => ({ productId: product.id, size })));
    const couponRes = await call(t.app, 'POST', '/api/admin/coupons', {
      token: admin.token,
      body: { name: 'Load coupon', type: 'percentage', value: 10, usageLimit: 10_000, userUsageLimit: 10_000 },
    });
    const coupon = couponRes.body.data.data as { id: string; code: string };
    const customers = await Promise.all(Array.from({ length: 8 }, () => signedIn(t.app, 'customer')));

    // Each order takes 1–2 units of two or three variants, in different orders so lock order is not given by the body.
    const itemsFor = (n: number) =>
      [0, 1, 2]
        .slice(0, 2 + (n % 2))
        .map((k) => variants[(n * 5 + k * 4) % variants.length]!)
        .filter((v, i, all) => all.findIndex((w) => w.productId === v.productId && w.size === v.size) === i)
        .map((v) => ({ productId: v.productId, size: v.size, color: 'Black', quantity: 1 + (n % 2) }));
    const create = (n: number) =>
      call(t.app, 'POST', '/api/orders', {
        token: customers[n % customers.length]!.token,
        body: orderBody(itemsFor(n), { couponCode: coupon.code }),
      });

    // Orders that exist before the storm: some pending (to cancel or move), some shipped (to refund).
    const before = await Promise.all(Array.from({ length: 70 }, (_, n) => create(n)));
    expect(before.map((r) => r.status)).toEqual(Array(70).fill(201));
    const ids = before.map((r) => r.body.data.order.id as string);
    const shipped = ids.slice(50);
    for (const id of shipped) {
      const res = await call(t.app, 'PUT', `/api/orders/${id}/status`, {
        token: admin.token,
        body: { status: 'shipped', paymentStatus: 'paid' },
      });
      expect(res.status).toBe(200);
    }

    const work: Promise<JsonResponse>[] = [];
    for (let n = 0; n < 80; n++) work.push(create(1000 + n));
    ids.slice(0, 30).forEach((id, n) => {
      // Customers cancel their own order; staff cancel others (same lock path, other access rule).
      const token = n % 2 ? customers[n % customers.length]!.token : admin.token;
      work.push(call(t.app, 'PUT', `/api/orders/${id}/cancel`, { token, body: { reason: 'Load test' } }));
    });
    ids.slice(30, 50).forEach((id, n) => {
      const next = [
        { status: 'confirmed', paymentStatus: 'paid' },
        { status: 'cancelled', paymentStatus: 'pending' },
        { status: 'delivered', paymentStatus: 'paid' },
      ][n % 3]!;
      work.push(call(t.app, 'PUT', `/api/orders/${id}/status`, { token: admin.token, body: next }));
    });
    for (const id of shipped)
      work.push(
        call(t.app, 'PUT', `/api/orders/${id}/status`, {
          token: admin.token,
          body: { status: 'refunded', paymentStatus: 'refunded' },
        }),
      );
    for (let n = 0; n < 50; n++) {
      const variant = variants[n % variants.length]!;
      work.push(
        call(t.app, 'PUT', `/api/admin/products/${variant.productId}/inventory`, {
          token: admin.token,
          body: { size: variant.size, color: 'Black', quantity: 3, operation: n % 2 ? 'add' : 'subtract' },
        }),
      );
    }
    const results = await Promise.all(work);
    expect(results).toHaveLength(200);

    const failures = results.filter((r) => r.status >= 500).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
    expect(failures).toEqual([]);
    // Every call is valid on its own: under load each one still succeeds (stock and coupon limits are far away).
    expect(results.filter((r) => r.status !== 200 && r.status !== 201).map((r) => r.body)).toEqual([]);

    const initial = new Map(products.flatMap(({ inventory }) => inventory.map((row) => [row.id, START] as const)));
    expect(await checkStockInvariants(t.app.db, initial)).toEqual([]);
    expect(await checkLocationTotals(t.app.db)).toEqual([]);
    const [row] = await t.app.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    const [live] = await t.app.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), isNull(couponRedemptions.releasedAt)));
    expect(row!.usedCount).toBe(live!.n);
  }, 120_000);
});
