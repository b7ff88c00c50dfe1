import { DEFAULT_LOCATION_ID, type StockOperation } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { inventoryMovements, products, stockLocations } from '../../db/schema/index.js';
import { changeStock } from './index.js';

let t: TestApp;
let admin: string;
let moderator: string;
let support: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin', { firstName: 'Ada', lastName: 'Stock' })).token;
  moderator = (await signedIn(t.app, 'moderator')).token;
  support = (await signedIn(t.app, 'support')).token;
});
afterAll(async () => t.close());

const analytics = async () => (await call(t.app, 'GET', '/api/admin/analytics/inventory', { token: admin })).body.data;
const alertPage = async (query = '') =>
  (await call(t.app, 'GET', `/api/admin/analytics/inventory/low-stock${query}`, { token: moderator })).body.data;
const alerts = async () => (await alertPage('?limit=100')).alerts;
const backdate = (productId: string, at: Date, db = t.app.db) =>
  db.update(inventoryMovements).set({ createdAt: at }).where(eq(inventoryMovements.productId, productId));

describe('inventory analytics and low-stock alerts', () => {
  it('is empty on an empty catalogue, with no change to compare', async () => {
    const data = await analytics();
    expect(data).toMatchObject({ totalProducts: 0, totalValue: 0, averageStockLevel: 0, productsNeedingRestock: [] });
    expect(data.changes.totalProducts).toEqual({ previous: 0, percent: 0 });
    expect(await alerts()).toEqual([]);
  });

  it('classifies alerts at 0, 50 %, the threshold and 1.5 × the threshold', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Boundary Tee', price: 10 }, [
      { size: 'XS', color: 'Red', quantity: 0, lowStockThreshold: 10 },
      { size: 'S', color: 'Red', quantity: 5, lowStockThreshold: 10 },
      { size: 'M', color: 'Red', quantity: 6, lowStockThreshold: 10 },
      { size: 'L', color: 'Red', quantity: 10, lowStockThreshold: 10 },
      { size: 'XL', color: 'Red', quantity: 11, lowStockThreshold: 10 },
      { size: 'XXL', color: 'Red', quantity: 15, lowStockThreshold: 10 },
    ]);
    const list = await alerts();
    const mine = list.filter((a: { productId: string }) => a.productId === product.id);
    expect(mine.map((a: { variant: string; status: string }) => [a.variant, a.status])).toEqual([
      ['XS-Red', 'Out of Stock'],
      ['S-Red', 'Critical'],
      ['M-Red', 'Low Stock'],
      ['L-Red', 'Low Stock'],
    ]);
    expect(mine[1]).toMatchObject({
      productName: 'Boundary Tee',
      size: 'S',
      color: 'Red',
      currentStock: 5,
      threshold: 10,
    });
  });

  it('pages the alerts worst first, counts them and searches them by product', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Paged Alert Hoodie', sku: 'PAH-1' }, [
      { size: 'S', color: 'Grey', quantity: 0, lowStockThreshold: 4 },
      { size: 'M', color: 'Grey', quantity: 1, lowStockThreshold: 4 },
      { size: 'L', color: 'Grey', quantity: 3, lowStockThreshold: 4 },
      { size: 'XL', color: 'Grey', quantity: 9, lowStockThreshold: 4 },
    ]);
    const all = await alertPage('?limit=100');
    expect(all.pagination).toMatchObject({ page: 1, limit: 100, total: all.alerts.length, exact: true });
    const ranks = { 'Out of Stock': 0, Critical: 1, 'Low Stock': 2 } as Record<string, number>;
    const order = all.alerts.map((a: { status: string; currentStock: number }) => [ranks[a.status], a.currentStock]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));

    const found = await alertPage('?search=paged%20alert&limit=2');
    expect(found.pagination).toMatchObject({ total: 3, pages: 2, exact: true });
    expect(found.alerts.map((a: { variant: string; status: string }) => [a.variant, a.status])).toEqual([
      ['S-Grey', 'Out of Stock'],
      ['M-Grey', 'Critical'],
    ]);
    expect((await alertPage('?search=pah-1&limit=2&page=2')).alerts).toMatchObject([
      { productId: product.id, variant: 'L-Grey', status: 'Low Stock', currentStock: 3, threshold: 4 },
    ]);
    expect((await alertPage('?search=no%20such%20product')).alerts).toEqual([]);
    expect((await alertPage()).pagination.limit).toBe(20);
    const bad = await call(t.app, 'GET', '/api/admin/analytics/inventory/low-stock?page=0', { token: moderator });
    expect(bad.status).toBe(400);
  });

  it('counts products by status like the product screens, values stock × price and averages per product', async () => {
    const before = await analytics();
    await buildProduct(t.app.db, { price: 19.99 }, [{ size: 'M', color: 'Blue', quantity: 15, lowStockThreshold: 10 }]);
    await buildProduct(t.app.db, { price: 5 }, [{ size: 'M', color: 'Blue', quantity: 0, lowStockThreshold: 10 }]);
    const data = await analytics();
    expect(data.totalProducts).toBe(before.totalProducts + 2);
    expect(data.outOfStockProducts).toBe(before.outOfStockProducts + 1);
    expect(data.lowStockProducts).toBe(before.lowStockProducts); // 15 of 10 is Moderate, not Low
    expect(data.totalValue).toBeCloseTo(before.totalValue + 299.85, 2);
    expect(data.totalStockUnits).toBe(before.totalStockUnits + 15);
    expect(data.averageStockLevel).toBe(Math.round((data.totalStockUnits / data.totalProducts) * 10) / 10);
    expect(data.productsNeedingRestock.length).toBe(before.productsNeedingRestock.length + 1);
    expect(data.topCategories.length).toBeLessThanOrEqual(3);
    expect(data.topCategories[0].stock).toBeGreaterThanOrEqual(data.topCategories.at(-1).stock);
  });

  it('shows the latest real movements with product, variant, quantities, reason and admin', async () => {
    const { product } = await buildProduct(t.app.db, { name: 'Moved Tee' }, [
      { size: 'M', color: 'Black', quantity: 8 },
    ]);
    const put = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 3, operation: 'set', reason: 'count' },
    });
    expect(put.status).toBe(200);
    const [latest] = (await analytics()).recentMovements;
    expect(latest).toMatchObject({
      productId: product.id,
      productName: 'Moved Tee',
      variant: 'M-Black',
      operation: 'set',
      quantity: 3,
      previousQuantity: 8,
      newQuantity: 3,
      reason: 'count',
      admin: 'Ada Stock',
    });
  });

  it('computes the change figures against the state at the start of the UTC day 30 days ago, rebuilt from the movements', async () => {
    const fresh = await createTestApp();
    try {
      const token = (await signedIn(fresh.app, 'admin')).token;
      const old = new Date(Date.now() - 60 * DAY);
      const { product } = await buildProduct(fresh.app.db, { price: 10, createdAt: old }, [
        { size: 'M', color: 'Black', quantity: 10, lowStockThreshold: 2 },
      ]);
      // +10 today: the product had 10 units 30 days ago, 20 now.
      await call(fresh.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
        token,
        body: { size: 'M', color: 'Black', quantity: 10, operation: 'add' },
      });
      // A product created last week did not exist 30 days ago.
      await buildProduct(fresh.app.db, { price: 10 }, [{ size: 'M', color: 'Black', quantity: 0 }]);
      // A combination added today (create movement) did not exist then either.
      await call(fresh.app, 'POST', `/api/products/${product.id}/inventory`, {
        token,
        body: { size: 'L', color: 'Black', quantity: 4, lowStockThreshold: 1 },
      });
      const data = (await call(fresh.app, 'GET', '/api/admin/analytics/inventory', { token })).body.data;
      expect(data.totalValue).toBe(240);
      expect(data.changes.totalValue).toEqual({ previous: 100, percent: 140 });
      expect(data.changes.totalProducts).toEqual({ previous: 1, percent: 100 });
      expect(data.changes.outOfStockProducts).toEqual({ previous: 0, percent: null });
      const dayStart = Math.floor(Date.now() / DAY) * DAY - 30 * DAY;
      expect(data.changes.comparedTo).toBe(new Date(dayStart).toISOString());
      // The figures of that day are kept: a second read does not replay the movements, so rewriting history (the
      // movements moved 45 days back) shows only once the kept figures are gone.
      await backdate(product.id, new Date(Date.now() - 45 * DAY), fresh.app.db);
      await fresh.app.db.update(products).set({ createdAt: old }).where(eq(products.id, product.id));
      const kept = (await call(fresh.app, 'GET', '/api/admin/analytics/inventory', { token })).body.data;
      expect(kept.changes.totalValue).toEqual({ previous: 100, percent: 140 });
      expect(kept.changes.comparedTo).toBe(data.changes.comparedTo);
      await fresh.app.db.execute(sql`DELETE FROM analytics_stock_snapshots`);
      // Movements older than 30 days do not change the reconstruction.
      const later = (await call(fresh.app, 'GET', '/api/admin/analytics/inventory', { token })).body.data;
      expect(later.changes.totalValue).toEqual({ previous: 240, percent: 0 });
    } finally {
      await fresh.close();
    }
  });

  it('gives each active location its units, reserved, available and low levels, first priority first', async () => {
    const fresh = await createTestApp();
    try {
      const token = (await signedIn(fresh.app, 'admin')).token;
      const read = async () => (await call(fresh.app, 'GET', '/api/admin/analytics/inventory', { token })).body.data;
      const { product } = await buildProduct(fresh.app.db, { price: 10 }, [
        { size: 'M', color: 'Black', quantity: 10, lowStockThreshold: 5 },
        { size: 'L', color: 'Black', quantity: 2, lowStockThreshold: 5 },
      ]);
      const warehouse = { _id: DEFAULT_LOCATION_ID, name: 'Warehouse' };
      expect((await read()).byLocation).toEqual([{ ...warehouse, units: 12, reserved: 0, available: 12, lowStock: 1 }]);

      // A shop second by priority, an active depot holding nothing, an inactive one left out.
      const [shop, depot] = (
        await fresh.app.db
          .insert(stockLocations)
          .values([
            { name: 'City Shop', kind: 'shop', priority: 2, shipsOnline: false, pickup: true },
            { name: 'East Depot', kind: 'warehouse', priority: 3 },
            { name: 'Old Depot', kind: 'warehouse', priority: 4, active: false },
          ])
          .returning({ id: stockLocations.id })
      ).map((row) => row.id) as [string, string];
      const stock = async (size: string, locationId: string, operation: StockOperation, quantity: number) =>
        expect(
          (
            await changeStock(fresh.app.db, {
              productId: product.id,
              size,
              color: 'Black',
              operation,
              quantity,
              locationId,
            })
          ).ok,
        ).toBe(true);
      await stock('M', shop, 'add', 3); // at or below the level's threshold (5, the variant's): low
      await stock('M', shop, 'reserve', 1);
      await stock('L', shop, 'add', 20);
      await stock('M', DEFAULT_LOCATION_ID, 'reserve', 2);

      const data = await read();
      expect(data.byLocation).toEqual([
        { ...warehouse, units: 12, reserved: 2, available: 10, lowStock: 1 },
        { _id: shop, name: 'City Shop', units: 23, reserved: 1, available: 22, lowStock: 1 },
        { _id: depot, name: 'East Depot', units: 0, reserved: 0, available: 0, lowStock: 0 },
      ]);
      expect(data).toMatchObject({ totalProducts: 1, totalStockUnits: 35, lowStockProducts: 0 });
    } finally {
      await fresh.close();
    }
  });

  it('is for staff with analytics access only', async () => {
    for (const path of ['/api/admin/analytics/inventory', '/api/admin/analytics/inventory/low-stock']) {
      expect((await call(t.app, 'GET', path, { token: support })).status).toBe(403);
      expect((await call(t.app, 'GET', path)).status).toBe(401);
      expect((await call(t.app, 'GET', path, { token: moderator })).status).toBe(200);
    }
  });
});

describe('inventory history grouped by date', () => {
  it('groups per day with net, added and removed, and limits to the period', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const change = (operation: string, quantity: number) =>
      call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
        token: admin,
        body: { size: 'M', color: 'Black', quantity, operation, reason: `${operation} ${quantity}` },
      });
    await change('add', 5);
    await backdate(product.id, new Date(Date.now() - 20 * DAY));
    await change('subtract', 3);
    await change('set', 20);
    const days30 = (
      await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory/history?days=30`, { token: admin })
    ).body.data;
    expect(days30).toHaveLength(2);
    expect(days30[0]).toMatchObject({ netChange: 5, totalAdded: 8, totalRemoved: 3 });
    expect(days30[0].changes).toHaveLength(2);
    expect(days30[0].changes[0]).toMatchObject({
      variant: 'M/Black',
      operation: 'set',
      quantity: 20,
      previousQuantity: 12,
      newQuantity: 20,
      reason: 'set 20',
      admin: { firstName: 'Ada', lastName: 'Stock' },
    });
    expect(days30[1]).toMatchObject({ netChange: 5, totalAdded: 5, totalRemoved: 0 });
    const days7 = (
      await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory/history?days=7`, { token: admin })
    ).body.data;
    expect(days7).toHaveLength(1);
  });

  it('refuses removing more than available and never goes below 0', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 2 }]);
    const res = await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
      token: moderator,
      body: { size: 'M', color: 'Black', quantity: 3, operation: 'subtract' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/only 2 available/);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
          token: support,
          body: { size: 'M', color: 'Black', quantity: 1, operation: 'add' },
        })
      ).status,
    ).toBe(403);
  });
});
