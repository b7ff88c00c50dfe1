import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, inventory, inventoryMovements } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
let moderator: string;
let support: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  const tokens = await Promise.all(
    (['admin', 'moderator', 'support', 'customer'] as const).map(async (role) => (await signedIn(t.app, role)).token),
  );
  [admin, moderator, support, customer] = tokens as [string, string, string, string];
});
afterAll(async () => t.close());

const rowOf = async (productId: string, size: string, color: string) =>
  (
    await t.app.db
      .select()
      .from(inventory)
      .where(and(eq(inventory.productId, productId), eq(inventory.size, size), eq(inventory.color, color)))
  )[0];
const movementsOf = (productId: string) =>
  t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, productId));

describe('POST /api/products/{id}/stock/add and /stock/remove', () => {
  it('adds and removes units of a combination (case-insensitive), with a movement and an activity row', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const add = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: moderator,
      body: { size: 'm', color: 'black', quantity: 5, reason: 'restock' },
    });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Stock updated successfully');
    expect(add.body.data.product.inventory[0]).toMatchObject({ quantity: 15 });
    const remove = await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 4, reason: 'damaged' },
    });
    expect(remove.body.data.product.inventory[0]).toMatchObject({ quantity: 11 });
    const movements = await movementsOf(product.id);
    expect(movements.map((m) => [m.operation, m.quantity, m.previousQuantity, m.newQuantity, m.reason]).sort()).toEqual(
      [
        ['add', 5, 10, 15, 'restock'],
        ['subtract', 4, 15, 11, 'damaged'],
      ],
    );
    const logs = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, product.id));
    expect(logs.map((l) => [l.action, l.resource]).sort()).toEqual([
      ['stock_add', 'inventory'],
      ['stock_remove', 'inventory'],
    ]);
  });

  it('refuses removing more than is available (409) and changes nothing', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'L', color: 'Red', quantity: 5, reserved: 2 }]);
    const res = await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'L', color: 'Red', quantity: 4 },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Insufficient stock for L/Red: only 3 available, cannot remove 4');
    expect(await rowOf(product.id, 'L', 'Red')).toMatchObject({ quantity: 5, reserved: 2 });
    expect(await movementsOf(product.id)).toEqual([]);
  });

  it('gives the spec message for missing size, color or quantity, 404 for an unknown combination or product', async () => {
    const { product } = await buildProduct(t.app.db);
    for (const body of [
      { size: '', color: 'Black', quantity: 1 },
      { size: 'M', color: ' ', quantity: 1 },
      { size: 'M', color: 'Black', quantity: 0 },
      { size: 'M', color: 'Black', quantity: 1.5 },
      { size: 'M', color: 'Black' },
    ]) {
      const res = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Please select both size and color, and enter a valid quantity');
    }
    const unknownVariant = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: admin,
      body: { size: 'XXL', color: 'Pink', quantity: 1 },
    });
    expect([unknownVariant.status, unknownVariant.body.error]).toEqual([
      404,
      'Variant XXL/Pink not found for this product',
    ]);
    const unknownProduct = await call(t.app, 'POST', '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa/stock/add', {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 1 },
    });
    expect(unknownProduct.status).toBe(404);
    const badId = await call(t.app, 'POST', '/api/products/12345/stock/remove', {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 1 },
    });
    expect(badId.body.error).toBe('Invalid product ID format. Expected 24 characters, got 5');
  });

  it('lets only admin and moderator change stock', async () => {
    const { product } = await buildProduct(t.app.db);
    const body = { size: 'M', color: 'Black', quantity: 1 };
    expect((await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, { body })).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, { token: customer, body })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, { token: support, body })).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
          token: support,
          body: { ...body, operation: 'add' },
        })
      ).status,
    ).toBe(403);
    expect((await call(t.app, 'POST', `/api/products/${product.id}/inventory`, { token: customer, body })).status).toBe(
      403,
    );
    expect(
      (await call(t.app, 'PUT', `/api/products/${product.id}/inventory`, { token: support, body: { inventory: [] } }))
        .status,
    ).toBe(403);
  });
});

describe('PUT /api/admin/products/{id}/inventory', () => {
  it('applies add, subtract and set; refuses over-removal and setting below reserved', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'S', color: 'Navy', quantity: 8, reserved: 3 }]);
    const put = (body: Record<string, unknown>) =>
      call(t.app, 'PUT', `/api/admin/products/${product.id}/inventory`, {
        token: moderator,
        body: { size: 'S', color: 'Navy', ...body },
      });
    expect((await put({ quantity: 2, operation: 'add' })).body.data.product.inventory[0].quantity).toBe(10);
    expect(
      (await put({ quantity: 3, operation: 'subtract', reason: 'Damaged' })).body.data.product.inventory[0].quantity,
    ).toBe(7);
    expect((await put({ quantity: 20, operation: 'set' })).body.data.product.inventory[0].quantity).toBe(20);
    const over = await put({ quantity: 18, operation: 'subtract' });
    expect(over.status).toBe(409);
    const belowReserved = await put({ quantity: 2, operation: 'set' });
    expect(belowReserved.status).toBe(409);
    expect((await rowOf(product.id, 'S', 'Navy'))!.quantity).toBe(20);
    expect((await put({ quantity: 0, operation: 'add' })).body.error).toBe(
      'Please select both size and color, and enter a valid quantity',
    );
    expect((await put({ quantity: 1, operation: 'multiply' })).status).toBe(400);
    expect((await put({ quantity: 3, operation: 'set' })).status).toBe(200);
  });
});

describe('POST /api/products/{id}/inventory (new combination)', () => {
  it('adds a combination with quantity 0, threshold 10 and reserved 0 by default', async () => {
    const { product } = await buildProduct(t.app.db);
    const res = await call(t.app, 'POST', `/api/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'XL', color: 'Teal' },
    });
    expect(res.status).toBe(201);
    expect(await rowOf(product.id, 'XL', 'Teal')).toMatchObject({ quantity: 0, reserved: 0, lowStockThreshold: 10 });
    const withStock = await call(t.app, 'POST', `/api/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'XS', color: 'Teal', quantity: 4, lowStockThreshold: 2, reserved: 0 },
    });
    expect(withStock.body.data.product.inventory.find((r: { size: string }) => r.size === 'XS')).toMatchObject({
      quantity: 4,
      lowStockThreshold: 2,
    });
  });

  it('refuses an existing combination in any case (409) and gives the spec messages', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 1 }]);
    const dup = await call(t.app, 'POST', `/api/products/${product.id}/inventory`, {
      token: admin,
      body: { size: 'm', color: 'BLACK' },
    });
    expect([dup.status, dup.body.error]).toEqual([409, 'This size/color combination already exists']);
    const post = (body: Record<string, unknown>) =>
      call(t.app, 'POST', `/api/products/${product.id}/inventory`, { token: admin, body });
    expect((await post({ size: 'M' })).body.error).toBe('Please select both size and color');
    expect((await post({ size: ' ', color: 'Red' })).body.error).toBe('Please select both size and color');
    expect((await post({ size: 'S', color: 'Red', quantity: -1 })).body.error).toBe(
      'Initial quantity cannot be negative',
    );
    expect((await post({ size: 'S', color: 'Red', lowStockThreshold: -1 })).body.error).toBe(
      'Low stock threshold cannot be negative',
    );
    expect((await post({ size: 'S', color: 'Red', reserved: 3 })).status).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/products/aaaaaaaaaaaaaaaaaaaaaaaa/inventory', {
          token: admin,
          body: { size: 'S', color: 'Red' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('PUT /api/products/{id}/inventory', () => {
  it('replaces the combinations through the stock function', async () => {
    const { product } = await buildProduct(t.app.db, {}, [
      { size: 'M', color: 'Black', quantity: 10 },
      { size: 'L', color: 'Black', quantity: 2 },
    ]);
    const res = await call(t.app, 'PUT', `/api/products/${product.id}/inventory`, {
      token: admin,
      body: {
        inventory: [
          { size: 'M', color: 'Black', quantity: 12, lowStockThreshold: 4 },
          { size: 'XL', color: 'Gray', quantity: 1 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(
      res.body.data.product.inventory.map((r: { size: string; quantity: number; lowStockThreshold: number }) => [
        r.size,
        r.quantity,
        r.lowStockThreshold,
      ]),
    ).toEqual([
      ['M', 12, 4],
      ['XL', 1, 5],
    ]);
    const ops = (await movementsOf(product.id)).map((m) => `${m.operation}:${m.size}`).sort();
    expect(ops).toEqual(['create:XL', 'set:L', 'set:M']);
    const dup = await call(t.app, 'PUT', `/api/products/${product.id}/inventory`, {
      token: admin,
      body: {
        inventory: [
          { size: 'S', color: 'Red', quantity: 1 },
          { size: 's', color: 'red', quantity: 1 },
        ],
      },
    });
    expect(dup.status).toBe(409);
    expect(
      (
        await call(t.app, 'PUT', `/api/products/${product.id}/inventory`, {
          token: admin,
          body: { inventory: [{ size: 'S', color: 'Red', quantity: -3 }] },
        })
      ).status,
    ).toBe(400);
  });
});

describe('inventory history', () => {
  it('pages the changes (20 per page) and groups the last days for the inventory screens', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    for (let i = 0; i < 3; i++)
      await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
        token: admin,
        body: { size: 'M', color: 'Black', quantity: 2, reason: 'restock' },
      });
    await call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
      token: admin,
      body: { size: 'M', color: 'Black', quantity: 5 },
    });
    const page = await call(t.app, 'GET', `/api/products/${product.id}/inventory/history?limit=2`, { token: support });
    expect(page.status).toBe(200);
    expect(page.body.data.pagination).toMatchObject({ page: 1, limit: 2, total: 4, pages: 2 });
    expect(page.body.data.history[0]).toMatchObject({
      variant: 'M/Black',
      operation: 'subtract',
      quantity: 5,
      previousQuantity: 16,
      newQuantity: 11,
      netChange: -5,
      reason: null,
      admin: { firstName: 'Test' },
    });
    expect(
      (await call(t.app, 'GET', `/api/products/${product.id}/inventory/history`, { token: admin })).body.data.pagination
        .limit,
    ).toBe(20);

    const days = await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory/history`, { token: admin });
    expect(days.status).toBe(200);
    expect(days.body.data).toHaveLength(1);
    expect(days.body.data[0]).toMatchObject({ changeCount: 4, netChange: 1, totalAdded: 6, totalRemoved: 5 });
    expect(days.body.data[0].date).toBe(new Date().toISOString().slice(0, 10));
    expect(
      (await call(t.app, 'GET', `/api/admin/products/${product.id}/inventory/history?days=0`, { token: admin })).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/products/aaaaaaaaaaaaaaaaaaaaaaaa/inventory/history', { token: admin }))
        .status,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/products/${product.id}/inventory/history`, { token: customer })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', `/api/products/${product.id}/inventory/history`)).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('25 parallel removals of 1 from a combination holding 10: exactly 10 succeed', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        call(t.app, 'POST', `/api/products/${product.id}/stock/remove`, {
          token: admin,
          body: { size: 'M', color: 'Black', quantity: 1 },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    expect((await rowOf(product.id, 'M', 'Black'))!.quantity).toBe(0);
    expect(await movementsOf(product.id)).toHaveLength(10);
  });
});
