import { STOCK } from './constants.js';

export type InventoryLevel = { quantity: number; reserved?: number; lowStockThreshold: number };

export type StockStatus = 'Out of Stock' | 'Low Stock' | 'Moderate Stock' | 'In Stock';

/**
 * A product's stock status (the specification): Out of Stock when the total quantity is 0; Low Stock when any
 * variant is at or below its threshold; Moderate Stock when any is above it but at most 1.5 times it; else In Stock.
 */
export function stockStatus(inventory: readonly InventoryLevel[]): StockStatus {
  const total = inventory.reduce((sum, row) => sum + row.quantity, 0);
  if (total === 0) return 'Out of Stock';
  if (inventory.some((row) => row.quantity <= row.lowStockThreshold)) return 'Low Stock';
  if (inventory.some((row) => row.quantity <= row.lowStockThreshold * STOCK.moderateBandFactor))
    return 'Moderate Stock';
  return 'In Stock';
}

/** Per-combination badge color: at or below threshold red, up to 1.5 times yellow, above green. */
export function variantLevel(row: InventoryLevel): 'low' | 'moderate' | 'ok' {
  if (row.quantity <= row.lowStockThreshold) return 'low';
  if (row.quantity <= row.lowStockThreshold * STOCK.moderateBandFactor) return 'moderate';
  return 'ok';
}

export type AlertStatus = 'Out of Stock' | 'Critical' | 'Low Stock';

/** Low-stock alert row: Out of Stock at 0; Critical at or below half the threshold; otherwise Low Stock. */
export function alertStatus(currentStock: number, threshold: number): AlertStatus {
  if (currentStock <= 0) return 'Out of Stock';
  if (currentStock <= threshold * STOCK.criticalFactor) return 'Critical';
  return 'Low Stock';
}

/** Priority bar and alert progress: current / threshold as a percent, capped at 100. */
export function stockPercent(currentStock: number, threshold: number): number {
  if (threshold <= 0) return currentStock > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (currentStock / threshold) * 100));
}

/*
 * Stock-movement operations, defined here once (server stock function, database CHECK, contracts, web dialogs).
 * Staff: add | subtract | set. Orders: reserve (hold) | release (give a hold back) | commit (take held units out of
 * quantity) | return (put committed units back). create: the starting quantity of a new size/color combination.
 */
export const STOCK_OPERATIONS = ['add', 'subtract', 'set'] as const;
export type StaffStockOperation = (typeof STOCK_OPERATIONS)[number];
export const ORDER_STOCK_OPERATIONS = ['reserve', 'release', 'commit', 'return'] as const;
export type OrderStockOperation = (typeof ORDER_STOCK_OPERATIONS)[number];
/** The operations that change an existing row's quantity or reserved (the one stock function's). */
export type StockOperation = StaffStockOperation | OrderStockOperation | TransferStockOperation;
/** Every value of `inventory_movements.operation`. */
/** Transfers between locations: units leave the source when shipped and reach the destination when received. */
export const TRANSFER_STOCK_OPERATIONS = ['transfer_out', 'transfer_in'] as const;
export type TransferStockOperation = (typeof TRANSFER_STOCK_OPERATIONS)[number];
export const STOCK_MOVEMENT_OPERATIONS = [
  ...STOCK_OPERATIONS,
  'create',
  ...ORDER_STOCK_OPERATIONS,
  ...TRANSFER_STOCK_OPERATIONS,
] as const;
export type StockMovementOperation = (typeof STOCK_MOVEMENT_OPERATIONS)[number];

/** How each operation reads: `label` in the history lists, `formLabel` in the Manage Stock dialog's choices. */
export const STOCK_OPERATION_TEXT: { [K in StockMovementOperation]: { label: string } } & {
  [K in StaffStockOperation]: { label: string; formLabel: string };
} = {
  add: { label: 'Add', formLabel: 'Add Stock' },
  subtract: { label: 'Remove', formLabel: 'Remove Stock' },
  set: { label: 'Set', formLabel: 'Set Stock Level' },
  create: { label: 'Create' },
  reserve: { label: 'Reserve' },
  release: { label: 'Release' },
  commit: { label: 'Commit' },
  return: { label: 'Return' },
  transfer_out: { label: 'Transfer out' },
  transfer_in: { label: 'Transfer in' },
};

/** The previewed level after a staff operation; never below 0. */
export function previewStockLevel(current: number, operation: StaffStockOperation, quantity: number): number {
  const q = Number.isFinite(quantity) ? quantity : 0;
  if (operation === 'add') return Math.max(0, current + q);
  if (operation === 'subtract') return Math.max(0, current - q);
  return Math.max(0, q);
}

export function availableStock(row: { quantity: number; reserved: number }): number {
  return row.quantity - row.reserved;
}
