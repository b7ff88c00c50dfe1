import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { inventory, inventoryMovements } from '../../db/schema/index.js';
import { changeStock, createVariant } from './stock.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const stockOf = async (productId: string) =>
  (await t.app.db.select().from(inventory).where(eq(inventory.productId, productId)))[0]!;
const movementsOf = (productId: string) =>
  t.app.db.select().from(inventoryMovements).where(eq(inventoryMovements.productId, productId));

describe('changeStock', () => {
  it('applies each operation and records previous and new values', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const base = { productId: product.id, size: 'm', color: 'BLACK' };
    const steps = [
      { operation: 'add', quantity: 5, expect: [15, 0] },
      { operation: 'reserve', quantity: 4, expect: [15, 4] },
      { operation: 'subtract', quantity: 3, expect: [12, 4] },
      { operation: 'commit', quantity: 2, expect: [10, 2] },
      { operation: 'release', quantity: 2, expect: [10, 0] },
      { operation: 'return', quantity: 2, expect: [12, 0] },
      { operation: 'set', quantity: 7, expect: [7, 0] },
    ] as const;
    for (const step of steps) {
      const result = await changeStock(t.app.db, {
        ...base,
        operation: step.operation,
        quantity: step.quantity,
        reason: step.operation,
      });
      expect(result.ok, step.operation).toBe(true);
      const row = await stockOf(product.id);
      expect([row.quantity, row.reserved], step.operation).toEqual(step.expect);
    }
    const movements = await movementsOf(product.id);
    expect(movements).toHaveLength(steps.length);
    const set = movements.find((m) => m.operation === 'set')!;
    expect([set.previousQuantity, set.newQuantity]).toEqual([12, 7]);
  });

  it('refuses what would break a rule and changes nothing', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'S', color: 'Red', quantity: 5, reserved: 3 }]);
    const base = { productId: product.id, size: 'S', color: 'Red' };
    expect(await changeStock(t.app.db, { ...base, operation: 'subtract', quantity: 3 })).toEqual({
      ok: false,
      reason: 'insufficient',
      available: 2,
    });
    expect((await changeStock(t.app.db, { ...base, operation: 'reserve', quantity: 3 })).ok).toBe(false);
    expect((await changeStock(t.app.db, { ...base, operation: 'set', quantity: 2 })).ok).toBe(false);
    expect((await changeStock(t.app.db, { ...base, operation: 'release', quantity: 4 })).ok).toBe(false);
    expect(await changeStock(t.app.db, { ...base, size: 'XL', operation: 'add', quantity: 1 })).toEqual({
      ok: false,
      reason: 'not_found',
      available: 0,
    });
    const row = await stockOf(product.id);
    expect([row.quantity, row.reserved]).toEqual([5, 3]);
    expect(await movementsOf(product.id)).toHaveLength(0);
  });

  it('25 parallel removals of 1 from 10: exactly 10 succeed, none below 0, 10 movements', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'L', color: 'Navy', quantity: 10 }]);
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        t.app.db.transaction((tx) =>
          changeStock(tx, { productId: product.id, size: 'L', color: 'Navy', operation: 'subtract', quantity: 1 }),
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect((await stockOf(product.id)).quantity).toBe(0);
    expect(await movementsOf(product.id)).toHaveLength(10);
  });

  it('set racing subtract loses no update: the end state is some serial order', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Teal', quantity: 20 }]);
    const base = { productId: product.id, size: 'M', color: 'Teal' };
    await Promise.all([
      t.app.db.transaction((tx) => changeStock(tx, { ...base, operation: 'set', quantity: 50 })),
      ...Array.from({ length: 5 }, () =>
        t.app.db.transaction((tx) => changeStock(tx, { ...base, operation: 'subtract', quantity: 2 })),
      ),
    ]);
    const movements = await movementsOf(product.id);
    expect(movements).toHaveLength(6);
    // Serializable means the movements chain from 20 to the final quantity, each starting where another ended.
    let current = 20;
    const remaining = [...movements];
    while (remaining.length) {
      const next = remaining.findIndex((m) => m.previousQuantity === current);
      expect(next, `no movement continues from ${current}`).toBeGreaterThanOrEqual(0);
      current = remaining.splice(next, 1)[0]!.newQuantity;
    }
    expect((await stockOf(product.id)).quantity).toBe(current);
    expect([50, 48, 46, 44, 42, 40]).toContain(current);
  });
});

describe('createVariant', () => {
  it('adds a combination once, case-insensitively, with a create movement', async () => {
    const { product } = await buildProduct(t.app.db, {}, []);
    const first = await createVariant(t.app.db, {
      productId: product.id,
      size: ' XL ',
      color: 'Mint',
      quantity: 4,
      lowStockThreshold: 10,
    });
    expect(first).toMatchObject({ size: 'XL', color: 'Mint', quantity: 4, reserved: 0, lowStockThreshold: 10 });
    expect(
      await createVariant(t.app.db, {
        productId: product.id,
        size: 'xl',
        color: 'MINT',
        quantity: 1,
        lowStockThreshold: 5,
      }),
    ).toBeNull();
    const movements = await movementsOf(product.id);
    expect(movements.map((m) => [m.operation, m.newQuantity])).toEqual([['create', 4]]);
  });
});
