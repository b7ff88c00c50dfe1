import { DEFAULT_LOCATION_ID } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { orderBody, orderLine, placeOrder } from '../../../test/orders.js';
import { queryRows } from '../../db/client.js';
import { orderItems, stockLocations } from '../../db/schema/index.js';
import { changeStock } from '../inventory/index.js';

/**
 * Allocation over stock locations (docs/domain.md § Stock locations): the first location by priority that can ship the
 * whole order, else each line split over the locations by priority; every later stock step at the line's location.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customer: Awaited<ReturnType<typeof signedIn>>;
const SHOP = 'a00000000000000000000002';
const PICKUP_ONLY = 'a00000000000000000000003';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  customer = await signedIn(t.app, 'customer');
  await t.app.db.insert(stockLocations).values([
    { id: SHOP, name: 'Market Street shop', kind: 'shop', shipsOnline: true, pickup: true, priority: 2 },
    { id: PICKUP_ONLY, name: 'Pier kiosk', kind: 'shop', shipsOnline: false, pickup: true, priority: 3 },
  ]);
});
afterAll(async () => t.close());

/**
 * A product whose M/Black is stocked `warehouse` units at the default location and `shop` units at the shop, each
 * with its movement.
 */
async function stocked(warehouse: number, shop: number, extra: { size: string; color: string }[] = []) {
  const { product } = await buildProduct(t.app.db, {}, [
    { size: 'M', color: 'Black', quantity: 0 },
    ...extra.map((v) => ({ ...v, quantity: 0 })),
  ]);
  if (warehouse > 0) await stockAt(product.id, DEFAULT_LOCATION_ID, warehouse);
  if (shop > 0) await stockAt(product.id, SHOP, shop);
  return product;
}

async function stockAt(productId: string, locationId: string, quantity: number, size = 'M', color = 'Black') {
  const result = await changeStock(t.app.db, { productId, size, color, operation: 'add', quantity, locationId });
  expect(result.ok).toBe(true);
}

/** [location, quantity, reserved] of every level of a product's M/Black, by location id. */
async function levels(productId: string, size = 'M', color = 'Black') {
  const rows = await queryRows<{ location_id: string; quantity: number; reserved: number }>(
    t.app.db,
    sql`SELECT l.location_id, l.quantity, l.reserved FROM inventory_levels l JOIN inventory i ON i.id = l.inventory_id
      WHERE i.product_id = ${productId} AND i.size = ${size} AND i.color = ${color} ORDER BY l.location_id`,
  );
  return rows.map((r) => [r.location_id, r.quantity, r.reserved]);
}

/** The variant's own figures, and the sums of its levels: always equal. */
async function totals(productId: string, size = 'M', color = 'Black') {
  const [row] = await queryRows<{ quantity: number; reserved: number; held_offline: number; sums: number[] }>(
    t.app.db,
    sql`SELECT i.quantity, i.reserved, i.held_offline,
        (SELECT ARRAY[sum(l.quantity), sum(l.reserved)]::int[] FROM inventory_levels l WHERE l.inventory_id = i.id) AS sums
      FROM inventory i WHERE i.product_id = ${productId} AND i.size = ${size} AND i.color = ${color}`,
  );
  expect([row!.quantity, row!.reserved]).toEqual(row!.sums);
  return [row!.quantity, row!.reserved, row!.held_offline];
}

const linesOf = (orderId: string) =>
  t.app.db
    .select({ quantity: orderItems.quantity, locationId: orderItems.locationId, total: orderItems.total })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.locationId);

describe('allocation', () => {
  it('takes the whole order from the first location by priority that has all of it', async () => {
    const product = await stocked(5, 5);
    const first = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)]);
    expect(first.items.map((item: { locationId: string }) => item.locationId)).toEqual([DEFAULT_LOCATION_ID]);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 5, 3],
      [SHOP, 5, 0],
    ]);
    // The warehouse has 2 left: the shop (second by priority) holds the whole order.
    const second = await placeOrder(t.app, customer.token, [orderLine(product.id, 4)]);
    expect(await linesOf(second.id)).toEqual([{ quantity: 4, locationId: SHOP, total: 4 * first.items[0].price }]);
    expect(await totals(product.id)).toEqual([10, 7, 0]);
  });

  it('keeps an order whole at a lower-priority location rather than splitting it', async () => {
    const product = await stocked(5, 5, [{ size: 'L', color: 'Black' }]);
    await stockAt(product.id, SHOP, 1, 'L', 'Black');
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 2), orderLine(product.id, 1, 'L')]);
    expect((await linesOf(order.id)).map((l) => l.locationId)).toEqual([SHOP, SHOP]);
  });

  it('splits a line over the locations by priority when no one location has it all', async () => {
    const product = await stocked(3, 4);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 6)]);
    const rows = await linesOf(order.id);
    expect(rows.map((r) => [r.locationId, r.quantity])).toEqual([
      [DEFAULT_LOCATION_ID, 3],
      [SHOP, 3],
    ]);
    expect(order.items.map((item: { quantity: number }) => item.quantity)).toEqual([3, 3]);
    expect(order.subtotal).toBe(6 * order.items[0].price);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 3, 3],
      [SHOP, 4, 3],
    ]);
    // The order.created event lists the lines as they were written.
    const [event] = await queryRows<{ data: { items: { _id: string; quantity: number; locationId: string }[] } }>(
      t.app.db,
      sql`SELECT data FROM events WHERE type = 'order.created' AND object_id = ${order.id}`,
    );
    expect(event!.data.items.map((item) => [item._id, item.quantity, item.locationId])).toEqual(
      order.items.map((item: { _id: string; quantity: number; locationId: string }) => [
        item._id,
        item.quantity,
        item.locationId,
      ]),
    );
  });

  it('never sells online what only a location that does not ship holds', async () => {
    const product = await stocked(1, 0);
    await stockAt(product.id, PICKUP_ONLY, 4);
    expect(await totals(product.id)).toEqual([5, 0, 4]);
    const page = await call(t.app, 'GET', `/api/products/slug/${product.slug}`);
    const variant = page.body.data.product.inventory.find((v: { size: string }) => v.size === 'M');
    expect(variant.available).toBe(1);
    const refused = await call(t.app, 'POST', '/api/orders', {
      token: customer.token,
      body: orderBody([orderLine(product.id, 2)]),
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 1, 0],
      [PICKUP_ONLY, 4, 0],
    ]);
  });
});

describe('pick up in store', () => {
  it('lists the pickup shops and what each has of a product; a pickup order reserves everything there', async () => {
    const shops = await call(t.app, 'GET', '/api/pickup-locations');
    expect(shops.body.data.locations.map((l: { name: string }) => l.name)).toEqual([
      'Market Street shop',
      'Pier kiosk',
    ]);
    const product = await stocked(10, 0);
    await stockAt(product.id, PICKUP_ONLY, 4);
    const where = await call(t.app, 'GET', `/api/products/${product.id}/pickup`);
    expect(where.body.data.locations).toEqual([
      { _id: PICKUP_ONLY, name: 'Pier kiosk', address: '', stock: [{ size: 'M', color: 'Black', available: 4 }] },
    ]);

    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)], {
      shippingMethod: 'pickup',
      pickupLocationId: PICKUP_ONLY,
    });
    expect([order.shippingMethod, order.pickupLocationId, order.shipping]).toEqual(['pickup', PICKUP_ONLY, 0]);
    expect(order.items.map((item: { locationId: string }) => item.locationId)).toEqual([PICKUP_ONLY]);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 10, 0],
      [PICKUP_ONLY, 4, 3],
    ]);
    expect(await totals(product.id)).toEqual([14, 3, 1]);
  });

  it('refuses a pickup without a shop, at a place that offers none, or beyond what the shop holds', async () => {
    const product = await stocked(10, 2);
    const place = (extra: Record<string, unknown>, quantity = 1) =>
      call(t.app, 'POST', '/api/orders', {
        token: customer.token,
        body: orderBody([orderLine(product.id, quantity)], extra),
      });
    const cases = [
      [{ shippingMethod: 'pickup' }, 400, 'Choose the shop to pick up your order from.'],
      [
        { shippingMethod: 'pickup', pickupLocationId: DEFAULT_LOCATION_ID },
        400,
        'This location does not offer pickup.',
      ],
      [{ pickupLocationId: SHOP }, 400, 'A pickup location goes with the pickup shipping method only.'],
      [{ shippingMethod: 'pickup', pickupLocationId: 'c00000000000000000000001' }, 404, 'Location not found'],
    ] as const;
    for (const [extra, status, message] of cases) {
      const refused = await place(extra);
      expect([refused.status, refused.body.message]).toEqual([status, message]);
    }
    // The warehouse has plenty, but a pickup order is reserved at its shop only.
    const short = await place({ shippingMethod: 'pickup', pickupLocationId: SHOP }, 3);
    expect([short.status, short.body.code]).toEqual([409, 'INSUFFICIENT_STOCK']);
    expect(short.body.message).toBe(`Insufficient stock for ${product.name} (M/Black) at Market Street shop`);
    expect(await totals(product.id)).toEqual([12, 0, 0]);
  });

  it('prices a cart with the pickup shops that have all of it now, for anyone', async () => {
    const tee = await stocked(10, 3, [{ size: 'L', color: 'Black' }]);
    await stockAt(tee.id, PICKUP_ONLY, 5);
    await stockAt(tee.id, SHOP, 1, 'L');
    const shopsFor = async (items: ReturnType<typeof orderLine>[]) => {
      const priced = await call(t.app, 'POST', '/api/orders/calculate-shipping', { body: { items } });
      expect(priced.status).toBe(200);
      return priced.body.data.pickupLocations.map((l: { name: string; available: boolean }) => [l.name, l.available]);
    };
    // Both shops hold 3 M/Black or more; only the shop also has an L.
    expect(await shopsFor([orderLine(tee.id, 3)])).toEqual([
      ['Market Street shop', true],
      ['Pier kiosk', true],
    ]);
    expect(await shopsFor([orderLine(tee.id, 1), orderLine(tee.id, 1, 'L')])).toEqual([
      ['Market Street shop', true],
      ['Pier kiosk', false],
    ]);
    // Two lines of one size/colour count together (4 > the shop's 3); the warehouse's units count at no shop.
    expect(await shopsFor([orderLine(tee.id, 2), orderLine(tee.id, 2)])).toEqual([
      ['Market Street shop', false],
      ['Pier kiosk', true],
    ]);
    // Units reserved at a shop are not there to pick up.
    await placeOrder(t.app, customer.token, [orderLine(tee.id, 2)], {
      shippingMethod: 'pickup',
      pickupLocationId: SHOP,
    });
    expect(await shopsFor([orderLine(tee.id, 2)])).toEqual([
      ['Market Street shop', false],
      ['Pier kiosk', true],
    ]);
  });
});

describe('the stock steps of an allocated order', () => {
  it('releases, commits and restocks at the locations the lines were allocated to', async () => {
    const product = await stocked(2, 4);
    const cancelled = await placeOrder(t.app, customer.token, [orderLine(product.id, 5)]);
    const cancel = await call(t.app, 'PUT', `/api/orders/${cancelled.id}/cancel`, { token: admin.token, body: {} });
    expect(cancel.status).toBe(200);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 2, 0],
      [SHOP, 4, 0],
    ]);

    const shipped = await placeOrder(t.app, customer.token, [orderLine(product.id, 5)]);
    const ship = await call(t.app, 'PUT', `/api/orders/${shipped.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid' },
    });
    expect(ship.status).toBe(200);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 0, 0],
      [SHOP, 1, 0],
    ]);
    const refund = await call(t.app, 'PUT', `/api/orders/${shipped.id}/status`, {
      token: admin.token,
      body: { status: 'refunded', paymentStatus: 'refunded' },
    });
    expect(refund.status).toBe(200);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 2, 0],
      [SHOP, 4, 0],
    ]);
    expect(await totals(product.id)).toEqual([6, 0, 0]);
  });
});

describe('reassigning a line to another location', () => {
  const reassign = (orderId: string, itemId: string, locationId: string, token = admin.token) =>
    call(t.app, 'PUT', `/api/admin/orders/${orderId}/items/${itemId}/location`, { token, body: { locationId } });

  it('moves the reservation atomically, logs it and records an event; refuses what cannot be done', async () => {
    const product = await stocked(5, 2);
    const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 2)]);
    const itemId = order.items[0]._id;
    const moved = await reassign(order.id, itemId, SHOP);
    expect([moved.status, moved.body.message]).toEqual([200, 'Line reassigned']);
    expect(moved.body.data.order.items[0].locationId).toBe(SHOP);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 5, 0],
      [SHOP, 2, 2],
    ]);
    const [log] = await queryRows<{ details: { changes: unknown } }>(
      t.app.db,
      sql`SELECT details FROM activity_logs WHERE action = 'reassign_line' AND resource_id = ${order.id}`,
    );
    expect(log!.details.changes).toEqual({ location: { before: 'Warehouse', after: 'Market Street shop' } });
    const events = await queryRows<{ data: { itemId: string; toLocationId: string } }>(
      t.app.db,
      sql`SELECT data FROM events WHERE type = 'order.line_reassigned' AND object_id = ${order.id}`,
    );
    expect(events.map((e) => [e.data.itemId, e.data.toLocationId])).toEqual([[itemId, SHOP]]);

    // Not enough at the target: 409 naming it, nothing moved.
    const other = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)]);
    const short = await reassign(other.id, other.items[0]._id, SHOP);
    expect([short.status, short.body.message]).toEqual([
      409,
      `Not enough ${product.name} (M/Black) at Market Street shop for this line`,
    ]);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 5, 3],
      [SHOP, 2, 2],
    ]);
    // Unknown line or location, a customer, a shipped order.
    expect((await reassign(order.id, other.items[0]._id, SHOP)).status).toBe(404);
    expect((await reassign(order.id, itemId, 'b00000000000000000000009')).status).toBe(404);
    expect((await reassign(order.id, itemId, DEFAULT_LOCATION_ID, customer.token)).status).toBe(403);
    await call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
      token: admin.token,
      body: { status: 'shipped', paymentStatus: 'paid' },
    });
    const late = await reassign(order.id, itemId, DEFAULT_LOCATION_ID);
    expect([late.status, late.body.code]).toEqual([409, 'LINE_NOT_RESERVED']);
    expect(await totals(product.id)).toEqual([5, 3, 0]);
  });

  it('a reassignment racing the shipment commits the units once, at one location', async () => {
    for (let round = 0; round < 5; round++) {
      const product = await stocked(4, 4);
      const order = await placeOrder(t.app, customer.token, [orderLine(product.id, 3)]);
      const [moved, shipped] = await Promise.all([
        reassign(order.id, order.items[0]._id, SHOP),
        call(t.app, 'PUT', `/api/orders/${order.id}/status`, {
          token: admin.token,
          body: { status: 'shipped', paymentStatus: 'paid' },
        }),
      ]);
      expect(shipped.status).toBe(200);
      expect([200, 409]).toContain(moved.status);
      const at = moved.status === 200 ? SHOP : DEFAULT_LOCATION_ID;
      expect((await linesOf(order.id)).map((l) => l.locationId)).toEqual([at]);
      expect(await levels(product.id)).toEqual([
        [DEFAULT_LOCATION_ID, at === DEFAULT_LOCATION_ID ? 1 : 4, 0],
        [SHOP, at === SHOP ? 1 : 4, 0],
      ]);
    }
  });
});

describe('under parallel load', () => {
  it('50 parallel orders for 10 units over two locations: exactly 10 succeed, no location goes negative', async () => {
    const product = await stocked(6, 4);
    const buyers = await Promise.all(Array.from({ length: 5 }, () => signedIn(t.app, 'customer')));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        call(t.app, 'POST', '/api/orders', {
          token: buyers[index % buyers.length]!.token,
          body: orderBody([orderLine(product.id, 1)]),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await levels(product.id)).toEqual([
      [DEFAULT_LOCATION_ID, 6, 6],
      [SHOP, 4, 4],
    ]);
    expect(await totals(product.id)).toEqual([10, 10, 0]);
    // Movements explain every level.
    const drift = await queryRows<{ location_id: string }>(
      t.app.db,
      sql`SELECT l.location_id FROM inventory_levels l JOIN inventory i ON i.id = l.inventory_id
        LEFT JOIN LATERAL (
          SELECT coalesce(sum(m.new_quantity - m.previous_quantity), 0)::int AS q,
            coalesce(sum(m.new_reserved - m.previous_reserved), 0)::int AS r
          FROM inventory_movements m WHERE m.inventory_id = l.inventory_id AND m.location_id = l.location_id
        ) AS moved ON true
        WHERE i.product_id = ${product.id} AND (l.quantity, l.reserved) IS DISTINCT FROM (moved.q, moved.r)`,
    );
    expect(drift).toEqual([]);
  });
});
