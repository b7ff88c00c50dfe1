import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/analytics-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';
import { ANALYTICS_ORDER_SHARDS, orderItems, orders, products } from '../../db/schema/index.js';
import { foldPendingRollups } from './pending-rollups.js';

// The rollups behind the reports must follow every change of the orders and their lines, in the same transaction.
const DAY = 'startDate=2026-05-10&endDate=2026-05-10';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

const sales = async () =>
  (await call(t.app, 'GET', `/api/admin/analytics/sales?${DAY}`, { token })).body.data as {
    totalSales: number;
    totalOrders: number;
    topSellingProducts: { productId: string | null; productName: string; quantity: number; revenue: number }[];
  };

async function snapshot() {
  // Order figures and product sales wait in the pending tables until a reader adds them up, as every report does.
  await foldPendingRollups(t.app.db);
  return queryRows(
    t.app.db,
    // Order day rows are spread over shards: a group's figures are the sums over its shards.
    sql`SELECT 'o' AS kind, day::text, status AS key, sum(orders)::int AS orders, sum(total)::text AS amount
        FROM analytics_order_days GROUP BY day, status HAVING sum(orders) <> 0
        UNION ALL SELECT 'p', day::text, product_key, orders, revenue::text FROM analytics_product_days WHERE orders <> 0 OR units <> 0
        UNION ALL SELECT 't', '', product_key, units::int, '' FROM analytics_product_totals WHERE units <> 0
        UNION ALL SELECT 'c', day::text, category_key, sum(orders)::int, sum(revenue)::text || '/' || sum(units)
        FROM analytics_category_days GROUP BY day, category_key HAVING sum(orders) <> 0 OR sum(units) <> 0
        UNION ALL SELECT 'b', day::text, brand_key, sum(orders)::int, sum(revenue)::text || '/' || sum(units)
        FROM analytics_brand_days GROUP BY day, brand_key HAVING sum(orders) <> 0 OR sum(units) <> 0
        ORDER BY 1, 2, 3`,
  );
}

describe('analytics rollups', () => {
  it('follow status changes, new lines, product deletion and order deletion, and match a full rebuild', async () => {
    const { product: shirt } = await buildProduct(t.app.db, { name: 'Shirt' });
    const { product: hat } = await buildProduct(t.app.db, { name: 'Hat' });
    const placed = new Date('2026-05-10T09:00:00Z');
    const order = await buildOrder(t.app.db, { status: 'pending', total: 60, createdAt: placed }, [
      { product: shirt, quantity: 1, price: 20 },
      { product: shirt, quantity: 2, price: 20 },
    ]);
    expect(await sales()).toMatchObject({ totalSales: 60, totalOrders: 1 });
    expect((await sales()).topSellingProducts).toEqual([
      { productId: shirt.id, productName: 'Shirt', category: expect.any(String), quantity: 3, revenue: 60 },
    ]);

    // Cancelling takes the order and its lines out of revenue; reviving it puts them back.
    await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    expect(await sales()).toMatchObject({ totalSales: 0, totalOrders: 1, topSellingProducts: [] });
    await t.app.db.update(orders).set({ status: 'confirmed', total: 75 }).where(eq(orders.id, order.id));
    expect(await sales()).toMatchObject({ totalSales: 75, totalOrders: 1 });

    // A line added later counts at the order's day.
    await t.app.db.insert(orderItems).values({
      orderId: order.id,
      productId: hat.id,
      productName: 'Hat',
      productSlug: 'hat',
      productSku: 'HAT',
      size: 'M',
      color: 'Black',
      price: 15,
      quantity: 1,
      total: 15,
    });
    expect((await sales()).topSellingProducts.map((p) => [p.productName, p.quantity, p.revenue])).toEqual([
      ['Shirt', 3, 60],
      ['Hat', 1, 15],
    ]);

    // A product's sales follow it to another category and brand (the history moves with it).
    await t.app.db
      .update(products)
      .set({ categoryId: hat.categoryId, brandId: hat.brandId })
      .where(eq(products.id, shirt.id));
    const dashboard = (await call(t.app, 'GET', `/api/admin/analytics?${DAY}`, { token })).body.data;
    expect(dashboard.charts.productSalesByCategory).toEqual([{ category: expect.any(String), units: 4, revenue: 75 }]);
    expect(dashboard.charts.topResellers).toMatchObject([{ brandId: hat.brandId, revenue: 75, orders: 2, units: 4 }]);

    // Deleting a product keeps its sales, as a deleted product.
    await t.app.db.delete(products).where(eq(products.id, hat.id));
    expect((await sales()).topSellingProducts.at(-1)).toEqual({
      productId: null,
      productName: 'Deleted product',
      category: null,
      quantity: 1,
      revenue: 15,
    });

    const byTriggers = await snapshot();
    await t.app.db.execute(sql`SELECT analytics_rebuild()`);
    expect(await snapshot()).toEqual(byTriggers);

    // Deleting the order removes everything it contributed.
    await t.app.db.delete(orders).where(eq(orders.id, order.id));
    expect(await sales()).toMatchObject({ totalSales: 0, totalOrders: 0, topSellingProducts: [] });
    expect(await snapshot()).toEqual([]);
  });

  it('stay exact when many transactions move orders between statuses at once (no deadlock on real PostgreSQL)', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Busy Tee' });
    const placed = new Date('2026-06-01T10:00:00Z');
    const make = (status: 'pending' | 'confirmed') =>
      buildOrder(t.app.db, { status, total: 10, createdAt: placed }, [{ product, quantity: 1, price: 10 }]);
    const pairs = await Promise.all(
      Array.from({ length: 10 }, async () => ({ a: await make('pending'), b: await make('confirmed') })),
    );
    // Concurrent transactions move orders across the same rollup rows in opposite directions (one order each, as
    // the order service does): the rows are locked in key order, so none deadlocks and the sums stay exact.
    await Promise.all(
      pairs.flatMap(({ a, b }) => [
        t.app.db.transaction((tx) => tx.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, a.id))),
        t.app.db.transaction((tx) => tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, b.id))),
      ]),
    );
    const byTriggers = await snapshot();
    await t.app.db.execute(sql`SELECT analytics_rebuild()`);
    expect(await snapshot()).toEqual(byTriggers);
    const june = await call(
      t.app,
      'GET',
      '/api/admin/analytics/orders/performance?startDate=2026-06-01&endDate=2026-06-01',
      {
        token,
      },
    );
    expect(june.body.data.orderStatusDistribution).toEqual([
      { status: 'confirmed', count: 10, percentage: 50 },
      { status: 'cancelled', count: 10, percentage: 50 },
    ]);
  });

  it('spread one day and kind over shard rows by order id, and every report sums the shards', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Busy Tee' });
    const placed = new Date('2026-07-04T12:00:00Z');
    const made = await Promise.all(
      Array.from({ length: 24 }, () =>
        buildOrder(t.app.db, { status: 'pending', total: 10, createdAt: placed }, [
          { product, quantity: 1, price: 10 },
        ]),
      ),
    );
    await foldPendingRollups(t.app.db);
    const [spread] = await queryRows<{ shards: number; rows: number }>(
      t.app.db,
      sql`SELECT count(DISTINCT shard)::int AS shards, count(*)::int AS rows FROM analytics_order_days
          WHERE day = '2026-07-04' AND status = 'pending'`,
    );
    expect(spread!.shards).toBeGreaterThan(1);
    expect(spread!.shards).toBeLessThanOrEqual(ANALYTICS_ORDER_SHARDS);
    const figures = async () => {
      const body = (
        await call(t.app, 'GET', '/api/admin/analytics/sales?startDate=2026-07-04&endDate=2026-07-04', { token })
      ).body.data as { totalSales: number; totalOrders: number };
      return [body.totalOrders, body.totalSales];
    };
    expect(await figures()).toEqual([24, 240]);
    // One of them cancelled: it moves within its own shard (still an order of the day, no longer revenue).
    await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, made[0]!.id));
    expect(await figures()).toEqual([24, 230]);
    const byTriggers = await snapshot();
    await t.app.db.execute(sql`SELECT analytics_rebuild()`);
    expect(await snapshot()).toEqual(byTriggers);
    expect(await figures()).toEqual([24, 230]);
  });

  it("leave an order's figures and sales pending, off the shared rows, until a report adds them up", async () => {
    const { product, inventory } = await buildProduct(t.app.db, { name: 'Pending shirt', price: 25 }, [
      { size: 'M', color: 'Black', quantity: 5 },
    ]);
    const productDay = () =>
      queryRows<{ units: number }>(
        t.app.db,
        sql`SELECT units FROM analytics_product_days WHERE product_key = ${product.id}`,
      );
    await foldPendingRollups(t.app.db);
    const placed = await call(t.app, 'POST', '/api/orders/guest', {
      body: {
        ...orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 2 }]),
        email: 'pending-sales@example.com',
      },
    });
    expect(placed.status).toBe(201);
    expect(inventory).toHaveLength(1);
    // The order's statement appended its sales and left the day row alone.
    expect(await productDay()).toEqual([]);
    const pending = await queryRows<{ units: number }>(
      t.app.db,
      sql`SELECT units FROM analytics_pending_product_days WHERE product_key = ${product.id}`,
    );
    expect(pending).toEqual([{ units: 2 }]);
    const [orderDays] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM analytics_pending_order_days`,
    );
    expect(orderDays!.n).toBe(1);
    // A report reads them added up, and nothing stays pending.
    const today = new Date().toISOString().slice(0, 10);
    const report = await call(t.app, 'GET', `/api/admin/analytics/sales?startDate=${today}&endDate=${today}`, {
      token,
    });
    const sold = (report.body.data.topSellingProducts as { productId: string; quantity: number }[]).find(
      (row) => row.productId === product.id,
    );
    expect(sold?.quantity).toBe(2);
    expect(await productDay()).toEqual([{ units: 2 }]);
    const [left] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT (SELECT count(*) FROM analytics_pending_product_days) + (SELECT count(*) FROM analytics_pending_order_days)
        AS n`,
    );
    expect(left!.n).toBe(0);
  });
});
