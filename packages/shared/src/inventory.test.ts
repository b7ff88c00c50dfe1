import { describe, expect, it } from 'vitest';
import {
  inventoryTotals,
  inventoryVariantInput,
  lowStockAlerts,
  stockErrorMessage,
  topCategoriesByStock,
} from './inventory.js';
import { percentChange } from './kpis.js';

const product = (id: string, category: string, price: number, rows: [number, number][]) => ({
  id,
  name: `P${id}`,
  price,
  category,
  inventory: rows.map(([quantity, lowStockThreshold], i) => ({
    size: `S${i}`,
    color: 'Red',
    quantity,
    lowStockThreshold,
  })),
});

describe('stockErrorMessage (the specification)', () => {
  it.each([
    ['Request failed: 429', undefined, 'Rate limit exceeded. Please wait a moment and try again.'],
    ['Too Many Requests', undefined, 'Rate limit exceeded. Please wait a moment and try again.'],
    ['Invalid product ID', 400, 'Invalid product ID'],
    ['Cast to ObjectId failed', undefined, 'Database ID error. Please refresh the page and try again.'],
    ['Variant M/Black not found for this product', 404, 'Variant error: Variant M/Black not found for this product'],
    ['Bad thing', 400, 'Invalid request. Please check your input and try again.'],
    ['Gone', 404, 'Product not found. Please refresh the page and try again.'],
    ['Boom', 500, 'Server error. Please try again later.'],
    [
      'Insufficient stock for M/Black: only 2 available, cannot remove 3',
      409,
      'Insufficient stock for M/Black: only 2 available, cannot remove 3',
    ],
    ['', undefined, 'Failed to update stock.'],
  ])('%s (%s) → %s', (message, status, expected) => {
    expect(stockErrorMessage(message, status)).toBe(expected);
  });
});

describe('inventory rules', () => {
  it('alerts at or below the threshold, worst first', () => {
    const alerts = lowStockAlerts([
      product('1', 'A', 1, [
        [6, 10],
        [0, 10],
        [5, 10],
        [11, 10],
        [10, 10],
      ]),
    ]);
    expect(alerts.map((a) => [a.currentStock, a.status])).toEqual([
      [0, 'Out of Stock'],
      [5, 'Critical'],
      [6, 'Low Stock'],
      [10, 'Low Stock'],
    ]);
  });

  it('totals in cents, counts statuses and ranks categories', () => {
    const list = [
      product('1', 'Tops', 0.1, [[3, 1]]),
      product('2', 'Tops', 0.2, [[0, 1]]),
      product('3', 'Pants', 1, [[1, 5]]),
    ];
    expect(inventoryTotals(list)).toMatchObject({
      totalProducts: 3,
      outOfStockProducts: 1,
      lowStockProducts: 1,
      totalValue: 1.3,
      totalStockUnits: 4,
    });
    expect(topCategoriesByStock(list)).toEqual([
      { category: 'Tops', stock: 3 },
      { category: 'Pants', stock: 1 },
    ]);
  });

  it('percent change to one decimal, null without a base', () => {
    expect(percentChange(110, 100)).toBe(10);
    expect(percentChange(2, 3)).toBe(-33.3);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('new variant: the inventory page messages and default threshold 5', () => {
    expect(inventoryVariantInput.parse({ size: ' M ', color: 'Red', quantity: 0 })).toEqual({
      size: 'M',
      color: 'Red',
      quantity: 0,
      lowStockThreshold: 5,
    });
    const bad = inventoryVariantInput.safeParse({ size: ' ', color: 'Red', quantity: -1, lowStockThreshold: -1 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Please enter both size and color',
      'Initial quantity cannot be negative',
      'Low stock threshold cannot be negative',
    ]);
  });
});
