import {
  availableStock,
  type InventoryChangeView,
  type InventoryHistoryDayView,
  PRODUCT_MESSAGES,
  type ProductStockLevelsView,
  type ProductView,
  pagination,
  type StaffStockOperation,
  type StockLevelView,
} from '@seamline/shared';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { inventoryMovements, products, stockLocations, users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { activeLocation, changeStock, createVariant } from '../inventory/index.js';
import { type InventoryRowData, syncInventory } from './inventory-sync.js';
import { byVariant, loadProduct } from './product-view.js';

const AUDIT_ACTION: Record<StaffStockOperation, string> = {
  add: 'stock_add',
  subtract: 'stock_remove',
  set: 'stock_set',
};

/** Holds the product (not its other combinations) so it cannot be deleted under the change. */
async function lockProduct(tx: DbOrTx, id: string) {
  const [row] = await locksOf(tx).step('products', () =>
    tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.id, id)).for('share'),
  );
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return row;
}

/** One "size/color: quantity" line per combination, for the before/after of a whole-inventory change. */
function linesOf(product: ProductView): string[] {
  return product.inventory.map((row) => `${row.size}/${row.color}: ${row.quantity}`);
}

async function stockLines(tx: DbOrTx, id: string): Promise<string[]> {
  return linesOf((await loadProduct(tx, eq(products.id, id)))!);
}

type MovementRow = typeof inventoryMovements.$inferSelect & {
  adminFirstName: string | null;
  adminLastName: string | null;
  adminEmail: string | null;
  locationName: string;
};

function changeView(m: MovementRow): InventoryChangeView {
  return {
    _id: m.id,
    id: m.id,
    variant: `${m.size}/${m.color}`,
    size: m.size,
    color: m.color,
    operation: m.operation,
    quantity: m.quantity,
    previousQuantity: m.previousQuantity,
    newQuantity: m.newQuantity,
    previousReserved: m.previousReserved,
    newReserved: m.newReserved,
    netChange: m.newQuantity - m.previousQuantity,
    time: m.createdAt.toISOString(),
    reason: m.reason,
    admin:
      m.adminEmail !== null
        ? { firstName: m.adminFirstName ?? '', lastName: m.adminLastName ?? '', email: m.adminEmail }
        : null,
    orderId: m.orderId,
    location: { _id: m.locationId, name: m.locationName },
  };
}

/** Movements grouped per UTC day, newest first, with the units added and removed that day. */
export function groupByDay(changes: readonly InventoryChangeView[]): InventoryHistoryDayView[] {
  const days = new Map<string, InventoryChangeView[]>();
  for (const change of changes) {
    const date = change.time.slice(0, 10);
    days.set(date, [...(days.get(date) ?? []), change]);
  }
  return [...days.entries()].map(([date, list]) => ({
    date,
    changes: list,
    changeCount: list.length,
    netChange: list.reduce((sum, c) => sum + c.netChange, 0),
    totalAdded: list.reduce((sum, c) => sum + Math.max(0, c.netChange), 0),
    totalRemoved: list.reduce((sum, c) => sum + Math.max(0, -c.netChange), 0),
  }));
}

/**
 * Stock per size/color of one product; every change goes through the stock function (docs/domain.md § Domain rules).
 */
export class ProductStockService {
  constructor(private readonly db: Db) {}

  /** add | subtract | set one combination. Not there → 404; more than available → 409, nothing changed. */
  async change(
    id: string,
    input: {
      size: string;
      color: string;
      quantity: number;
      operation: StaffStockOperation;
      reason?: string;
      locationId?: string;
    },
    ctx: AuditContext,
  ): Promise<ProductView> {
    return this.db.transaction(async (tx) => {
      // Left out, the stock function takes the first location; a named one must exist and be active.
      const location = input.locationId ? await activeLocation(tx, input.locationId) : null;
      await lockProduct(tx, id);
      const result = await changeStock(tx, {
        productId: id,
        size: input.size,
        color: input.color,
        operation: input.operation,
        quantity: input.quantity,
        locationId: location?.id ?? null,
        reason: input.reason || null,
        actorId: ctx.userId,
      });
      const variant = `${input.size}/${input.color}`;
      if (!result.ok && result.reason === 'not_found') throw notFound(`Variant ${variant} not found for this product`);
      if (!result.ok)
        throw conflict(
          input.operation === 'set'
            ? `Cannot set ${variant} below the units reserved by orders`
            : `Insufficient stock for ${variant}${location ? ` at ${location.name}` : ''}: only ${result.available} available, cannot remove ${input.quantity}`,
          'INSUFFICIENT_STOCK',
        );
      await writeActivity(tx, ctx, {
        action: AUDIT_ACTION[input.operation],
        resource: 'inventory',
        resourceId: id,
        details: {
          variant: `${result.row.size}/${result.row.color}`,
          quantity: { before: result.row.previousQuantity, after: result.row.quantity },
          amount: input.quantity,
          reason: input.reason ?? null,
          ...(location ? { location: location.name } : {}),
        },
      });
      return (await loadProduct(tx, eq(products.id, id)))!;
    });
  }

  /** A new size/color combination; an existing one (ignoring case) → 409 with the spec's message. */
  async addCombination(
    id: string,
    input: { size: string; color: string; quantity: number; lowStockThreshold: number; reason?: string },
    ctx: AuditContext,
  ): Promise<ProductView> {
    return this.db.transaction(async (tx) => {
      await lockProduct(tx, id);
      const row = await createVariant(tx, {
        productId: id,
        size: input.size,
        color: input.color,
        quantity: input.quantity,
        lowStockThreshold: input.lowStockThreshold,
        reason: input.reason || 'New combination',
        actorId: ctx.userId,
      });
      if (!row) throw conflict(PRODUCT_MESSAGES.combinationExists, 'DUPLICATE_VARIANT');
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'inventory',
        resourceId: id,
        details: {
          variant: `${row.size}/${row.color}`,
          quantity: row.quantity,
          lowStockThreshold: row.lowStockThreshold,
        },
      });
      // A new combination is part of the product's view: the product changed too.
      const product = (await loadProduct(tx, eq(products.id, id)))!;
      await recordEvent(tx, { type: 'product.updated', objectId: id, data: product });
      return product;
    });
  }

  async replace(id: string, rows: InventoryRowData[], ctx: AuditContext): Promise<ProductView> {
    return this.db.transaction(async (tx) => {
      await lockProduct(tx, id);
      const before = await stockLines(tx, id);
      const summary = await syncInventory(tx, id, rows, ctx.userId, 'Inventory updated');
      const product = (await loadProduct(tx, eq(products.id, id)))!;
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: 'inventory',
        resourceId: id,
        details: { ...summary, changes: changedFields({ inventory: before }, { inventory: linesOf(product) }) },
      });
      if (summary.created + summary.changed + summary.removed > 0)
        await recordEvent(tx, { type: 'product.updated', objectId: id, data: product });
      return product;
    });
  }

  private async movements(id: string, since: Date | null, page: { limit: number; offset: number } | null) {
    const where = and(
      eq(inventoryMovements.productId, id),
      since ? gte(inventoryMovements.createdAt, since) : undefined,
    );
    const query = this.db
      .select({
        movement: inventoryMovements,
        adminFirstName: users.firstName,
        adminLastName: users.lastName,
        adminEmail: users.email,
        locationName: stockLocations.name,
      })
      .from(inventoryMovements)
      .leftJoin(users, eq(users.id, inventoryMovements.actorId))
      .innerJoin(stockLocations, eq(stockLocations.id, inventoryMovements.locationId))
      .where(where)
      .orderBy(desc(inventoryMovements.createdAt), desc(inventoryMovements.id));
    const rows = page ? await query.limit(page.limit).offset(page.offset) : await query.limit(5000);
    return rows.map((r) =>
      changeView({
        ...r.movement,
        adminFirstName: r.adminFirstName,
        adminLastName: r.adminLastName,
        adminEmail: r.adminEmail,
        locationName: r.locationName,
      }),
    );
  }

  private async assertExists(id: string) {
    const [row] = await this.db.select({ id: products.id }).from(products).where(eq(products.id, id));
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  }

  /**
   * GET /admin/products/{id}/inventory: each size/color with its levels per location, in ONE query (the levels joined
   * to their locations, aggregated per variant).
   */
  async levels(id: string): Promise<ProductStockLevelsView> {
    await this.assertExists(id);
    const rows = await queryRows<{
      id: string;
      size: string;
      color: string;
      quantity: number;
      reserved: number;
      lowStockThreshold: number;
      levels: StockLevelView[];
    }>(
      this.db,
      sql`SELECT i.id, i.size, i.color, i.quantity, i.reserved, i.low_stock_threshold AS "lowStockThreshold",
          coalesce(json_agg(json_build_object('locationId', l.location_id, 'locationName', s.name,
              'quantity', l.quantity, 'reserved', l.reserved, 'available', l.quantity - l.reserved,
              'lowStockThreshold', l.low_stock_threshold) ORDER BY s.priority, s.id)
            FILTER (WHERE l.location_id IS NOT NULL), '[]'::json) AS levels
        FROM inventory i
        LEFT JOIN inventory_levels l ON l.inventory_id = i.id
        LEFT JOIN stock_locations s ON s.id = l.location_id
        WHERE i.product_id = ${id}
        GROUP BY i.id`,
    );
    const variants = rows.map((row) => ({ ...row, available: availableStock(row) })).sort(byVariant);
    return { productId: id, variants };
  }

  /** GET /products/{id}/inventory/history: one change per entry, newest first, paged. */
  async historyPage(id: string, page: number, limit: number) {
    await this.assertExists(id);
    const [history, [total]] = await Promise.all([
      this.movements(id, null, { limit, offset: (page - 1) * limit }),
      this.db.select({ value: count() }).from(inventoryMovements).where(eq(inventoryMovements.productId, id)),
    ]);
    return { history, pagination: pagination(page, limit, total?.value ?? 0) };
  }

  /** GET /admin/products/{id}/inventory/history: the last `days` days, grouped per day. */
  async historyDays(id: string, days: number): Promise<InventoryHistoryDayView[]> {
    await this.assertExists(id);
    return groupByDay(await this.movements(id, new Date(Date.now() - days * 86_400_000), null));
  }
}
