import { DEFAULT_LOCATION_ID, LOCATION_MESSAGES } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, inventory, inventoryLevels, inventoryMovements, stockLocations } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let support: string;
let moderator: string;
let customer: string;
let shop: string;
let closed: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, support, moderator, customer] = (await Promise.all(
    (['admin', 'support', 'moderator', 'customer'] as const).map(async (role) => (await signedIn(t.app, role)).token),
  )) as [string, string, string, string];
  // A second location (after the default one by priority) and an inactive third.
  const rows = await t.app.db
    .insert(stockLocations)
    .values([
      { name: 'City Shop', kind: 'shop', priority: 2, shipsOnline: false, pickup: true },
      { name: 'Old Depot', kind: 'warehouse', priority: 3, active: false },
    ])
    .returning({ id: stockLocations.id });
  [shop, closed] = rows.map((row) => row.id) as [string, string];
});
afterAll(async () => t.close());

const levelsOf = async (productId: string) =>
  (
    await t.app.db
      .select({ locationId: inventoryLevels.locationId, quantity: inventoryLevels.quantity })
      .from(inventoryLevels)
      .innerJoin(inventory, eq(inventory.id, inventoryLevels.inventoryId))
      .where(eq(inventory.productId, productId))
  ).sort((a, b) => a.locationId.localeCompare(b.locationId));
const variantOf = async (productId: string) =>
  (await t.app.db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!;
const logsOf = (productId: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resourceId, productId), eq(activityLogs.resource, 'inventory')));

describe('GET /api/admin/locations?active=true (the stock screens’ choices)', () => {
  it('lists the active locations by priority to any staff member, not to customers', async () => {
    for (const token of [support, moderator]) {
      const res = await call(t.app, 'GET', '/api/admin/locations?active=true', { token });
      expect(res.status).toBe(200);
      expect(res.body.data.locations.map((l: { _id: string; name: string; priority: number }) => l)).toEqual([
        expect.objectContaining({ _id: DEFAULT_LOCATION_ID, name: 'Warehouse', priority: 1, active: true }),
        expect.objectContaining({ _id: shop, name: 'City Shop', priority: 2, active: true }),
      ]);
    }
    expect((await call(t.app, 'GET', '/api/admin/locations?active=true', { token: customer })).status).toBe(403);
  });
});

describe('staff stock changes at a location', () => {
  it('adds and removes at the named location (the level is created), the variant holding the sum', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const add = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 4, locationId: shop, reason: 'delivery' },
    });
    expect(add.status).toBe(200);
    expect(add.body.data.product.inventory[0]).toMatchObject({ quantity: 14 });
    const remove = await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 1, locationId: shop },
    });
    expect(remove.status).toBe(200);
    expect(await levelsOf(product.id)).toEqual([
      { locationId: DEFAULT_LOCATION_ID, quantity: 10 },
      { locationId: shop, quantity: 3 },
    ]);
    expect(await variantOf(product.id)).toMatchObject({ quantity: 13 });
    const movements = await t.app.db
      .select()
      .from(inventoryMovements)
      .where(eq(inventoryMovements.productId, product.id));
    expect(movements.filter((m) => m.operation !== 'create').map((m) => [m.operation, m.locationId])).toEqual(
      expect.arrayContaining([
        ['add', shop],
        ['subtract', shop],
      ]),
    );
    const logs = await logsOf(product.id);
    expect(logs.map((log) => (log.details as { location?: string }).location)).toEqual(['City Shop', 'City Shop']);
  });

  it('refuses removing more than the location holds (409, naming it) and changes nothing', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'S', color: 'Red', quantity: 8 }]);
    const res = await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'S', color: 'Red', quantity: 2, locationId: shop },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Insufficient stock for S/Red at City Shop: only 0 available, cannot remove 2');
    expect(await levelsOf(product.id)).toEqual([{ locationId: DEFAULT_LOCATION_ID, quantity: 8 }]);
  });

  it('PUT /admin/products/{id}/inventory sets the level at the location; without one, the first location', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'L', color: 'Navy', quantity: 5 }]);
    const set = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'L', color: 'Navy', quantity: 7, operation: 'set', locationId: shop },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.product.inventory[0]).toMatchObject({ quantity: 12 });
    const plain = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'L', color: 'Navy', quantity: 1, operation: 'subtract' },
    });
    expect(plain.status).toBe(200);
    expect(await levelsOf(product.id)).toEqual([
      { locationId: DEFAULT_LOCATION_ID, quantity: 4 },
      { locationId: shop, quantity: 7 },
    ]);
    const logs = await logsOf(product.id);
    expect(logs.map((log) => [log.action, (log.details as { location?: string }).location]).sort()).toEqual([
      ['stock_remove', undefined],
      ['stock_set', 'City Shop'],
    ]);
  });

  it('PUT /products/{id}/inventory keeps a total: the first location takes the difference', async () => {
    const { product } = await buildProduct(t.app.db, {}, [
      { size: 'M', color: 'Blue', quantity: 10 },
      { size: 'L', color: 'Blue', quantity: 1 },
    ]);
    await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'M', color: 'Blue', quantity: 4, locationId: shop },
    });
    const replace = (rows: { size: string; quantity: number }[]) =>
      call(t.app, 'PUT', `/api/products/${product.id}/inventory`, {
        token: admin,
        body: { inventory: rows.map((row) => ({ ...row, color: 'Blue' })) },
      });
    expect(
      (
        await replace([
          { size: 'M', quantity: 20 },
          { size: 'L', quantity: 1 },
        ])
      ).status,
    ).toBe(200);
    const levels = await levelsOf(product.id);
    expect(levels.filter((l) => l.locationId === shop)).toEqual([{ locationId: shop, quantity: 4 }]);
    expect(
      levels
        .filter((l) => l.locationId !== shop)
        .map((l) => l.quantity)
        .sort(),
    ).toEqual([1, 16]);
    const tooLow = await replace([
      { size: 'M', quantity: 3 },
      { size: 'L', quantity: 1 },
    ]);
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.error).toBe('Cannot set M/Blue to 3: 4 units are held at other locations');
    const removed = await replace([{ size: 'L', quantity: 1 }]);
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe('Cannot remove M/Blue: units are held at other locations');
  });

  it('answers 404 for an unknown location and 409 for an inactive one, writing nothing', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Green', quantity: 3 }]);
    const cases = [
      { locationId: 'f'.repeat(24), status: 404, error: LOCATION_MESSAGES.notFound },
      { locationId: 'short', status: 400, error: LOCATION_MESSAGES.notFound },
      { locationId: closed, status: 409, error: LOCATION_MESSAGES.inactive },
    ];
    for (const { locationId, status, error } of cases) {
      for (const [method, path, extra] of [
        ['POST', `/api/products/${product.id}/stock/add`, {}],
        ['PUT', `/api/admin/products/${product.id}/inventory`, { operation: 'add' }],
      ] as const) {
        const res = await call(t.app, method, path, {
          token: admin,
          body: { size: 'M', color: 'Green', quantity: 1, locationId, ...extra },
        });
        expect(res.status, `${path} ${locationId}`).toBe(status);
        expect(JSON.stringify(res.body)).toContain(error);
      }
    }
    expect(await levelsOf(product.id)).toEqual([{ locationId: DEFAULT_LOCATION_ID, quantity: 3 }]);
    expect(await logsOf(product.id)).toEqual([]);
  });
});

describe('GET /api/admin/products/{id}/inventory', () => {
  it('lists each size/color with its totals and its levels per location, by priority', async () => {
    const { product } = await buildProduct(t.app.db, {}, [
      { size: 'M', color: 'Black', quantity: 6, reserved: 1, lowStockThreshold: 3 },
      { size: 'S', color: 'Black', quantity: 2 },
    ]);
    await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 5, locationId: shop },
    });
    const res = await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory`, { token: support });
    expect(res.status).toBe(200);
    expect(res.body.data.productId).toBe(product.id);
    expect(res.body.data.variants.map((v: { size: string }) => v.size)).toEqual(['S', 'M']);
    expect(res.body.data.variants[1]).toMatchObject({
      size: 'M',
      color: 'Black',
      quantity: 11,
      reserved: 1,
      available: 10,
      levels: [
        {
          locationId: DEFAULT_LOCATION_ID,
          locationName: 'Warehouse',
          quantity: 6,
          reserved: 1,
          available: 5,
          lowStockThreshold: 3,
        },
        { locationId: shop, locationName: 'City Shop', quantity: 5, reserved: 0, available: 5, lowStockThreshold: 3 },
      ],
    });
    expect(res.body.data.variants[0].levels).toHaveLength(1);
    const missing = await call(t.app, 'GET', `/api/admin/products/${'e'.repeat(24)}/inventory`, { token: admin });
    expect(missing.status).toBe(404);
  });
});

describe('low-stock alerts per location and the history with locations', () => {
  it('with locationId, lists that location’s levels at or below their threshold; without, the totals', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Alert Coat' }, [
      { size: 'M', color: 'Olive', quantity: 20, lowStockThreshold: 5 },
    ]);
    await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'M', color: 'Olive', quantity: 2, locationId: shop },
    });
    const at = await call(t.app, 'GET', `/api/admin/analytics/inventory/low-stock?locationId=${shop}&search=Alert`, {
      token: admin,
    });
    expect(at.status).toBe(200);
    expect(at.body.data.alerts).toEqual([
      expect.objectContaining({
        productId: product.id,
        currentStock: 2,
        threshold: 5,
        status: 'Critical',
        location: { _id: shop, name: 'City Shop' },
      }),
    ]);
    expect(at.body.data.pagination.total).toBe(1);
    const totals = await call(t.app, 'GET', '/api/admin/analytics/inventory/low-stock?search=Alert', { token: admin });
    expect(totals.body.data.alerts).toEqual([]);
    const first = await call(
      t.app,
      'GET',
      `/api/admin/analytics/inventory/low-stock?locationId=${DEFAULT_LOCATION_ID}`,
      {
        token: admin,
      },
    );
    expect(first.body.data.alerts.map((a: { productId: string }) => a.productId)).not.toContain(product.id);
    const unknown = await call(t.app, 'GET', `/api/admin/analytics/inventory/low-stock?locationId=${'f'.repeat(24)}`, {
      token: admin,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(LOCATION_MESSAGES.notFound);
  });

  it('names the location of every movement in the history', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'XL', color: 'Grey', quantity: 1 }]);
    await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'XL', color: 'Grey', quantity: 3, locationId: shop },
    });
    await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'XL', color: 'Grey', quantity: 1 },
    });
    const page = await call(t.app, 'GET', `/api/products/${product.id}/inventory/history`, { token: admin });
    expect(page.body.data.history.map((c: { location: { name: string } }) => c.location.name).sort()).toEqual([
      'City Shop',
      'Warehouse',
    ]);
    const days = await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory/history?days=7`, {
      token: admin,
    });
    expect(days.body.data[0].changes.map((c: { location: { _id: string } }) => c.location._id)).toContain(shop);
  });
});
