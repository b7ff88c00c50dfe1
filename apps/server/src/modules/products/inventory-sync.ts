import { PRODUCT_MESSAGES } from '@seamline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { inventory, inventoryLevels } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { combinationKey, locksOf } from '../../lib/locked-transaction.js';
import {
  assertVariantCodesFree,
  changeStock,
  createVariant,
  firstLocationSql,
  type NewVariant,
} from '../inventory/index.js';

/** A row of the form; a SKU or barcode left out is kept (new rows: generated), a null price override removes it. */
export type InventoryRowData = Omit<NewVariant, 'productId' | 'reason' | 'actorId'>;

const variantKey = (row: { size: string; color: string }) =>
  `${row.size.trim().toLowerCase()}\u0000${row.color.trim().toLowerCase()}`;

type VariantCodes = Pick<InventoryRowData, 'sku' | 'barcode' | 'priceOverride'>;

/** The SKU, barcode and price override the row changes (only those it names), or null when none. */
export function changedCodes(current: Required<VariantCodes>, row: VariantCodes): VariantCodes | null {
  const changes: VariantCodes = {};
  if (row.sku && row.sku.toLowerCase() !== current.sku.toLowerCase()) changes.sku = row.sku;
  if (row.barcode && row.barcode !== current.barcode) changes.barcode = row.barcode;
  if (row.priceOverride !== undefined && row.priceOverride !== current.priceOverride)
    changes.priceOverride = row.priceOverride;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** 409 when two rows name the same size/color, ignoring case. */
export function assertUniqueCombinations(rows: readonly { size: string; color: string }[]): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = variantKey(row);
    if (seen.has(key)) throw conflict(PRODUCT_MESSAGES.combinationExists, 'DUPLICATE_VARIANT');
    seen.add(key);
  }
}

/**
 * Makes a product's combinations match the submitted list, every quantity change through the stock function:
 * changed quantities are `set`, new rows are created, missing rows are emptied (movement) then removed. A row's
 * quantity is the size/color's total: the change is made at the first location, whose level is set to the total less
 * what the other locations hold (with one location: the total).
 * A row still holding units reserved by orders cannot go below them or be removed (409).
 */
export async function syncInventory(
  tx: DbOrTx,
  productId: string,
  rows: readonly InventoryRowData[],
  actorId: string | null,
  reason: string,
): Promise<{ created: number; changed: number; removed: number }> {
  assertUniqueCombinations(rows);
  // Step 4 of the lock order: every row of the product at once, in id order, before the first change.
  const existing = await locksOf(tx).step(
    'inventory',
    () => tx.select().from(inventory).where(eq(inventory.productId, productId)).orderBy(inventory.id).for('update'),
    (rows) => rows.map(combinationKey),
  );
  const byKey = new Map(existing.map((row) => [variantKey(row), row]));
  // Read under the variants' locks just taken: every level write holds its variant's.
  const firstLevels =
    existing.length === 0
      ? new Map<string, number>()
      : new Map(
          (
            await tx
              .select({ id: inventoryLevels.inventoryId, quantity: inventoryLevels.quantity })
              .from(inventoryLevels)
              .where(
                and(
                  inArray(
                    inventoryLevels.inventoryId,
                    existing.map((row) => row.id),
                  ),
                  sql`${inventoryLevels.locationId} = ${firstLocationSql}`,
                ),
              )
          ).map((level) => [level.id, level.quantity]),
        );
  const summary = { created: 0, changed: 0, removed: 0 };
  for (const row of rows) {
    const current = byKey.get(variantKey(row));
    if (!current) {
      const created = await createVariant(tx, { productId, ...row, reason, actorId });
      if (!created) throw conflict(PRODUCT_MESSAGES.combinationExists, 'DUPLICATE_VARIANT');
      summary.created += 1;
      continue;
    }
    byKey.delete(variantKey(row));
    if (current.quantity !== row.quantity) {
      const elsewhere = current.quantity - (firstLevels.get(current.id) ?? 0);
      if (row.quantity < elsewhere)
        throw conflict(
          `Cannot set ${current.size}/${current.color} to ${row.quantity}: ${elsewhere} units are held at other locations`,
          'INSUFFICIENT_STOCK',
        );
      const result = await changeStock(tx, {
        productId,
        size: current.size,
        color: current.color,
        operation: 'set',
        quantity: row.quantity - elsewhere,
        reason,
        actorId,
      });
      if (!result.ok)
        throw conflict(
          `Cannot set ${current.size}/${current.color} to ${row.quantity}: ${current.reserved} units are reserved by orders`,
          'INSUFFICIENT_STOCK',
        );
      summary.changed += 1;
    }
    const codes = changedCodes(current, row);
    if (current.lowStockThreshold !== row.lowStockThreshold || codes) {
      if (codes) await assertVariantCodesFree(tx, { productId, ...row, ...codes }, current.id);
      await tx
        .update(inventory)
        .set({ lowStockThreshold: row.lowStockThreshold, ...codes })
        .where(eq(inventory.id, current.id));
      if (current.quantity === row.quantity) summary.changed += 1;
    }
  }
  for (const gone of byKey.values()) {
    if (gone.reserved > 0)
      throw conflict(
        `Cannot remove ${gone.size}/${gone.color}: ${gone.reserved} units are reserved by orders`,
        'INSUFFICIENT_STOCK',
      );
    // Units at other locations would vanish with the variant, unexplained by any movement.
    if (gone.quantity > (firstLevels.get(gone.id) ?? 0))
      throw conflict(
        `Cannot remove ${gone.size}/${gone.color}: units are held at other locations`,
        'INSUFFICIENT_STOCK',
      );
    if (gone.quantity > 0) {
      const result = await changeStock(tx, {
        productId,
        size: gone.size,
        color: gone.color,
        operation: 'set',
        quantity: 0,
        reason: reason ? `${reason} (combination removed)` : 'Combination removed',
        actorId,
      });
      if (!result.ok) throw conflict(`Cannot remove ${gone.size}/${gone.color}: units are reserved by orders`);
    }
    await tx.delete(inventory).where(and(eq(inventory.id, gone.id), eq(inventory.reserved, 0)));
    summary.removed += 1;
  }
  return summary;
}
