import { DEFAULT_LOCATION_ID, LOCATION_MESSAGES, type StockOperation } from '@seamline/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { activityLogs, inventory } from '../../db/schema/index.js';
import { eventsAfter, outboxMark } from '../../events-coverage/outbox.js';
import { changeStock, lockStockRows } from '../inventory/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let support: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  [admin, support, moderator] = await Promise.all([
    signedIn(t.app, 'admin'),
    signedIn(t.app, 'support'),
    signedIn(t.app, 'moderator'),
  ]);
});
afterAll(async () => t.close());

type Listed = {
  _id: string;
  name: string;
  kind: string;
  address: string;
  pickup: boolean;
  shipsOnline: boolean;
  priority: number;
  active: boolean;
  quantity: number;
  reserved: number;
};

const list = async (token = admin.token) => {
  const res = await call(t.app, 'GET', '/api/admin/locations', { token });
  expect(res.status).toBe(200);
  return res.body.data.locations as Listed[];
};
const create = (body: Record<string, unknown>, token = admin.token) =>
  call(t.app, 'POST', '/api/admin/locations', { token, body });
const created = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.location as Listed;
};
const edit = (id: string, body: Record<string, unknown>, token = admin.token) =>
  call(t.app, 'PUT', `/api/admin/locations/${id}`, { token, body });
const reorder = (ids: string[], token = admin.token) =>
  call(t.app, 'PUT', '/api/admin/locations/order', { token, body: { ids } });
const toggle = (id: string, action: 'activate' | 'deactivate', token = admin.token) =>
  call(t.app, 'POST', `/api/admin/locations/${id}/${action}`, { token });

/** The location as it is, shipping online orders or not. */
const flip = (l: Listed, shipsOnline: boolean) =>
  edit(l._id, { name: l.name, kind: l.kind, address: l.address, pickup: l.pickup, shipsOnline });

const WAREHOUSE = { name: 'Warehouse', kind: 'warehouse', address: '', shipsOnline: true, pickup: false };

/** Stock put at a location through the stock service, as a transfer or a stock take would. */
async function stockAt(productId: string, locationId: string, operation: StockOperation, quantity: number) {
  const result = await changeStock(t.app.db, { productId, size: 'M', color: 'Black', operation, quantity, locationId });
  expect(result.ok).toBe(true);
}

const variant = async (productId: string) =>
  (await t.app.db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!;

/** held_offline as the definition says: the available units at the locations that do not ship online orders. */
const heldOfflineByDefinition = (productId: string) =>
  queryRows<{ id: string; held_offline: number; expected: number }>(
    t.app.db,
    sql`SELECT i.id, i.held_offline, coalesce(sum(l.quantity - l.reserved) FILTER (WHERE NOT s.ships_online), 0)::int
        AS expected
      FROM inventory i JOIN inventory_levels l ON l.inventory_id = i.id JOIN stock_locations s ON s.id = l.location_id
      WHERE i.product_id = ${productId} GROUP BY i.id, i.held_offline`,
  );

describe('GET /api/admin/locations', () => {
  it('lists every location with the units it holds and has reserved, for any staff member', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 7, reserved: 2 }]);
    const before = (await list(support.token)).find((l) => l._id === DEFAULT_LOCATION_ID)!;
    expect(before).toMatchObject({ name: 'Warehouse', kind: 'warehouse', priority: 1, active: true });
    await stockAt(product.id, DEFAULT_LOCATION_ID, 'add', 3);
    const after = (await list(moderator.token)).find((l) => l._id === DEFAULT_LOCATION_ID)!;
    expect([after.quantity - before.quantity, after.reserved]).toEqual([3, before.reserved]);
    expect((await call(t.app, 'GET', '/api/admin/locations')).status).toBe(401);
  });

  it('lists only the active or only the inactive locations with ?active, and refuses another value', async () => {
    const closed = await created({ name: 'Closed Kiosk', kind: 'shop', shipsOnline: false });
    expect((await toggle(closed._id, 'deactivate')).status).toBe(200);
    const all = await list();
    const filtered = async (active: string) => {
      const res = await call(t.app, 'GET', `/api/admin/locations?active=${active}`, { token: support.token });
      expect(res.status).toBe(200);
      return (res.body.data.locations as Listed[]).map((l) => l._id);
    };
    expect(await filtered('true')).toEqual(all.filter((l) => l.active).map((l) => l._id));
    expect(await filtered('false')).toEqual(all.filter((l) => !l.active).map((l) => l._id));
    expect(await filtered('false')).toContain(closed._id);
    const bad = await call(t.app, 'GET', '/api/admin/locations?active=yes', { token: admin.token });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/admin/locations', () => {
  it('adds a location last in priority, with an activity-log row and location.created', async () => {
    const mark = await outboxMark(t.app);
    const res = await create({ name: '  North Depot ', kind: 'warehouse', address: '1 Dock Road' });
    expect(res.status).toBe(201);
    const location = res.body.data.location;
    const all = await list();
    expect(location).toMatchObject({ name: 'North Depot', shipsOnline: true, pickup: false, active: true });
    expect(location.priority).toBe(Math.max(...all.map((l) => l.priority)));
    expect(all.find((l) => l._id === location._id)).toMatchObject({ quantity: 0, reserved: 0 });
    expect(await eventsAfter(t.app, mark, ['location.created'])).toEqual([
      { type: 'location.created', objectId: location._id, data: location },
    ]);
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resource, 'location'), eq(activityLogs.resourceId, location._id)));
    expect(log).toMatchObject({ userId: admin.user.id, action: 'create', status: 'success' });
  });

  it('refuses a taken name (any case) and invalid fields with their messages, writing nothing', async () => {
    await created({ name: 'Camden Shop', kind: 'shop' });
    const count = (await list()).length;
    const taken = await create({ name: 'CAMDEN shop', kind: 'shop' });
    expect([taken.status, taken.body.error]).toEqual([409, LOCATION_MESSAGES.nameTaken]);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: ' ', kind: 'shop' }, LOCATION_MESSAGES.name],
      [{ name: 'x'.repeat(81), kind: 'shop' }, LOCATION_MESSAGES.name],
      [{ name: 'Kiosk', kind: 'van' }, LOCATION_MESSAGES.kind],
      [{ name: 'Kiosk', kind: 'shop', address: 'a'.repeat(301) }, LOCATION_MESSAGES.address],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await list()).toHaveLength(count);
  });

  it('is for admins: support and moderators may read, not write', async () => {
    const [target] = await list();
    for (const token of [support.token, moderator.token]) {
      expect((await create({ name: 'Nope', kind: 'shop' }, token)).status).toBe(403);
      expect((await edit(target!._id, { ...WAREHOUSE, name: 'Nope' }, token)).status).toBe(403);
      expect((await reorder([target!._id], token)).status).toBe(403);
      expect((await toggle(target!._id, 'deactivate', token)).status).toBe(403);
      expect((await toggle(target!._id, 'activate', token)).status).toBe(403);
    }
    expect((await list()).some((l) => l.name === 'Nope')).toBe(false);
  });
});

describe('PUT /api/admin/locations/:id', () => {
  it('edits the fields, logs the changes and records location.updated', async () => {
    const shop = await created({ name: 'Leeds Shop', kind: 'shop', shipsOnline: false });
    const mark = await outboxMark(t.app);
    const res = await edit(shop._id, { name: 'Leeds Arcade', kind: 'shop', address: '4 Arcade', pickup: true });
    expect(res.status).toBe(200);
    expect(res.body.data.location).toMatchObject({ name: 'Leeds Arcade', address: '4 Arcade', pickup: true });
    // shipsOnline left out takes the schema's default: the location now ships online orders.
    expect(res.body.data.location.shipsOnline).toBe(true);
    expect(await eventsAfter(t.app, mark, ['location.updated'])).toEqual([
      { type: 'location.updated', objectId: shop._id, data: res.body.data.location },
    ]);
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resourceId, shop._id), eq(activityLogs.action, 'update')));
    expect(Object.keys((log!.details as { changes: object }).changes).sort()).toEqual([
      'address',
      'name',
      'pickup',
      'shipsOnline',
    ]);
  });

  it('answers 404 for an unknown location, 409 for a taken name, 400 for a bad id', async () => {
    const unknown = await edit('0123456789abcdef01234567', WAREHOUSE);
    expect([unknown.status, unknown.body.error]).toEqual([404, LOCATION_MESSAGES.notFound]);
    const other = await created({ name: 'Bristol Shop', kind: 'shop' });
    const taken = await edit(other._id, { ...WAREHOUSE, name: 'warehouse' });
    expect([taken.status, taken.body.error]).toEqual([409, LOCATION_MESSAGES.nameTaken]);
    expect((await edit('nope', WAREHOUSE)).status).toBe(400);
    expect((await toggle('0123456789abcdef01234567', 'deactivate')).status).toBe(404);
  });

  it('moves the available units of a location in or out of held_offline when it stops or starts shipping', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const shop = await created({ name: 'Soho Shop', kind: 'shop', shipsOnline: true });
    await stockAt(product.id, DEFAULT_LOCATION_ID, 'transfer_out', 4);
    await stockAt(product.id, shop._id, 'transfer_in', 4);
    await stockAt(product.id, shop._id, 'reserve', 1);
    expect((await list()).find((l) => l._id === shop._id)).toMatchObject({ quantity: 4, reserved: 1 });
    expect((await variant(product.id)).heldOffline).toBe(0);

    const body = { name: 'Soho Shop', kind: 'shop', shipsOnline: false };
    expect((await edit(shop._id, body)).status).toBe(200);
    expect((await variant(product.id)).heldOffline).toBe(3);
    // Later stock changes there follow through the level trigger.
    await stockAt(product.id, shop._id, 'add', 2);
    expect((await variant(product.id)).heldOffline).toBe(5);
    // An edit that keeps the flag changes nothing.
    expect((await edit(shop._id, { ...body, address: 'Greek Street' })).status).toBe(200);
    expect((await variant(product.id)).heldOffline).toBe(5);

    expect((await edit(shop._id, { ...body, shipsOnline: true })).status).toBe(200);
    expect((await variant(product.id)).heldOffline).toBe(0);
  });

  it('refuses to leave no active location that ships online orders', async () => {
    const shipping = (await list()).filter((l) => l.active && l.shipsOnline);
    const [last, ...others] = shipping;
    for (const other of others) expect((await flip(other, false)).status).toBe(200);
    const refused = await flip(last!, false);
    expect([refused.status, refused.body.error]).toEqual([409, LOCATION_MESSAGES.lastActive]);
    expect((await list()).find((l) => l._id === last!._id)!.shipsOnline).toBe(true);
    for (const other of others) expect((await flip(other, true)).status).toBe(200);
  });
});

describe('PUT /api/admin/locations/order', () => {
  it('sets priorities 1…n from the active ids, the inactive ones after', async () => {
    const spare = await created({ name: 'Spare Room', kind: 'warehouse' });
    expect((await toggle(spare._id, 'deactivate')).status).toBe(200);
    const active = (await list()).filter((l) => l.active).map((l) => l._id);
    const reversed = [...active].reverse();
    const mark = await outboxMark(t.app);
    const res = await reorder(reversed);
    expect(res.status).toBe(200);
    const after = await list();
    expect(after.filter((l) => l.active).map((l) => [l._id, l.priority])).toEqual(reversed.map((id, i) => [id, i + 1]));
    expect(after.find((l) => l._id === spare._id)!.priority).toBeGreaterThan(active.length);
    const moved = (await eventsAfter(t.app, mark, ['location.updated'])).map((e) => e.objectId);
    expect(moved).toContain(reversed[0]);
    expect((await reorder(active)).status).toBe(200);
  });

  it('refuses anything but exactly the active locations', async () => {
    const all = await list();
    const active = all.filter((l) => l.active).map((l) => l._id);
    const inactive = all.find((l) => !l.active)!._id;
    for (const ids of [active.slice(1), [...active, inactive], [...active, active[0]!], []]) {
      const res = await reorder(ids);
      expect(res.status, JSON.stringify(ids)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(LOCATION_MESSAGES.order);
    }
    expect((await reorder([...active.slice(1), 'x'])).status).toBe(400);
    expect((await list()).map((l) => [l._id, l.priority])).toEqual(all.map((l) => [l._id, l.priority]));
  });
});

describe('POST /api/admin/locations/:id/deactivate and /activate', () => {
  it('refuses a location that holds or has reserved stock, then deactivates it once emptied', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const shop = await created({ name: 'Pop-up', kind: 'shop' });
    await stockAt(product.id, DEFAULT_LOCATION_ID, 'transfer_out', 2);
    await stockAt(product.id, shop._id, 'transfer_in', 2);
    await stockAt(product.id, shop._id, 'reserve', 1);
    const full = await toggle(shop._id, 'deactivate');
    expect([full.status, full.body.error]).toEqual([409, LOCATION_MESSAGES.notEmpty]);
    await stockAt(product.id, shop._id, 'commit', 1);
    await stockAt(product.id, shop._id, 'subtract', 1);

    const mark = await outboxMark(t.app);
    const res = await toggle(shop._id, 'deactivate');
    expect(res.status).toBe(200);
    expect(res.body.data.location.active).toBe(false);
    expect(await eventsAfter(t.app, mark, ['location.updated'])).toEqual([
      { type: 'location.updated', objectId: shop._id, data: res.body.data.location },
    ]);
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.resourceId, shop._id))
      .orderBy(desc(activityLogs.createdAt))
      .limit(1);
    expect(log).toMatchObject({ action: 'deactivate', resource: 'location' });
    // Inactive ones are listed last; the location stays (history names it).
    expect((await list()).at(-1)!.active).toBe(false);

    const back = await toggle(shop._id, 'activate');
    expect([back.status, back.body.data.location.active]).toEqual([200, true]);
  });

  it('refuses to deactivate the last active location that ships online orders', async () => {
    const depot = await created({ name: 'Empty Depot', kind: 'warehouse', shipsOnline: true });
    const others = (await list()).filter((l) => l.active && l.shipsOnline && l._id !== depot._id);
    for (const other of others) expect((await flip(other, false)).status).toBe(200);
    const refused = await toggle(depot._id, 'deactivate');
    expect([refused.status, refused.body.error]).toEqual([409, LOCATION_MESSAGES.lastActive]);
    for (const other of others) expect((await flip(other, true)).status).toBe(200);
    expect((await toggle(depot._id, 'deactivate')).status).toBe(200);
  });
});

describe('held_offline under concurrent stock changes', () => {
  it('20 stock changes at a location while its shipsOnline flips: held_offline matches the levels afterwards', async () => {
    const sizes = ['S', 'M', 'L', 'XL'];
    const { product } = await buildProduct(
      t.app.db,
      {},
      sizes.map((size) => ({ size, color: 'Black', quantity: 5 })),
    );
    const shop = await created({ name: 'Busy Shop', kind: 'shop', shipsOnline: true });
    for (const size of sizes) {
      const result = await changeStock(t.app.db, {
        productId: product.id,
        size,
        color: 'Black',
        operation: 'add',
        quantity: 20,
        locationId: shop._id,
      });
      expect(result.ok).toBe(true);
    }
    const operations: StockOperation[] = ['add', 'subtract', 'reserve', 'add', 'release'];
    const changes = Array.from({ length: 20 }, (_, i) =>
      t.app.db.transaction(async (tx) => {
        const combination = { productId: product.id, size: sizes[i % sizes.length]!, color: 'Black' };
        // Half lock the variant in a statement of their own first, as a multi-line change does.
        if (i % 2 === 0) {
          await lockStockRows(tx, [combination]);
          await tx.execute(sql`SELECT pg_sleep(0.01)`);
        }
        await changeStock(tx, {
          ...combination,
          operation: operations[i % operations.length]!,
          quantity: 1 + (i % 3),
          locationId: shop._id,
        });
        await tx.execute(sql`SELECT pg_sleep(0.01)`);
      }),
    );
    const flips = [false, true, false, true, false].map((shipsOnline) =>
      edit(shop._id, { name: 'Busy Shop', kind: 'shop', shipsOnline }),
    );
    const answers = await Promise.all([...flips, ...changes]);
    for (const answer of answers.slice(0, flips.length)) expect((answer as { status: number }).status).toBe(200);

    const rows = await heldOfflineByDefinition(product.id);
    expect(rows).toHaveLength(sizes.length);
    for (const row of rows) expect(row.held_offline, row.id).toBe(row.expected);
    // With the shop no longer shipping, its available units are held; shipping again releases them all.
    await edit(shop._id, { name: 'Busy Shop', kind: 'shop', shipsOnline: false });
    expect((await heldOfflineByDefinition(product.id)).every((r) => r.held_offline === r.expected)).toBe(true);
    expect((await heldOfflineByDefinition(product.id)).some((r) => r.held_offline > 0)).toBe(true);
    await edit(shop._id, { name: 'Busy Shop', kind: 'shop', shipsOnline: true });
    expect((await heldOfflineByDefinition(product.id)).every((r) => r.held_offline === 0)).toBe(true);
  });
});
