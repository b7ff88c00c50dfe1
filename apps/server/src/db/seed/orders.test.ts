import { COLORS, ORDER_STATUSES } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { inventory, orders, users } from '../schema/index.js';
import { seedDemoCustomers } from './customers.js';
import { checkStockInvariants } from './invariants.js';
import { seedDemoOrders } from './orders.js';
import { seededRandom } from './random.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo orders', () => {
  it('about 300 orders over 90 days, consistent with stock (reserved and movements match)', async () => {
    for (let i = 0; i < 30; i++)
      await buildProduct(
        t.app.db,
        { price: 20 + i * 3, salePrice: i % 4 === 0 ? 15 + i * 2 : null, isActive: i !== 29 },
        ['S', 'M', 'L'].map((size, k) => ({ size, color: COLORS[(i + k) % 6]!, quantity: 8 + ((i * 7 + k) % 25) })),
      );
    const initial = new Map((await t.app.db.select().from(inventory)).map((row) => [row.id, row.quantity]));
    const now = new Date();
    const started = Date.now();
    const random = seededRandom(7);
    await seedDemoCustomers(t.app.db, random, now);
    const created = await seedDemoOrders(t.app.db, random, now);
    const elapsed = Date.now() - started;
    // A loose bound that still catches a regression on a busy machine; an idle one takes a few seconds.
    expect(elapsed).toBeLessThan(60_000);

    expect(created).toBeGreaterThanOrEqual(280);
    expect(await checkStockInvariants(t.app.db, initial)).toEqual([]);

    const rows = await t.app.db.select().from(orders);
    expect(rows).toHaveLength(created);
    const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, rows.filter((o) => o.status === s).length]));
    expect(byStatus.delivered).toBeGreaterThan(created * 0.4);
    for (const status of ORDER_STATUSES) expect(byStatus[status], status).toBeGreaterThan(0);
    expect(rows.filter((o) => o.customerId === null && o.guestEmail).length).toBeGreaterThan(5);
    const oldest = Math.min(...rows.map((o) => o.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeLessThanOrEqual(90 * 86_400_000);
    expect(Math.max(...rows.map((o) => o.createdAt.getTime()))).toBeLessThan(now.getTime());
    // The order number carries the day the order was placed.
    for (const order of rows)
      expect(order.orderNumber.slice(4, 12)).toBe(order.createdAt.toISOString().slice(0, 10).replaceAll('-', ''));
    expect((await t.app.db.select().from(users)).length).toBeGreaterThanOrEqual(26);
    console.log(`seeded ${created} orders in ${elapsed} ms`, byStatus);
  }, 120_000);
});
