import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { movementsOfOrder, orderBody, orderLine, stockOf } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';
import { eventsAfter, outboxMark } from '../../events-coverage/outbox.js';

// Guest orders arriving together are placed by shared statements (new-orders.ts): each order must still get exactly
// its own lines, stock moves and events, and one order's failure must not fail the others.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Built = Awaited<ReturnType<typeof buildProduct>>;
/** `count` products of one combination with 5 units, made one after the other. */
async function productsOfFive(count: number, name?: (n: number) => string): Promise<Built[]> {
  const built: Built[] = [];
  for (let n = 0; n < count; n++)
    built.push(
      await buildProduct(t.app.db, name ? { name: name(n) } : {}, [{ size: 'M', color: 'Black', quantity: 5 }]),
    );
  return built;
}

const guestOrder = (productId: string, quantity: number, email: string) =>
  call(t.app, 'POST', '/api/orders/guest', { body: { ...orderBody([orderLine(productId, quantity)]), email } });

describe('guest orders placed at once', () => {
  it('each gets its own lines, movements and events; the short ones are refused alone', async () => {
    const products = await productsOfFive(40, (n) => `Shared Tee ${n}`);
    const mark = await outboxMark(t.app);
    // Every fourth order asks for more than its product has.
    const wanted = (n: number) => (n % 4 === 3 ? 6 : 2);
    const answers = await Promise.all(
      products.map(({ product }, n) => guestOrder(product.id, wanted(n), `together-${n}@example.com`)),
    );

    const recorded = await eventsAfter(t.app, mark);
    const startedAt = new Map<string, string[]>();
    for (const [n, answer] of answers.entries()) {
      const { product, inventory } = products[n]!;
      if (wanted(n) === 6) {
        expect([answer.status, answer.body.message]).toEqual([409, `Insufficient stock for Shared Tee ${n} (M/Black)`]);
        expect(await stockOf(t.app, product.id)).toEqual([5, 0]);
        expect(recorded.filter((event) => event.objectId === inventory[0]!.id)).toEqual([]);
        continue;
      }
      expect(answer.status).toBe(201);
      const order = answer.body.data.order;
      expect(order.email).toBe(`together-${n}@example.com`);
      expect(
        order.items.map((item: { product: { id: string }; quantity: number }) => [item.product.id, item.quantity]),
      ).toEqual([[product.id, 2]]);
      expect(await stockOf(t.app, product.id)).toEqual([5, 2]);
      const movements = await movementsOfOrder(t.app, order.id);
      expect(movements.map((m) => [m.inventoryId, m.operation, m.quantity, m.reason])).toEqual([
        [inventory[0]!.id, 'reserve', 2, `Order ${order.orderNumber}`],
      ]);
      const time = movements[0]!.createdAt.toISOString();
      startedAt.set(time, [...(startedAt.get(time) ?? []), order.id]);
      const created = recorded.filter((event) => event.type === 'order.created' && event.objectId === order.id);
      expect(created).toHaveLength(1);
      expect(created[0]!.data).toMatchObject({ id: order.id, orderNumber: order.orderNumber, total: order.total });
      expect(created[0]!.data.items).toMatchObject([{ product: { id: product.id }, quantity: 2 }]);
      const reserved = recorded.filter(
        (event) => event.type === 'inventory.changed' && event.objectId === inventory[0]!.id,
      );
      expect(reserved.map((event) => event.data)).toMatchObject([{ orderId: order.id, change: 2, reserved: 2 }]);
    }
    expect(recorded.filter((event) => event.type === 'order.created')).toHaveLength(30);
    // Orders of one statement share its transaction's time: some of these 30 were placed together.
    expect(Math.max(...[...startedAt.values()].map((ids) => ids.length))).toBeGreaterThan(1);
  });

  it('an order the database refuses fails alone: the others placed with it are placed', async () => {
    const products = (await productsOfFive(12)).map((built) => built.product);
    // A fault in one order's row (a trigger the test adds), not in the shop's rules.
    await t.app.db.execute(sql`CREATE FUNCTION refuse_test_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await t.app.db.execute(sql`CREATE TRIGGER refuse_test_order BEFORE INSERT ON orders FOR EACH ROW
      WHEN (NEW.guest_email = 'refused@example.com') EXECUTE FUNCTION refuse_test_order()`);
    try {
      const answers = await Promise.all(
        products.map((product, n) =>
          guestOrder(product.id, 1, n === 6 ? 'refused@example.com' : `placed-${n}@example.com`),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(products.map((_, n) => (n === 6 ? 500 : 201)));
      expect(await stockOf(t.app, products[6]!.id)).toEqual([5, 0]);
      for (const [n, product] of products.entries())
        if (n !== 6) expect(await stockOf(t.app, product.id)).toEqual([5, 1]);
    } finally {
      await t.app.db.execute(sql`DROP TRIGGER refuse_test_order ON orders`);
      await t.app.db.execute(sql`DROP FUNCTION refuse_test_order()`);
    }
  });

  it('orders waiting for a row another transaction holds do not hold up the orders that do not need it', async () => {
    const held = await productsOfFive(2);
    const others = (await productsOfFive(10)).map((built) => built.product);
    const waitingForLocks = async () => {
      const [row] = await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND l.locktype = 'transactionid' AND a.datname = current_database()`,
      );
      return row!.n;
    };
    const waitUntilWaiting = async (count: number) => {
      while ((await waitingForLocks()) < count) await new Promise((resolve) => setImmediate(resolve));
    };
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // A staff transaction holding the two combinations (as a stock edit does while it runs).
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM inventory WHERE id IN (${held[0]!.inventory[0]!.id}, ${held[1]!.inventory[0]!.id}) FOR UPDATE`,
      );
      holding();
      await released;
    });
    await isHolding;
    // Each of the two orders for them gets its own statement, which waits: as many as run at once.
    const blocked = [guestOrder(held[0]!.product.id, 1, 'blocked-0@example.com')];
    await waitUntilWaiting(1);
    blocked.push(guestOrder(held[1]!.product.id, 1, 'blocked-1@example.com'));
    await waitUntilWaiting(2);
    const answers = await Promise.all(
      others.map((product, n) => guestOrder(product.id, 1, `unblocked-${n}@example.com`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(others.map(() => 201));
    expect(await waitingForLocks()).toBe(2);
    release();
    await holder;
    expect((await Promise.all(blocked)).map((answer) => answer.status)).toEqual([201, 201]);
    for (const { product } of held) expect(await stockOf(t.app, product.id)).toEqual([5, 1]);
  });
});
