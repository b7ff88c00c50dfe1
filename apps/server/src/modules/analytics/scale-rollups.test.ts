import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';
import { checkStockInvariants } from '../../db/seed/invariants.js';
import { foldPendingRollups } from './pending-rollups.js';

/**
 * The migration 0007 rollups (per-product stock, per-customer latest orders, coupon and activity days, customer sums of
 * the order days) follow orders, stock edits, coupon uses and audit entries written through the API, also when many
 * run at once, and always equal a rebuild from the base tables.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

async function snapshot() {
  // Order figures and product sales wait in the pending tables until a reader adds them up, as every report does.
  await foldPendingRollups(t.app.db);
  const read = (query: string) => queryRows<Record<string, unknown>>(t.app.db, sql.raw(query));
  return {
    stock: await read(
      `SELECT product_id, category_id, is_active, price::text, created_at, units::text, low_variants
       FROM analytics_product_stock ORDER BY product_id`,
    ),
    customers: await read(
      `SELECT customer_id, last_order_at, previous_order_at FROM analytics_customers
       WHERE last_order_at IS NOT NULL ORDER BY customer_id`,
    ),
    coupons: await read(
      `SELECT day::text, coupon_id, redemptions, discount::text, subtotal::text FROM analytics_coupon_days
       WHERE redemptions <> 0 OR discount <> 0 OR subtotal <> 0 ORDER BY 1, 2`,
    ),
    activity: await read(
      `SELECT day::text, user_key, status, action, resource, entries FROM analytics_activity_days
       WHERE entries <> 0 ORDER BY 1, 2, 3, 4, 5`,
    ),
    orderDays: await read(
      `SELECT day::text, status, payment_status, payment_method, sum(customer_orders)::int AS customer_orders,
         sum(customer_total)::text AS customer_total
       FROM analytics_order_days GROUP BY 1, 2, 3, 4 HAVING sum(orders) <> 0 ORDER BY 1, 2, 3, 4`,
    ),
    // Product sales rollups of migration 0012 (category and brand rows are spread over shards: compare the sums).
    productTotals: await read(
      `SELECT product_key, units::text FROM analytics_product_totals WHERE units <> 0 ORDER BY 1`,
    ),
    categoryDays: await read(
      `SELECT day::text, category_key, sum(units)::text AS units, sum(revenue)::text AS revenue, sum(orders)::text AS orders
       FROM analytics_category_days GROUP BY 1, 2 HAVING sum(orders) <> 0 OR sum(units) <> 0 ORDER BY 1, 2`,
    ),
    customerMonths: await read(
      `SELECT month::text, customer_id, orders, spent::text FROM analytics_customer_months
       WHERE orders <> 0 OR spent <> 0 ORDER BY 1, 2`,
    ),
    brandDays: await read(
      `SELECT day::text, brand_key, sum(units)::text AS units, sum(revenue)::text AS revenue, sum(orders)::text AS orders
       FROM analytics_brand_days GROUP BY 1, 2 HAVING sum(orders) <> 0 OR sum(units) <> 0 ORDER BY 1, 2`,
    ),
  };
}

async function matchesRebuild() {
  const byTriggers = await snapshot();
  await t.app.db.execute(sql`SELECT analytics_rebuild()`);
  expect(await snapshot()).toEqual(byTriggers);
  return byTriggers;
}

describe(`analytics rollups of migration 0007`, () => {
  it('follow a parallel mix of orders, cancels, stock edits and coupon uses, and equal a rebuild', async () => {
    const sizes = ['S', 'M', 'L'];
    const products = await Promise.all(
      [0, 1, 2].map(() =>
        buildProduct(
          t.app.db,
          { price: 30 },
          sizes.map((size) => ({ size, color: 'Black', quantity: 200, lowStockThreshold: 150 })),
        ),
      ),
    );
    const initial = new Map<string, number>();
    for (const { inventory } of products) for (const row of inventory) initial.set(row.id, row.quantity);
    const coupon = (
      await call(t.app, 'POST', '/api/admin/coupons', {
        token: admin.token,
        body: { name: 'Rollup coupon', type: 'percentage', value: 10, usageLimit: 1000, userUsageLimit: 1000 },
      })
    ).body.data.data as { code: string };
    const customers = await Promise.all(Array.from({ length: 3 }, () => signedIn(t.app, 'customer')));
    const item = (n: number) => {
      const { product } = products[n % 3]!;
      return { productId: product.id, size: sizes[(n * 7) % 3]!, color: 'Black', quantity: 1 + (n % 3) };
    };
    const order = (n: number) =>
      n % 4 === 3
        ? call(t.app, 'POST', '/api/orders/guest', {
            body: { ...orderBody([item(n)]), email: `guest${n}@example.com` },
          })
        : call(t.app, 'POST', '/api/orders', {
            token: customers[n % customers.length]!.token,
            body: orderBody([item(n), item(n + 1)], n % 2 ? { couponCode: coupon.code } : {}),
          });

    const placed = await Promise.all(Array.from({ length: 24 }, (_, n) => order(n)));
    expect(placed.map((r) => r.status)).toEqual(Array(24).fill(201));
    const ids = placed.map((r) => r.body.data.order.id as string);
    // Cancels, payments (stock committed: quantity changes) and staff stock edits at once.
    const storm = await Promise.all([
      ...ids.slice(0, 6).map((id) =>
        call(t.app, 'PUT', `/api/admin/orders/${id}/status`, {
          token: admin.token,
          body: { status: 'cancelled', paymentStatus: 'pending' },
        }),
      ),
      ...ids.slice(6, 14).map((id) =>
        call(t.app, 'PUT', `/api/admin/orders/${id}/status`, {
          token: admin.token,
          body: { status: 'shipped', paymentStatus: 'paid' },
        }),
      ),
      ...products.map(({ product }, n) =>
        call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
          token: admin.token,
          body: { size: sizes[n]!, color: 'Black', quantity: 120, operation: 'subtract' },
        }),
      ),
      ...Array.from({ length: 8 }, (_, n) => order(100 + n)),
      // Reports add the pending product sales up while orders append more and a product changes category.
      ...Array.from({ length: 4 }, () => call(t.app, 'GET', '/api/admin/analytics', { token: admin.token })),
      t.app.db
        .execute(
          sql`UPDATE products SET category_id = (SELECT category_id FROM products WHERE id = ${products[1]!.product.id})
              WHERE id = ${products[0]!.product.id}`,
        )
        .then(() => ({ status: 200 })),
    ]);
    expect(storm.map((r) => r.status).filter((status) => status >= 300)).toEqual([]);

    const rollups = await matchesRebuild();
    expect(rollups.customers).toHaveLength(customers.length);
    expect(rollups.coupons.length).toBeGreaterThan(0);
    expect(rollups.activity.length).toBeGreaterThan(0);
    expect(rollups.stock.filter((row) => row.low_variants !== 0)).not.toEqual([]);
    expect(await checkStockInvariants(t.app.db, initial)).toEqual([]);

    // The figures read from the rollups: three customers ordered (two or more orders each), guests do not count.
    const today = new Date().toISOString().slice(0, 10);
    const report = await call(t.app, 'GET', `/api/admin/analytics/customers?startDate=${today}&endDate=${today}`, {
      token: admin.token,
    });
    expect(report.body.data).toMatchObject({ customersWithOrders: 3, repeatCustomers: 3 });
  });

  it('follow product edits and deletions in the stock summary', async () => {
    const { product } = await buildProduct(t.app.db, { price: 10 }, [{ size: 'M', color: 'Red', quantity: 3 }]);
    await t.app.db.execute(sql`UPDATE products SET price = 12.5, is_active = false WHERE id = ${product.id}`);
    await t.app.db.execute(sql`UPDATE inventory SET low_stock_threshold = 1 WHERE product_id = ${product.id}`);
    const [row] = await queryRows<{ price: number; is_active: boolean; units: number; low_variants: number }>(
      t.app.db,
      sql`SELECT price, is_active, units, low_variants FROM analytics_product_stock WHERE product_id = ${product.id}`,
    );
    expect(row).toEqual({ price: 12.5, is_active: false, units: 3, low_variants: 0 });
    await t.app.db.execute(sql`DELETE FROM products WHERE id = ${product.id}`);
    await matchesRebuild();
  });
});
