import { describe, expect, it } from 'vitest';
import {
  alertStatus,
  ORDER_STOCK_OPERATIONS,
  previewStockLevel,
  STOCK_MOVEMENT_OPERATIONS,
  STOCK_OPERATION_TEXT,
  STOCK_OPERATIONS,
  stockPercent,
  stockStatus,
  variantLevel,
} from './stock.js';

const row = (quantity: number, lowStockThreshold = 10) => ({ quantity, lowStockThreshold });

describe('stockStatus', () => {
  it('is Out of Stock when the total quantity is 0', () => {
    expect(stockStatus([row(0), row(0)])).toBe('Out of Stock');
    expect(stockStatus([])).toBe('Out of Stock');
  });
  it('is Low Stock when any variant is at or below its threshold', () => {
    expect(stockStatus([row(10), row(100)])).toBe('Low Stock');
    expect(stockStatus([row(0), row(100)])).toBe('Low Stock');
  });
  it('is Moderate Stock above the threshold up to 1.5 times it', () => {
    expect(stockStatus([row(11), row(100)])).toBe('Moderate Stock');
    expect(stockStatus([row(15), row(100)])).toBe('Moderate Stock');
  });
  it('is In Stock above 1.5 times every threshold', () => {
    expect(stockStatus([row(16), row(100)])).toBe('In Stock');
  });
});

describe('variantLevel', () => {
  it('follows the same boundaries per combination', () => {
    expect(variantLevel(row(5, 5))).toBe('low');
    expect(variantLevel(row(7, 5))).toBe('moderate');
    expect(variantLevel(row(8, 5))).toBe('ok');
  });
});

describe('alertStatus and stockPercent', () => {
  it('classifies at 0, at half the threshold and above it', () => {
    expect(alertStatus(0, 10)).toBe('Out of Stock');
    expect(alertStatus(5, 10)).toBe('Critical');
    expect(alertStatus(6, 10)).toBe('Low Stock');
    expect(alertStatus(10, 10)).toBe('Low Stock');
  });
  it('caps the bar at 100 percent', () => {
    expect(stockPercent(5, 10)).toBe(50);
    expect(stockPercent(30, 10)).toBe(100);
    expect(stockPercent(0, 0)).toBe(0);
  });
});

describe('previewStockLevel', () => {
  it('never goes below 0', () => {
    expect(previewStockLevel(5, 'add', 3)).toBe(8);
    expect(previewStockLevel(5, 'subtract', 9)).toBe(0);
    expect(previewStockLevel(5, 'set', 2)).toBe(2);
    expect(previewStockLevel(5, 'set', -2)).toBe(0);
  });
});

describe('stock-movement operations (one table for the stock function, the database and the screens)', () => {
  it('are the staff operations, create, the order and the transfer operations, each with its history label', () => {
    expect(STOCK_OPERATIONS).toEqual(['add', 'subtract', 'set']);
    expect(ORDER_STOCK_OPERATIONS).toEqual(['reserve', 'release', 'commit', 'return']);
    expect(STOCK_MOVEMENT_OPERATIONS).toEqual([
      'add',
      'subtract',
      'set',
      'create',
      'reserve',
      'release',
      'commit',
      'return',
      'transfer_out',
      'transfer_in',
    ]);
    expect(Object.keys(STOCK_OPERATION_TEXT).sort()).toEqual([...STOCK_MOVEMENT_OPERATIONS].sort());
    expect(STOCK_OPERATIONS.map((op) => STOCK_OPERATION_TEXT[op].formLabel)).toEqual([
      'Add Stock',
      'Remove Stock',
      'Set Stock Level',
    ]);
    expect(STOCK_OPERATION_TEXT.subtract.label).toBe('Remove');
  });
});
