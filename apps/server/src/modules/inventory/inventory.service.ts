import {
  type InventoryAnalyticsView,
  inventoryTotals,
  type LowStockAlertView,
  lowStockAlerts,
  PAGE_SIZES,
  percentChange,
  type StockedProduct,
} from '@seamline/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, inventory, inventoryMovements, productImages, products, users } from '../../db/schema/index.js';
import { stockTotals, stockTotalsAt, topCategories, worstAlerts } from './inventory-analytics.js';

const DAY_MS = 86_400_000;
const COMPARE_DAYS = 30;
const RECENT_MOVEMENTS = 10;

type Snapshot = Omit<StockedProduct, 'inventory'> & {
  createdAt: Date;
  inventory: (StockedProduct['inventory'][number] & { id: string })[];
};

/** Inventory figures for the Inventory Management and Inventory Analytics screens (spec part 2 §2.7, §2.17). */
export class InventoryService {
  constructor(private readonly db: Db) {}

  /** Every product with its combinations, category and first image. */
  private async products(): Promise<Snapshot[]> {
    const [productRows, inventoryRows, imageRows] = await Promise.all([
      this.db
        .select({
          id: products.id,
          name: products.name,
          price: products.price,
          category: categories.name,
          createdAt: products.createdAt,
        })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId)),
      this.db.select().from(inventory),
      this.db
        .select({ productId: productImages.productId, url: productImages.original })
        .from(productImages)
        .orderBy(asc(productImages.position)),
    ]);
    const byProduct = new Map<string, (typeof inventoryRows)[number][]>();
    for (const row of inventoryRows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    const firstImage = new Map<string, string>();
    for (const img of imageRows) if (!firstImage.has(img.productId)) firstImage.set(img.productId, img.url);
    return productRows.map((p) => ({
      id: p.id,
      name: p.name,
      price: Number(p.price),
      category: p.category ?? 'Uncategorized',
      createdAt: p.createdAt,
      image: firstImage.get(p.id) ?? null,
      inventory: (byProduct.get(p.id) ?? []).map((r) => ({
        id: r.id,
        size: r.size,
        color: r.color,
        quantity: r.quantity,
        reserved: r.reserved,
        lowStockThreshold: r.lowStockThreshold,
      })),
    }));
  }

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
    const since = new Date(now.getTime() - COMPARE_DAYS * DAY_MS);
    const [totals, then, alerts, categories, recent] = await Promise.all([
      stockTotals(this.db),
      stockTotalsAt(this.db, since),
      worstAlerts(this.db, PAGE_SIZES.lowStockTable),
      topCategories(this.db, PAGE_SIZES.topStockCategories),
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
