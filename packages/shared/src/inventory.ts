import { z } from 'zod';
import { pageQuery, paginationView } from './api.js';
import { PAGE_SIZES, STOCK } from './constants.js';
import { locationIdField } from './locations.js';
import { PRODUCT_MESSAGES } from './products.js';
import { type AlertStatus, alertStatus, type InventoryLevel, STOCK_MOVEMENT_OPERATIONS, stockStatus } from './stock.js';

/** The inventory page's messages for a new size/color (the specification). */
export const INVENTORY_MESSAGES = {
  stockInput: PRODUCT_MESSAGES.stockInput,
  variantInput: 'Please enter both size and color',
  initialQuantity: PRODUCT_MESSAGES.initialQuantity,
  thresholdNegative: PRODUCT_MESSAGES.thresholdNegative,
  variantExists: 'A variant with this size/color combination already exists',
  loadFailed: 'Failed to fetch inventory data',
  updated: 'Stock updated successfully!',
  analyticsFailed: 'Failed to load inventory analytics',
} as const;

/** Add New Size/Color on the inventory page (default threshold 5). */
export const inventoryVariantInput = z.object({
  size: z.string().trim().min(1, INVENTORY_MESSAGES.variantInput).max(40),
  color: z.string().trim().min(1, INVENTORY_MESSAGES.variantInput).max(40),
  quantity: z
    .number({ error: INVENTORY_MESSAGES.initialQuantity })
    .int(INVENTORY_MESSAGES.initialQuantity)
    .min(0, INVENTORY_MESSAGES.initialQuantity)
    .max(1_000_000),
  lowStockThreshold: z
    .number({ error: INVENTORY_MESSAGES.thresholdNegative })
    .int(INVENTORY_MESSAGES.thresholdNegative)
    .min(0, INVENTORY_MESSAGES.thresholdNegative)
    .max(1_000_000)
    .default(STOCK.defaultThresholdNewVariant),
});
export type InventoryVariantInput = z.input<typeof inventoryVariantInput>;

export const lowStockAlertView = z.object({
  productId: z.string(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  variant: z.string(),
  currentStock: z.number(),
  threshold: z.number(),
  status: z.enum(['Out of Stock', 'Critical', 'Low Stock']),
  image: z.string().nullable(),
  /** The location of an alert on one location's level; null for an alert on the variant's totals. */
  location: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type LowStockAlertView = z.infer<typeof lowStockAlertView>;

/**
 * GET /admin/analytics/inventory/low-stock: one page of alerts, searched over the product (as the product lists). With
 * `locationId`, the levels at that location at or below their own threshold; without, the variants' totals.
 */
export const lowStockQuery = pageQuery(PAGE_SIZES.lowStockServer).extend({
  search: z.string().trim().max(100).optional(),
  locationId: locationIdField.optional(),
});
export type LowStockQuery = z.output<typeof lowStockQuery>;
export const lowStockPageView = z.object({ alerts: z.array(lowStockAlertView), pagination: paginationView });
export type LowStockPageView = z.infer<typeof lowStockPageView>;

/** One size/color's stock at one location. */
export const stockLevelView = z.object({
  locationId: z.string(),
  locationName: z.string(),
  quantity: z.number(),
  reserved: z.number(),
  available: z.number(),
  lowStockThreshold: z.number(),
});
export type StockLevelView = z.infer<typeof stockLevelView>;

/**
 * GET /admin/products/{id}/inventory: each size/color with its totals (the sums of its levels) and its level per
 * location (locations in priority order; a location that never held the variant has no level).
 */
export const productStockLevelsView = z.object({
  productId: z.string(),
  variants: z.array(
    z.object({
      id: z.string(),
      size: z.string(),
      color: z.string(),
      quantity: z.number(),
      reserved: z.number(),
      available: z.number(),
      lowStockThreshold: z.number(),
      levels: z.array(stockLevelView),
    }),
  ),
});
export type ProductStockLevelsView = z.infer<typeof productStockLevelsView>;

const kpiChange = z.object({ previous: z.number(), percent: z.number().nullable() });
export type KpiChange = z.infer<typeof kpiChange>;

export const inventoryAnalyticsView = z.object({
  totalProducts: z.number(),
  lowStockProducts: z.number(),
  outOfStockProducts: z.number(),
  totalValue: z.number(),
  averageStockLevel: z.number(),
  totalStockUnits: z.number(),
  productsNeedingRestock: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      variant: z.string(),
      currentStock: z.number(),
      threshold: z.number(),
    }),
  ),
  topCategories: z.array(z.object({ category: z.string(), stock: z.number() })),
  /** Each active location's stock, first priority first; lowStock = its levels at or below their own threshold. */
  byLocation: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      units: z.number(),
      reserved: z.number(),
      available: z.number(),
      lowStock: z.number(),
    }),
  ),
  recentMovements: z.array(
    z.object({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      variant: z.string(),
      operation: z.enum(STOCK_MOVEMENT_OPERATIONS),
      quantity: z.number(),
      previousQuantity: z.number(),
      newQuantity: z.number(),
      reason: z.string().nullable(),
      admin: z.string().nullable(),
      time: z.string(),
    }),
  ),
  changes: z.object({
    comparedTo: z.string(),
    totalProducts: kpiChange,
    lowStockProducts: kpiChange,
    outOfStockProducts: kpiChange,
    totalValue: kpiChange,
  }),
});
export type InventoryAnalyticsView = z.infer<typeof inventoryAnalyticsView>;

/** One product's stock for the summary rules below. */
export type StockedProduct = {
  id: string;
  name: string;
  price: number;
  category: string;
  image?: string | null;
  inventory: readonly (InventoryLevel & { size: string; color: string })[];
};

const ALERT_ORDER: Record<AlertStatus, number> = { 'Out of Stock': 0, Critical: 1, 'Low Stock': 2 };

/** Every combination at or below its threshold, worst first (Out of Stock, Critical, Low Stock; then lowest stock). */
export function lowStockAlerts(products: readonly StockedProduct[]): LowStockAlertView[] {
  const alerts = products.flatMap((p) =>
    p.inventory
      .filter((row) => row.quantity <= row.lowStockThreshold)
      .map((row) => ({
        productId: p.id,
        productName: p.name,
        size: row.size,
        color: row.color,
        variant: `${row.size}-${row.color}`,
        currentStock: row.quantity,
        threshold: row.lowStockThreshold,
        status: alertStatus(row.quantity, row.lowStockThreshold),
        image: p.image ?? null,
        location: null,
      })),
  );
  return alerts.sort(
    (a, b) =>
      ALERT_ORDER[a.status] - ALERT_ORDER[b.status] ||
      a.currentStock - b.currentStock ||
      a.productName.localeCompare(b.productName),
  );
}

/** Counts and value of a set of products: status per product as on the product screens; value in integer cents. */
export function inventoryTotals(products: readonly StockedProduct[]) {
  let valueCents = 0;
  let units = 0;
  let low = 0;
  let out = 0;
  for (const p of products) {
    const total = p.inventory.reduce((sum, row) => sum + row.quantity, 0);
    units += total;
    valueCents += total * Math.round(p.price * 100);
    const status = stockStatus(p.inventory);
    if (status === 'Out of Stock') out += 1;
    else if (status === 'Low Stock') low += 1;
  }
  return {
    totalProducts: products.length,
    lowStockProducts: low,
    outOfStockProducts: out,
    totalValue: valueCents / 100,
    totalStockUnits: units,
    averageStockLevel: products.length ? units / products.length : 0,
  };
}

/** Top categories by units in stock. */
export function topCategoriesByStock(products: readonly StockedProduct[], limit = 3) {
  const byCategory = new Map<string, number>();
  for (const p of products)
    byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + p.inventory.reduce((s, r) => s + r.quantity, 0));
  return [...byCategory.entries()]
    .map(([category, stock]) => ({ category, stock }))
    .sort((a, b) => b.stock - a.stock || a.category.localeCompare(b.category))
    .slice(0, limit);
}

/** Stock update error text for a toast (the specification), from the error message (and HTTP status when known). */
export function stockErrorMessage(message: string | undefined, status?: number): string {
  const text = `${message ?? ''}`;
  const has = (s: string) => text.includes(s) || (status !== undefined && String(status) === s);
  if (text.includes('429') || text.includes('Too Many Requests') || status === 429)
    return 'Rate limit exceeded. Please wait a moment and try again.';
  if (text.includes('Invalid product ID')) return text;
  if (text.includes('ObjectId')) return 'Database ID error. Please refresh the page and try again.';
  if (text.toLowerCase().includes('variant')) return `Variant error: ${text}`;
  if (has('400')) return 'Invalid request. Please check your input and try again.';
  if (has('404')) return 'Product not found. Please refresh the page and try again.';
  if (has('500')) return 'Server error. Please try again later.';
  return text || 'Failed to update stock.';
}
