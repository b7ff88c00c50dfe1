import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS } from '../../../test/analytics-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';

/**
 * The best sellers and top spenders are found among the all-time / monthly leaders and widened until provably
 * complete (product-sales.ts, top-customers.ts). Here the leaders before the range (more than one round of
 * candidates) are not the range's, so the answer must come from a widened round and equal a count of every order.
 */
const PEOPLE = 80;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t.app, 'admin')).token;
  const { product: first } = await buildProduct(t.app.db, { name: 'Item 00', price: 10 });
  const items = [first];
  for (let i = 1; i < PEOPLE; i += 1) {
    const { product } = await buildProduct(t.app.db, {
      name: `Item ${String(i).padStart(2, '0')}`,
      price: 10 + i,
      categoryId: first.categoryId,
      brandId: first.brandId,
    });
    items.push(product);
  }
  const people = await t.app.db
    .insert(users)
    .values(
      Array.from({ length: PEOPLE }, (_, i) => ({
        email: `spender${i}@example.com`,
        passwordHash: 'x',
        firstName: `Spender${i}`,
        role: 'customer' as const,
      })),
    )
    .returning();
  // Per person i: a big order early in May (before the range) and two smaller ones inside it.
  const plan = people.flatMap((_person, i) => [
    { i, day: '2026-05-02', total: 1000 + i * 10, quantity: 100 + i },
    { i, day: '2026-05-25', total: ((i * 7) % 50) + 10, quantity: ((i * 7) % 53) + 1 },
    { i, day: '2026-06-05', total: ((i * 13) % 40) + 5, quantity: (i % 3) + 1 },
  ]);
  const placed = await t.app.db
    .insert(orders)
    .values(
      plan.map((o, n) => ({
        orderNumber: `ORD-TOP-${String(n).padStart(5, '0')}`,
        customerId: people[o.i]!.id,
        status: 'delivered' as const,
        subtotal: o.total,
        total: o.total,
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
        createdAt: new Date(`${o.day}T12:00:00Z`),
      })),
    )
    .returning();
  await t.app.db.insert(orderItems).values(
    plan.map((o, n) => {
      const product = items[o.i]!;
      return {
        orderId: placed[n]!.id,
        productId: product.id,
        productName: product.name,
        productSlug: product.slug,
        productSku: product.sku,
        size: 'M',
        color: 'Black',
        price: product.price,
        quantity: o.quantity,
        total: Math.round(product.price * 100 * o.quantity) / 100,
      };
    }),
  );
});
afterAll(async () => t.close());

/** Partial months only; a whole month inside (read from the month rollup); all time. */
const RANGES = [{ from: '2026-05-20', to: '2026-06-10' }, { from: '2026-04-15', to: '2026-06-10' }, null];
const query = (r: (typeof RANGES)[number]) => (r ? `?startDate=${r.from}&endDate=${r.to}` : '');
const within = (r: (typeof RANGES)[number]) =>
  r
    ? sql`o.created_at >= (${r.from}::date)::timestamp AT TIME ZONE 'UTC'
        AND o.created_at < (${r.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`
    : sql`TRUE`;

describe.each(RANGES)('top lists of a range whose leaders are not the all-time or monthly leaders (%o)', (r) => {
  it('gives the best sellers a count of every line gives', async () => {
    const expected = await queryRows<{ productId: string; quantity: number; revenue: number }>(
      t.app.db,
      sql`SELECT i.product_id AS "productId", sum(i.quantity)::int AS "quantity", sum(i.total)::float8 AS "revenue"
          FROM order_items i JOIN orders o ON o.id = i.order_id WHERE ${within(r)}
          GROUP BY 1 ORDER BY 2 DESC, 3 DESC LIMIT 10`,
    );
    const res = await call(t.app, 'GET', `/api/admin/analytics/sales${query(r)}`, { token });
    expect(
      res.body.data.topSellingProducts.map(({ productId, quantity, revenue }: Record<string, unknown>) => ({
        productId,
        quantity,
        revenue,
      })),
    ).toEqual(expected);
  });

  it('gives the top spenders a count of every order gives', async () => {
    const expected = await queryRows<{ customerId: string; orderCount: number; totalSpent: number }>(
      t.app.db,
      sql`SELECT o.customer_id AS "customerId", count(*)::int AS "orderCount", sum(o.total)::float8 AS "totalSpent"
          FROM orders o WHERE ${within(r)} GROUP BY 1 ORDER BY 3 DESC, 2 DESC, 1 LIMIT 10`,
    );
    const res = await call(t.app, 'GET', `/api/admin/analytics/customers${query(r)}`, { token });
    expect(
      res.body.data.topCustomers.map(({ customerId, orderCount, totalSpent }: Record<string, unknown>) => ({
        customerId,
        orderCount,
        totalSpent,
      })),
    ).toEqual(expected);
  });
});
