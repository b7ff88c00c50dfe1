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
 * After a new order's reservation (inventory/reservation.ts `reservationSql`): a combination that could not cover its
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

export type NewOrder = Pick<
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

/** The columns `insertOrders` reads from its source (the orders table's), as `json_to_recordset` declares them. */
export const NEW_ORDER_COLUMNS = sql`id char(24), order_number text, customer_id char(24), guest_email text,
  payment_method text, shipping_method text, pickup_location_id char(24), subtotal numeric, discount numeric,
  shipping numeric, tax numeric, total numeric, coupon_id char(24), coupon_code text, shipping_address jsonb,
  billing_address jsonb, notes text, payment_intent_id text, payment_reference text, payment_due_at timestamptz,
  created_by char(24), created_at timestamptz, updated_at timestamptz, status text`;

/**
 * INSERT of the new orders of `source` (a CTE of NEW_ORDER_COLUMNS with each order's place `n`) as a statement part,
 * only those `covered` (a CTE of n, enough) says are covered, and each only when its number (and bank-transfer
 * reference) is free (ON CONFLICT DO NOTHING); RETURNING the whole rows.
 */
export function insertOrders(source: SQL, covered: SQL): SQL {
  return sql`INSERT INTO orders (id, order_number, customer_id, guest_email, payment_method, shipping_method,
      pickup_location_id, subtotal, discount, shipping, tax, total, coupon_id, coupon_code, shipping_address,
      billing_address, notes, payment_intent_id, payment_reference, payment_due_at, created_by, created_at, updated_at,
      status)
    SELECT o.id, o.order_number, o.customer_id, o.guest_email, o.payment_method, o.shipping_method,
      o.pickup_location_id, o.subtotal, o.discount, o.shipping, o.tax, o.total, o.coupon_id, o.coupon_code,
      o.shipping_address, o.billing_address, o.notes, o.payment_intent_id, o.payment_reference, o.payment_due_at,
      o.created_by, o.created_at, o.updated_at, o.status
    FROM ${source} AS o JOIN ${covered} AS c ON c.n = o.n AND c.enough
    ORDER BY o.id
    ON CONFLICT DO NOTHING
    RETURNING *`;
}

/** A new order's line before allocation: its row without a location, and its variant. */
export type NewLine = Omit<typeof orderItems.$inferSelect, 'locationId'> & { inventoryId: string };

/** The columns `insertItemsAfter` reads from its source, as `json_to_recordset` declares them. */
export const NEW_LINE_COLUMNS = sql`id char(24), inventory_id char(24), product_id char(24), product_name text,
  product_slug text, product_sku text, variant_sku text, image text, size text, color text, price numeric`;

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
 * INSERT of the new orders' lines as a statement part: the lines of `source` (a CTE of NEW_LINE_COLUMNS with their
 * order's place `n`) of the orders `placed` (a CTE of the inserted orders; `orders` maps an order's place to its id)
 * has a row, at the locations of `alloc` (the reservation's allocation: variant id, location id, priority, units). A
 * line whose units come from several locations becomes a row per location, by priority: the first keeps the line's
 * id, the others take ids derived from it. RETURNING the rows.
 */
export function insertItemsAfter(source: SQL, orders: SQL, placed: SQL, alloc: SQL): SQL {
  return sql`INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, variant_sku, image,
      size, color, price, quantity, total, location_id)
    SELECT CASE WHEN a.rank = 1 THEN v.id ELSE substr(md5(v.id || a.location_id), 1, 24) END, o.id, v.product_id,
      v.product_name, v.product_slug, v.product_sku, v.variant_sku, v.image, v.size, v.color, v.price, a.take,
      v.price * a.take, a.location_id
    FROM ${placed} AS o JOIN ${orders} AS b ON b.id = o.id JOIN ${source} AS v ON v.n = b.n
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
