import { slugify } from '@seamline/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { transactionToRunAgain } from '../../db/retry.js';
import { inventory, inventoryMovements, products } from '../../db/schema/index.js';
import { recordEvents } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { combinationKey, locksOf } from '../../lib/locked-transaction.js';
import {
  type ChangedStock,
  emptyLevelsAt,
  firstLevels,
  firstLocationSql,
  holdActiveLocation,
  lockStockRows,
  stockEvents,
} from '../inventory/index.js';
import { recordProductChanges } from '../products/index.js';
import type { ImportPlanner, ProductFields, RowDecision } from './import-plan.js';

const REASON = 'import';

const productColumns = (f: ProductFields) => ({
  name: f.name,
  description: f.description,
  categoryId: f.categoryId,
  subcategory: f.subcategory,
  brandId: f.brandId,
  price: f.price,
  comparePrice: f.comparePrice,
  costPrice: f.costPrice,
  salePrice: f.salePrice,
  tags: f.tags,
  isActive: f.isActive,
});

/**
 * Writes one planned batch (all but its pictures: import-images.ts sets those after, without a transaction open
 * during the downloads) inside the caller's transaction, in the lock order of lib/locked-transaction.ts: products
 * first (new ones inserted in one statement, changed ones updated), then the variants in id order (new ones inserted
 * with their `create` movements, changed quantities set by one conditional statement with `set` movements, reason
 * "import"), then the batch's events: one per product (created or updated) and one per variant change. Returns the
 * rows whose quantity could not be set (reserved units grew since the plan).
 */
export async function writeBatch(
  tx: DbOrTx,
  planner: ImportPlanner,
  decisions: readonly RowDecision[],
  actorId: string | null,
): Promise<{ row: number; reserved: number }[]> {
  const createdProducts = await locksOf(tx).step('products', () => writeProducts(tx, planner, decisions, actorId));
  // Every product of the batch is known now: existing ones since the plan, new ones since their insert.
  const idOf = (d: RowDecision) => planner.productId(d.productSku)!;

  const changed = decisions.filter((d) => d.variant && Object.keys(d.variantChanges).length > 0);
  await lockStockRows(
    tx,
    changed.map((d) => ({ productId: d.variant!.productId, size: d.variant!.size, color: d.variant!.color })),
  );
  const fresh = decisions.filter((d) => !d.variant);
  if (fresh.length > 0) {
    const created = await tx
      .insert(inventory)
      .values(
        fresh.map((d) => ({
          productId: idOf(d),
          size: d.data.variant.size,
          color: d.data.variant.color,
          quantity: d.data.variant.quantity,
          lowStockThreshold: d.data.variant.lowStockThreshold,
          ...(d.data.variant.sku ? { sku: d.data.variant.sku } : {}),
          ...(d.data.variant.barcode ? { barcode: d.data.variant.barcode } : {}),
          priceOverride: d.data.variant.priceOverride ?? null,
        })),
      )
      .returning();
    // Where the trigger of migration 0043 put each new variant's starting stock.
    const locationOf = await firstLevels(
      tx,
      created.map((row) => row.id),
    );
    await tx.insert(inventoryMovements).values(
      created.map((row) => ({
        productId: row.productId,
        inventoryId: row.id,
        locationId: locationOf.get(row.id)!,
        size: row.size,
        color: row.color,
        operation: 'create' as const,
        quantity: row.quantity,
        previousQuantity: 0,
        newQuantity: row.quantity,
        previousReserved: 0,
        newReserved: 0,
        reason: REASON,
        actorId,
      })),
    );
    const events = created.flatMap((row) =>
      stockEvents(
        { ...row, previousQuantity: 0, previousReserved: 0, locationId: locationOf.get(row.id)! },
        { operation: 'create', quantity: row.quantity },
      ),
    );
    await recordEvents(tx, events);
  }
  for (const d of changed) {
    const { quantity: _quantity, ...fields } = d.variantChanges;
    if (Object.keys(fields).length > 0) await tx.update(inventory).set(fields).where(eq(inventory.id, d.variant!.id));
  }
  const refused = await setQuantities(tx, changed, actorId);
  const touched = new Set([
    ...decisions.filter((d) => d.productWrite || d.variant === undefined || changed.includes(d)).map(idOf),
  ]);
  for (const id of createdProducts) touched.delete(id);
  await recordProductChanges(tx, 'product.created', createdProducts);
  await recordProductChanges(tx, 'product.updated', [...touched]);
  return refused;
}

/** New products in one insert (their ids remembered for the file's later rows), changed ones one update each. */
async function writeProducts(
  tx: DbOrTx,
  planner: ImportPlanner,
  decisions: readonly RowDecision[],
  actorId: string | null,
): Promise<string[]> {
  const writes = decisions.filter((d) => d.productWrite).map((d) => d.productWrite!);
  const createdIds: string[] = [];
  const inserts = writes.filter((w) => !w.existingId);
  if (inserts.length > 0) {
    const wanted = inserts.map((w) => `${slugify(w.fields.name) || 'product'}-${slugify(w.fields.sku)}`);
    const taken = new Set(
      (await tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, wanted))).map(
        (r) => r.slug,
      ),
    );
    const rows = await tx
      .insert(products)
      .values(
        inserts.map((w, index) => ({
          id: newId(),
          ...productColumns(w.fields),
          sku: w.fields.sku,
          slug: taken.has(wanted[index]!) ? `${wanted[index]}-${newId().slice(-6)}` : wanted[index]!,
          createdBy: actorId,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    for (const row of rows) {
      planner.productCreated(row.sku, row.id);
      createdIds.push(row.id);
    }
  }
  for (const write of writes.filter((w) => w.existingId)) {
    const id = write.existingId!;
    await tx
      .update(products)
      .set({ ...productColumns(write.fields), updatedAt: new Date() })
      .where(eq(products.id, id));
  }
  return createdIds;
}

/**
 * The changed quantities as ONE conditional statement (docs/domain.md § Domain rules: never read-then-write): each
 * locked row is set only when the new quantity still covers its reserved units, and a `set` movement is written per row
 * it changed.
 */
async function setQuantities(tx: DbOrTx, changed: readonly RowDecision[], actorId: string | null) {
  const wanted = changed.filter((d) => d.variantChanges.quantity !== undefined);
  if (wanted.length === 0) return [];
  const values = sql.join(
    wanted.map((d) => sql`(${d.variant!.id}::char(24), ${d.variantChanges.quantity!}::int, ${newId()}::char(24))`),
    sql`, `,
  );
  const held = wanted.map((d) => combinationKey(d.variant!));
  // The file's quantity is the level at the first location (docs/domain.md § Stock locations). The quantities put units
  // there, so the location is held for the batch (it stays active, its flags as read; after the variants writeBatch
  // holds: lock order) and its missing levels are created empty first. Deactivated meanwhile: the batch runs again.
  const first = await holdActiveLocation(tx, firstLocationSql);
  if (!first) throw transactionToRunAgain('the first location was deactivated while the import set its levels');
  await emptyLevelsAt(
    tx,
    wanted.map((d) => d.variant!.id),
    first,
  );
  const done = await locksOf(tx).step(
    'inventory',
    () =>
      queryRows<ChangedStock & { q: number }>(
        tx,
        sql`WITH wanted (id, q, movement_id) AS (VALUES ${values}),
      variant AS MATERIALIZED (
        SELECT i.id, i.product_id, i.sku, i.size, i.color, i.quantity, i.reserved, i.low_stock_threshold
        FROM inventory i WHERE i.id IN (SELECT id FROM wanted) ORDER BY i.id FOR UPDATE
      ),
      old AS MATERIALIZED (
        SELECT l.inventory_id AS id, l.location_id, l.quantity, l.reserved FROM inventory_levels l
        WHERE l.inventory_id IN (SELECT id FROM variant) AND l.location_id = ${first}
        ORDER BY l.inventory_id FOR UPDATE
      ),
      changed AS (
        UPDATE inventory_levels AS i SET quantity = w.q, updated_at = now()
        FROM old JOIN wanted w ON w.id = old.id
        WHERE i.inventory_id = old.id AND i.location_id = old.location_id AND w.q >= old.reserved
        RETURNING i.inventory_id AS id, i.location_id, i.quantity, i.reserved, old.quantity AS previous_quantity, w.q,
          w.movement_id
      ),
      moved AS (
        INSERT INTO inventory_movements (id, product_id, inventory_id, location_id, size, color, operation, quantity,
          previous_quantity, new_quantity, previous_reserved, new_reserved, reason, actor_id)
        SELECT c.movement_id, v.product_id, c.id, c.location_id, v.size, v.color, 'set', c.q, c.previous_quantity,
          c.quantity, c.reserved, c.reserved, ${REASON}, ${actorId}
        FROM changed c JOIN variant v ON v.id = c.id
      )
      SELECT c.id, v.product_id AS "productId", v.sku, v.size, v.color,
        v.quantity + c.quantity - c.previous_quantity AS quantity, v.reserved,
        v.low_stock_threshold AS "lowStockThreshold", v.quantity AS "previousQuantity", c.q,
        c.location_id AS "locationId"
      FROM changed c JOIN variant v ON v.id = c.id`,
      ),
    held,
  );
  await recordEvents(
    tx,
    done.flatMap((row) =>
      stockEvents({ ...row, previousReserved: row.reserved }, { operation: 'set', quantity: row.q }),
    ),
  );
  const ok = new Set(done.map((r) => r.id));
  return wanted.filter((d) => !ok.has(d.variant!.id)).map((d) => ({ row: d.row, reserved: d.variant!.reserved }));
}
