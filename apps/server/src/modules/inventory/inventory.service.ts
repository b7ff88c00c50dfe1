import {
  type InventoryAnalyticsView,
  inventoryTotals,
  lowStockAlerts,
  percentChange,
  type StockedProduct,
  topCategoriesByStock,
} from '@seamline/shared';
import { asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, inventory, inventoryMovements, productImages, products, users } from '../../db/schema/index.js';

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

  /**
   * The catalogue as it stood at `since`, rebuilt from inventory_movements: a combination's quantity then is its
   * quantity now minus the net of its movements since; combinations created since (a `create` movement) and
   * products created since are left out. Prices and thresholds are today's (their history is not kept).
   */
  private async snapshotAt(current: Snapshot[], since: Date): Promise<StockedProduct[]> {
    const net = await this.db
      .select({
        inventoryId: inventoryMovements.inventoryId,
        net: sql<number>`sum(${inventoryMovements.newQuantity} - ${inventoryMovements.previousQuantity})::int`,
        created: sql<boolean>`bool_or(${inventoryMovements.operation} = 'create')`,
      })
      .from(inventoryMovements)
      .where(gte(inventoryMovements.createdAt, since))
      .groupBy(inventoryMovements.inventoryId);
    const netSince = new Map(net.map((n) => [n.inventoryId, n]));
    return current
      .filter((p) => p.createdAt < since)
      .map((p) => ({
        ...p,
        inventory: p.inventory.flatMap((row) => {
          const moved = netSince.get(row.id);
          if (moved?.created) return [];
          return [{ ...row, quantity: Math.max(0, row.quantity - Number(moved?.net ?? 0)) }];
        }),
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

  async analytics(now = new Date()): Promise<InventoryAnalyticsView> {
    const current = await this.products();
    const since = new Date(now.getTime() - COMPARE_DAYS * DAY_MS);
    const [before, recent] = await Promise.all([this.snapshotAt(current, since), this.recentMovements()]);
    const totals = inventoryTotals(current);
    const then = inventoryTotals(before);
    const change = (key: 'totalProducts' | 'lowStockProducts' | 'outOfStockProducts' | 'totalValue') => ({
      previous: then[key],
      percent: percentChange(totals[key], then[key]),
    });
    return {
      ...totals,
      averageStockLevel: Math.round(totals.averageStockLevel * 10) / 10,
      productsNeedingRestock: lowStockAlerts(current).map((a) => ({
        productId: a.productId,
        productName: a.productName,
        variant: a.variant,
        currentStock: a.currentStock,
        threshold: a.threshold,
      })),
      topCategories: topCategoriesByStock(current),
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
