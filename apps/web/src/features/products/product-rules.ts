import { STOCK, variantLevel } from '@seamline/shared';
import type { BadgeVariant } from '@seamline/ui';

/** Toasts of the product screens (the specification), shown for TOAST_MS.products. */
export const PRODUCT_TOASTS = {
  added: 'Product added successfully!',
  updated: 'Product updated successfully!',
  stock: 'Stock updated successfully!',
  deleted: 'Product and all related data permanently deleted successfully!',
  loadFailed: 'Failed to fetch products',
  addFailed: 'Failed to add product.',
  updateFailed: 'Failed to update product.',
  deleteFailed: 'Failed to delete product.',
  uploadFailed: 'Failed to upload images. Please try again.',
  stockFailed: 'Failed to update stock',
  variantFailed: 'Failed to add variant',
} as const;

/** A typed number: anything that cannot be parsed becomes 0 (the specification). */
export function parseNumber(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : 0;
}

export function parseInteger(text: string): number {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : 0;
}

/** Combination badges: at or below threshold red, up to 1.5 times yellow, above green. */
export function variantBadge(row: { quantity: number; lowStockThreshold: number }): BadgeVariant {
  const level = variantLevel(row);
  return level === 'low' ? 'danger' : level === 'moderate' ? 'warning' : 'success';
}

/** The Inventory tab's badge: Low Stock at or below the threshold, else In Stock. */
export const isLowStock = (row: { quantity: number; lowStockThreshold: number }) =>
  row.quantity <= row.lowStockThreshold;

export const DEFAULT_STOCK_THRESHOLD = STOCK.defaultThresholdStockDialog;

/** The Reviews screen narrowed to one product's published reviews (those its rating and review count are made of). */
export const productReviewsLink = (productId: string) =>
  `/reviews?${new URLSearchParams({ status: 'published', productId })}`;
