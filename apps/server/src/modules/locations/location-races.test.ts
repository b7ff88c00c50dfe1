import { DEFAULT_LOCATION_ID, LOCATION_MESSAGES } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody } from '../../../test/orders.js';
import { queryRows, type Tx } from '../../db/client.js';
import { inventory } from '../../db/schema/index.js';
import { changeStock } from '../inventory/index.js';

/**
 * Location changes racing the stock changes that put units there (docs/domain.md § Stock locations): a deactivation
 * never leaves units at an inactive location, and a flip of "ships online" never leaves held_offline off, whatever the
 * interleaving. Real PostgreSQL, real locks.
 */

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

type Location = { _id: string; name: string; kind: string; address: string; pickup: boolean; shipsOnline: boolean };

async function newLocation(name: string, shipsOnline = true): Promise<Location> {
  const res = await call(t.app, 'POST', '/api/admin/locations', {
    token: admin,
    body: { name, kind: 'shop', shipsOnline },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.location;
}

const flip = (l: Location, shipsOnline: boolean) =>
  call(t.app, 'PUT', `/api/admin/locations/${l._id}`, {
    token: admin,
    body: { name: l.name, kind: l.kind, address: l.address, pickup: l.pickup, shipsOnline },
  });
const deactivate = (id: string) => call(t.app, 'POST', `/api/admin/locations/${id}/deactivate`, { token: admin });
const add = (productId: string, size: string, quantity: number, locationId: string) =>
  call(t.app, 'POST', `/api/products/${productId}/stock/add`, {
    token: admin,
    body: { size, color: 'Black', quantity, locationId },
  });

const unitsAt = async (locationId: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.app.db,
        sql`SELECT coalesce(sum(quantity + reserved), 0)::int AS n FROM inventory_levels WHERE location_id = ${locationId}`,
      )
    )[0]!.n,
  );
const isActive = async (locationId: string) =>
  (await queryRows<{ active: boolean }>(t.app.db, sql`SELECT active FROM stock_locations WHERE id = ${locationId}`))[0]!
    .active;

/** The product's variants whose held_offline differs from the one their levels give (the level trigger's definition). */
const heldOfflineOff = (productId: string) =>
  queryRows<{ id: string; held_offline: number; expected: number }>(
    t.app.db,
    sql`SELECT i.id, i.held_offline, e.expected FROM inventory i
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(l.quantity - l.reserved) FILTER (WHERE NOT s.ships_online), 0)::int AS expected
        FROM inventory_levels l JOIN stock_locations s ON s.id = l.location_id WHERE l.inventory_id = i.id
      ) AS e
      WHERE i.product_id = ${productId} AND i.held_offline <> e.expected`,
  );

/** Whether another session of this database waits for a lock now, asked until `ms` have passed. */
async function someoneWaitsForALock(ms = 3_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    if (Number(row?.n) > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/** A transaction holding what `hold` locks until `release` is called. */
function holding(hold: (tx: Tx) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: () => void;
  const ready = new Promise<void>((resolve) => {
    held = resolve;
  });
  const done = t.app.db.transaction(async (tx) => {
    await hold(tx);
    held();
    await released;
  });
  return { ready, release, done };
}

describe('deactivating a location while stock is added there', () => {
  it('refuses an addition that waited on its variant while the location was deactivated (409, nothing put there)', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 4 }]);
    const kiosk = await newLocation('Waiting Kiosk');
    const blocker = holding((tx) =>
      tx.select({ id: inventory.id }).from(inventory).where(eq(inventory.productId, product.id)).for('update'),
    );
    await blocker.ready;
    const adding = add(product.id, 'M', 5, kiosk._id);
    expect(await someoneWaitsForALock()).toBe(true);
    // The kiosk holds nothing yet: it may be deactivated.
    expect((await deactivate(kiosk._id)).status).toBe(200);
    blocker.release();
    await blocker.done;
    const added = await adding;
    expect([added.status, added.body.error]).toEqual([409, LOCATION_MESSAGES.inactive]);
    expect(await unitsAt(kiosk._id)).toBe(0);
  });

  it('20 parallel additions racing a deactivation: the deactivation fails or the location holds nothing', async () => {
    const sizes = ['S', 'M', 'L', 'XL'];
    for (let round = 0; round < 6; round++) {
      const { product } = await buildProduct(
        t.app.db,
        {},
        sizes.map((size) => ({ size, color: 'Black', quantity: 2 })),
      );
      const popUp = await newLocation(`Pop-up ${round}`);
      const additions = Array.from({ length: 20 }, (_, i) =>
        add(product.id, sizes[i % sizes.length]!, 1 + (i % 3), popUp._id),
      );
      // Started a little later each round, to meet the additions at different points of their transactions.
      const deactivation = new Promise((resolve) => setTimeout(resolve, 8 * round)).then(() => deactivate(popUp._id));
      const [closed, ...answers] = await Promise.all([deactivation, ...additions]);
      for (const answer of answers) {
        expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
        if (answer.status === 409) expect(answer.body.error).toBe(LOCATION_MESSAGES.inactive);
      }
      expect([200, 409]).toContain(closed.status);
      if (closed.status === 200) expect(await unitsAt(popUp._id)).toBe(0);
      else expect(closed.body.error).toBe(LOCATION_MESSAGES.notEmpty);
      expect((await isActive(popUp._id)) || (await unitsAt(popUp._id)) === 0).toBe(true);
      // What was answered 200 is exactly what the location holds.
      const added = answers.reduce((sum, answer, i) => sum + (answer.status === 200 ? 1 + (i % 3) : 0), 0);
      expect(await unitsAt(popUp._id)).toBe(added);
    }
  });
});

describe('"ships online" flipping while levels are created at the location', () => {
  it('a level created (uncommitted) before the flip is counted by it: held_offline matches the levels', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 3 }]);
    const corner = await newLocation('Corner Shop');
    // A stock change creates the first level of the variant at the shop and stays open.
    const change = holding(async (tx) => {
      const result = await changeStock(tx, {
        productId: product.id,
        size: 'M',
        color: 'Black',
        operation: 'add',
        quantity: 6,
        locationId: corner._id,
      });
      expect(result.ok).toBe(true);
    });
    await change.ready;
    const flipping = flip(corner, false);
    // The flip waits for the change (or, without the location lock, would finish without seeing its level).
    await Promise.race([someoneWaitsForALock(1_000), flipping]);
    change.release();
    await change.done;
    expect((await flipping).status).toBe(200);
    expect(await heldOfflineOff(product.id)).toEqual([]);
    const [row] = await t.app.db.select().from(inventory).where(eq(inventory.productId, product.id));
    expect(row!.heldOffline).toBe(6);
  });

  it('parallel additions creating levels and new sizes/colours while flags flip: held_offline matches the levels', async () => {
    const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
    const { product } = await buildProduct(
      t.app.db,
      {},
      sizes.map((size) => ({ size, color: 'Black', quantity: 1 })),
    );
    const shop = await newLocation('Flipping Shop');
    // A second location shipping online orders, so the first one (where new sizes/colours start) may stop shipping.
    const depot = await newLocation('Second Depot');
    const listed = (await call(t.app, 'GET', '/api/admin/locations', { token: admin })).body.data.locations;
    const warehouse = (listed as Location[]).find((l) => l._id === DEFAULT_LOCATION_ID)!;

    const additions = sizes.flatMap((size, i) => [
      add(product.id, size, 2 + i, shop._id),
      add(product.id, size, 1, depot._id),
    ]);
    const combinations = Array.from({ length: 6 }, (_, i) =>
      call(t.app, 'POST', `/api/products/${product.id}/inventory`, {
        token: admin,
        body: { size: `N${i}`, color: 'Navy', quantity: 3 + i, lowStockThreshold: 1 },
      }),
    );
    const flips = (async () => {
      const answers = [];
      for (const shipsOnline of [false, true, false, true, false]) {
        answers.push(await flip(shop, shipsOnline));
        answers.push(await flip(warehouse, !shipsOnline));
      }
      return answers;
    })();
    const [flipped, ...answers] = await Promise.all([flips, ...additions, ...combinations]);
    for (const answer of [...flipped, ...answers]) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    expect(await heldOfflineOff(product.id)).toEqual([]);
    // The warehouse ends shipping online orders again: every location but the shop's units are for sale.
    expect((await flip(warehouse, true)).status).toBe(200);
    expect(await heldOfflineOff(product.id)).toEqual([]);
  });
});

describe("each location's kept totals (units, reserved, low levels)", () => {
  /** What the totals must be: every level of the database, added up per location. */
  const fromLevels = async () =>
    new Map(
      (
        await queryRows<{ id: string; units: number; reserved: number; low: number }>(
          t.app.db,
          sql`SELECT location_id AS id, sum(quantity)::int AS units, sum(reserved)::int AS reserved,
            (count(*) FILTER (WHERE quantity <= low_stock_threshold))::int AS low
          FROM inventory_levels GROUP BY 1`,
        )
      ).map(({ id, ...figures }) => [id, figures]),
    );

  async function expectTotalsToMatchTheLevels() {
    const levels = await fromLevels();
    const expected = (id: string) => levels.get(id) ?? { units: 0, reserved: 0, low: 0 };
    const listed = (await call(t.app, 'GET', '/api/admin/locations', { token: admin })).body.data.locations;
    for (const l of listed as (Location & { quantity: number; reserved: number })[]) {
      const { units, reserved } = expected(l._id);
      expect([l.name, l.quantity, l.reserved]).toEqual([l.name, units, reserved]);
    }
    const analytics = (await call(t.app, 'GET', '/api/admin/analytics/inventory', { token: admin })).body.data;
    for (const l of analytics.byLocation) {
      const { units, reserved, low } = expected(l._id);
      expect(l).toEqual({ _id: l._id, name: l.name, units, reserved, available: units - reserved, lowStock: low });
    }
  }

  it('match the levels after parallel orders, additions, cancellations, a deletion and folds running alongside', async () => {
    const sizes = ['S', 'M', 'L'];
    const built = await buildProduct(
      t.app.db,
      {},
      sizes.map((size) => ({ size, color: 'Black', quantity: 6, lowStockThreshold: 4 })),
    );
    const doomed = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 9 }]);
    const shop = await newLocation('Totals Shop');
    const customer = await signedIn(t.app, 'customer');
    const line = (i: number) => ({ productId: built.product.id, size: sizes[i % 3]!, color: 'Black', quantity: 1 });
    const fold = () => t.app.db.execute(sql`SELECT location_stock_fold()`);

    const orders = Array.from({ length: 16 }, (_, i) =>
      call(t.app, 'POST', '/api/orders', { token: customer.token, body: orderBody([line(i)]) }),
    );
    const additions = sizes.map((size, i) => add(built.product.id, size, 2 + i, shop._id));
    const [placed] = await Promise.all([Promise.all(orders), Promise.all(additions), ...[1, 2, 3].map(fold)]);
    const accepted = placed.filter((answer) => answer.status === 201);
    // 18 units at the warehouse: every order of one unit is served.
    expect(accepted).toHaveLength(16);

    const cancellations = accepted.slice(0, 5).map((answer) =>
      call(t.app, 'PUT', `/api/orders/${answer.body.data.order._id}/cancel`, {
        token: customer.token,
        body: { reason: 'Changed my mind' },
      }),
    );
    const removal = call(t.app, 'DELETE', `/api/products/${doomed.product.id}`, { token: admin });
    const answers = await Promise.all([...cancellations, removal, fold()]);
    for (const answer of answers.slice(0, 6)) expect((answer as { status: number }).status).toBe(200);

    await expectTotalsToMatchTheLevels();
    // The shop holds 2 + 3 + 4 units, each level at or below its threshold; the orders took from the warehouse.
    expect((await fromLevels()).get(shop._id)).toEqual({ units: 9, reserved: 0, low: 3 });
  });
});
