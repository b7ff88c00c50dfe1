import type { OrderStatus, OrderStockState, PaymentStatus, StockOperation } from '@seamline/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowFromJson } from '../../db/client.js';
import { orderItems, type orders } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { changeStock, lockStockRows } from '../inventory/index.js';
import { insufficientStock, type PricedLine, unitsByVariant } from './order-lines.js';

type Line = Pick<
  typeof orderItems.$inferSelect,
  'productId' | 'productName' | 'size' | 'color' | 'quantity' | 'locationId'
>;
type Context = { orderId: string; actorId: string | null; reason: string };

const CLOSED: readonly OrderStatus[] = ['cancelled', 'refunded'];
const SHIPPING_OR_DONE: readonly OrderStatus[] = ['shipped', 'delivered'];

/**
 * Where the order's stock must stand for a status (docs/domain.md § Domain rules): cancelled/refunded give it back;
 * paid, shipped or delivered take it out of quantity; any other active status holds it. Once committed, an active order
 * stays committed (moving shipped back to processing does not put units back on the shelf).
 */
export function targetStockState(
  current: OrderStockState,
  status: OrderStatus,
  paymentStatus: PaymentStatus,
): OrderStockState {
  if (CLOSED.includes(status)) return 'released';
  if (SHIPPING_OR_DONE.includes(status) || paymentStatus === 'paid') return 'committed';
  return current === 'committed' ? 'committed' : 'reserved';
}

/**
 * Applies one stock operation to every variant of the order. A refused reserve is 409 insufficient stock; a refused
 * release or commit means the inventory no longer holds what this order reserved, so the change stops (409, the
 * caller's transaction rolls back) instead of recording a stock state that is not true. Only a combination deleted
 * since the order was placed is skipped: it has nothing left to move.
 */
async function applyToLines(db: DbOrTx, lines: readonly Line[], operation: StockOperation, ctx: Context) {
  const present = lines.filter((line): line is Line & { productId: string } => line.productId !== null);
  for (const wanted of unitsByLevel(present)) {
    // Committed units given back go where they were taken from, even a location deactivated since (see `anyLocation`).
    const result = await changeStock(db, { ...wanted, operation, ...ctx, anyLocation: operation === 'return' });
    if (result.ok || result.reason === 'not_found') continue;
    const name = present.find((line) => line.productId === wanted.productId)!.productName;
    if (operation === 'reserve') throw insufficientStock(name, wanted.size, wanted.color);
    throw conflict(
      `The stock of ${name} (${wanted.size}/${wanted.color}) does not hold this order's units; nothing was changed.`,
      'STOCK_STATE_CONFLICT',
    );
  }
}

/** Units per variant and location (a line's units move at its location), in a fixed order. */
function unitsByLevel(lines: readonly (Line & { productId: string })[]) {
  const locations = [...new Set(lines.map((line) => line.locationId))];
  return locations
    .flatMap((locationId) =>
      unitsByVariant(lines.filter((line) => line.locationId === locationId)).map((units) => ({ ...units, locationId })),
    )
    .sort((a, b) => (levelKey(a) < levelKey(b) ? -1 : levelKey(a) > levelKey(b) ? 1 : 0));
}
const levelKey = (u: { productId: string; size: string; color: string; locationId: string }) =>
  `${u.productId}|${u.size.toLowerCase()}|${u.color.toLowerCase()}|${u.locationId}`;

/** Locks the products and variants of an order's lines (lock order step 3 and 4), before the order row itself. */
export async function lockOrderStock(db: DbOrTx, orderId: string): Promise<void> {
  const lines = await db
    .select({ productId: orderItems.productId, size: orderItems.size, color: orderItems.color })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await lockStockRows(
    db,
    lines.filter((line): line is typeof line & { productId: string } => line.productId !== null),
  );
}

/** A new order's units per inventory row (lines on one combination summed), in inventory id order: the lock order. */
export function unitsByInventoryRow(lines: readonly PricedLine[]) {
  const units = new Map<string, { inventoryId: string; line: PricedLine; quantity: number }>();
  for (const line of lines) {
    const entry = units.get(line.inventoryId);
    if (entry) entry.quantity += line.quantity;
    else units.set(line.inventoryId, { inventoryId: line.inventoryId, line, quantity: line.quantity });
  }
  return [...units.values()].sort((a, b) =>
    a.inventoryId < b.inventoryId ? -1 : a.inventoryId > b.inventoryId ? 1 : 0,
  );
}

/**
 * After a new order's reservation (inventory/stock.service.ts `reservationSql`): a combination that could not cover its
 * units is 409 insufficient stock, naming the first short one in lock order (nothing was written).
 */
export function assertReserved(
  wanted: ReturnType<typeof unitsByInventoryRow>,
  shortIds: readonly string[],
  /** The pickup shop the units were asked at: named in the refusal. */
  at?: string,
): void {
  const short = wanted.find((w) => shortIds.includes(w.inventoryId));
  if (short) throw insufficientStock(short.line.productName, short.line.size, short.line.color, at);
}

type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'orderNumber'
  | 'customerId'
  | 'guestEmail'
  | 'paymentMethod'
  | 'shippingMethod'
  | 'pickupLocationId'
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'tax'
  | 'total'
  | 'couponId'
  | 'couponCode'
  | 'shippingAddress'
  | 'billingAddress'
  | 'notes'
  | 'paymentIntentId'
  | 'paymentReference'
  | 'paymentDueAt'
  | 'createdBy'
  | 'status'
> & { id: string; createdAt: Date; updatedAt: Date };

/**
 * INSERT of a new order as a statement part, only when `when` (SQL) holds and its number (and bank-transfer reference)
 * is free (ON CONFLICT DO NOTHING); RETURNING the whole row. The other columns take their defaults (unpaid, reserved, …);
 * the status is pending unless given (cash on delivery is placed confirmed).
 */
export function insertOrderWhen(order: NewOrder, when: SQL): SQL {
  const money = (value: number | undefined) => sql`${value ?? 0}::numeric`;
  return sql`INSERT INTO orders (id, order_number, customer_id, guest_email, payment_method, shipping_method,
      pickup_location_id, subtotal,
      discount, shipping, tax, total, coupon_id, coupon_code, shipping_address, billing_address, notes,
      payment_intent_id, payment_reference, payment_due_at, created_by, created_at, updated_at, status)
    SELECT ${order.id}, ${order.orderNumber}, ${order.customerId ?? null}, ${order.guestEmail ?? null},
      ${order.paymentMethod ?? 'stripe'}, ${order.shippingMethod ?? 'standard'}, ${order.pickupLocationId ?? null},
      ${money(order.subtotal)},
      ${money(order.discount)}, ${money(order.shipping)}, ${money(order.tax)}, ${money(order.total)},
      ${order.couponId ?? null}, ${order.couponCode ?? null}, ${JSON.stringify(order.shippingAddress)}::jsonb,
      ${JSON.stringify(order.billingAddress)}::jsonb, ${order.notes ?? ''}, ${order.paymentIntentId ?? null},
      ${order.paymentReference ?? null}, ${order.paymentDueAt?.toISOString() ?? null}::timestamptz, ${order.createdBy ?? null}, ${order.createdAt.toISOString()}::timestamptz, ${order.updatedAt.toISOString()}::timestamptz,
      ${order.status ?? 'pending'}
    WHERE ${when}
    ON CONFLICT DO NOTHING
    RETURNING *`;
}

/** A new order's line before allocation: its row without a location, and its variant. */
export type NewLine = Omit<typeof orderItems.$inferSelect, 'locationId'> & { inventoryId: string };

/** A new order's lines, one per variant: lines of the same size/colour are summed into the first (one price). */
export function oneLinePerVariant(lines: readonly PricedLine[]): PricedLine[] {
  const byVariant = new Map<string, PricedLine>();
  for (const line of lines) {
    const first = byVariant.get(line.inventoryId);
    byVariant.set(line.inventoryId, first ? { ...first, quantity: first.quantity + line.quantity } : line);
  }
  return [...byVariant.values()];
}

/**
 * INSERT of a new order's lines as a statement part, only when `placed` (a CTE of the order) has a row, at the
 * locations of `alloc` (the reservation's allocation: variant id, location id, priority, units). A line whose units
 * come from several locations becomes a row per location, by priority: the first keeps the line's id, the others
 * take ids derived from it. RETURNING the rows.
 */
export function insertItemsAfter(items: readonly NewLine[], placed: SQL, alloc: SQL): SQL {
  const values = items.map(
    (item) =>
      sql`(${item.id}, ${item.inventoryId}::char(24), ${item.productId}, ${item.productName}, ${item.productSlug}, ${item.productSku}, ${item.variantSku}, ${item.image}, ${item.size}, ${item.color}, ${item.price}::numeric)`,
  );
  return sql`INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, variant_sku, image,
      size, color, price, quantity, total, location_id)
    SELECT CASE WHEN a.rank = 1 THEN v.id ELSE substr(md5(v.id || a.location_id), 1, 24) END, o.id, v.product_id,
      v.product_name, v.product_slug, v.product_sku, v.variant_sku, v.image, v.size, v.color, v.price, a.take,
      v.price * a.take, a.location_id
    FROM ${placed} AS o CROSS JOIN (VALUES ${sql.join(values, sql`, `)})
      AS v (id, inventory_id, product_id, product_name, product_slug, product_sku, variant_sku, image, size, color, price)
    JOIN (SELECT x.id, x.location_id, x.take,
        row_number() OVER (PARTITION BY x.id ORDER BY x.priority, x.location_id) AS rank FROM ${alloc} AS x) AS a
      ON a.id = v.inventory_id
    RETURNING *`;
}

/** The rows `insertItemsAfter` wrote, in the order's line order (a split line's first row first). */
export function allocatedLines(ordered: readonly NewLine[], rows: readonly Record<string, unknown>[]) {
  const lines = rows.map((row) => rowFromJson(orderItems, row));
  const rank = (line: (typeof lines)[number]) => {
    const index = ordered.findIndex(
      (o) => o.productId === line.productId && o.size === line.size && o.color === line.color,
    );
    return index * 2 + (ordered[index]?.id === line.id ? 0 : 1);
  };
  return lines.sort((a, b) => rank(a) - rank(b) || (a.locationId < b.locationId ? -1 : 1));
}

/** Moves the order's stock from one state to another, each step at most once. */
export async function moveOrderStock(
  db: DbOrTx,
  lines: readonly Line[],
  from: OrderStockState,
  to: OrderStockState,
  ctx: Context,
): Promise<void> {
  if (from === to) return;
  if (to === 'released') {
    await applyToLines(db, lines, from === 'reserved' ? 'release' : 'return', ctx);
    return;
  }
  if (from === 'released') await applyToLines(db, lines, 'reserve', ctx);
  if (to === 'committed') await applyToLines(db, lines, 'commit', ctx);
  // committed → reserved never happens (targetStockState keeps committed orders committed).
}
