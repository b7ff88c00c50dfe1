import { type InventoryAnalyticsView, PAGE_SIZES, percentChange } from '@seamline/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inventoryMovements, products, users } from '../../db/schema/index.js';
import { stockTotals, stockTotalsAtDayStart, topCategories, worstAlerts } from './inventory-analytics.js';
import { stockByLocation } from './location-totals.js';

const DAY_MS = 86_400_000;
const COMPARE_DAYS = 30;
const RECENT_MOVEMENTS = 10;

/** Inventory figures for the Inventory Management and Inventory Analytics screens (the specification). */
export class InventoryService {
  constructor(private readonly db: Db) {}

  private async recentMovements(): Promise<InventoryAnalyticsView['recentMovements']> {
    const rows = await this.db
      .select({
        m: inventoryMovements,
        productName: products.name,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(inventoryMovements)
      .innerJoin(products, eq(products.id, inventoryMovements.productId))
      .leftJoin(users, eq(users.id, inventoryMovements.actorId))
      .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id))
      .limit(RECENT_MOVEMENTS);
    return rows.map(({ m, productName, firstName, lastName }) => ({
      id: m.id,
      productId: m.productId,
      productName,
      variant: `${m.size}-${m.color}`,
      operation: m.operation,
      quantity: m.quantity,
      previousQuantity: m.previousQuantity,
      newQuantity: m.newQuantity,
      reason: m.reason,
      admin: firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
      time: m.createdAt.toISOString(),
    }));
  }

  /**
   * Figures in SQL over the per-product stock summary (inventory-analytics.ts). `productsNeedingRestock` is the head of
   * the alerts (the analytics table shows the first 10); the whole list is the low-stock endpoint's.
   */
  async analytics(now = new Date()): Promise<InventoryAnalyticsView> {
    // The start of the UTC day 30 days ago, as the other analytics count whole UTC days; its figures are kept.
    const since = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - COMPARE_DAYS * DAY_MS);
    const [totals, then, alerts, categories, locations, recent] = await Promise.all([
      stockTotals(this.db),
      stockTotalsAtDayStart(this.db, since),
      worstAlerts(this.db, PAGE_SIZES.lowStockTable),
      topCategories(this.db, PAGE_SIZES.topStockCategories),
      stockByLocation(this.db),
      this.recentMovements(),
    ]);
    const change = (key: 'totalProducts' | 'lowStockProducts' | 'outOfStockProducts' | 'totalValue') => ({
      previous: then[key],
      percent: percentChange(totals[key], then[key]),
    });
    const average = totals.totalProducts ? totals.totalStockUnits / totals.totalProducts : 0;
    return {
      ...totals,
      averageStockLevel: Math.round(average * 10) / 10,
      productsNeedingRestock: alerts,
      topCategories: categories,
      byLocation: locations,
      recentMovements: recent,
      changes: {
        comparedTo: since.toISOString(),
        totalProducts: change('totalProducts'),
        lowStockProducts: change('lowStockProducts'),
        outOfStockProducts: change('outOfStockProducts'),
        totalValue: change('totalValue'),
      },
    };
  }
}
