import type { OrderStatus, OrderStockState, PaymentStatus, StockOperation } from '@seamline/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, type orders } from '../../db/schema/index.js';
import { conflict } from '../../lib/errors.js';
import { changeStock, lockStockRows } from '../inventory/index.js';
import { insufficientStock, type PricedLine, unitsByVariant } from './order-lines.js';

type Line = Pick<typeof orderItems.$inferSelect, 'productId' | 'productName' | 'size' | 'color' | 'quantity'>;
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
  for (const wanted of unitsByVariant(present)) {
    const result = await changeStock(db, { ...wanted, operation, ...ctx });
    if (result.ok || result.reason === 'not_found') continue;
    const name = present.find((line) => line.productId === wanted.productId)!.productName;
    if (operation === 'reserve') throw insufficientStock(name, wanted.size, wanted.color);
    throw conflict(
      `The stock of ${name} (${wanted.size}/${wanted.color}) does not hold this order's units; nothing was changed.`,
      'STOCK_STATE_CONFLICT',
    );
  }
}

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
export function assertReserved(wanted: ReturnType<typeof unitsByInventoryRow>, shortIds: readonly string[]): void {
  const short = wanted.find((w) => shortIds.includes(w.inventoryId));
  if (short) throw insufficientStock(short.line.productName, short.line.size, short.line.color);
}

type NewOrder = Pick<
  typeof orders.$inferInsert,
  | 'orderNumber'
  | 'customerId'
  | 'guestEmail'
  | 'paymentMethod'
  | 'shippingMethod'
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
  return sql`INSERT INTO orders (id, order_number, customer_id, guest_email, payment_method, shipping_method, subtotal,
      discount, shipping, tax, total, coupon_id, coupon_code, shipping_address, billing_address, notes,
      payment_intent_id, payment_reference, payment_due_at, created_by, created_at, updated_at, status)
    SELECT ${order.id}, ${order.orderNumber}, ${order.customerId ?? null}, ${order.guestEmail ?? null},
      ${order.paymentMethod ?? 'stripe'}, ${order.shippingMethod ?? 'standard'}, ${money(order.subtotal)},
      ${money(order.discount)}, ${money(order.shipping)}, ${money(order.tax)}, ${money(order.total)},
      ${order.couponId ?? null}, ${order.couponCode ?? null}, ${JSON.stringify(order.shippingAddress)}::jsonb,
      ${JSON.stringify(order.billingAddress)}::jsonb, ${order.notes ?? ''}, ${order.paymentIntentId ?? null},
      ${order.paymentReference ?? null}, ${order.paymentDueAt?.toISOString() ?? null}::timestamptz, ${order.createdBy ?? null}, ${order.createdAt.toISOString()}::timestamptz, ${order.updatedAt.toISOString()}::timestamptz,
      ${order.status ?? 'pending'}
    WHERE ${when}
    ON CONFLICT DO NOTHING
    RETURNING *`;
}

/** INSERT of a new order's lines as a statement part, inserting only when `placed` (a CTE of the order) has a row. */
export function insertItemsAfter(items: readonly (typeof orderItems.$inferSelect)[], placed: SQL): SQL {
  const values = items.map(
    (item) =>
      sql`(${item.id}, ${item.productId}, ${item.productName}, ${item.productSlug}, ${item.productSku}, ${item.variantSku}, ${item.image}, ${item.size}, ${item.color}, ${item.price}::numeric, ${item.quantity}::int, ${item.total}::numeric)`,
  );
  return sql`INSERT INTO order_items (id, order_id, product_id, product_name, product_slug, product_sku, variant_sku, image,
      size, color, price, quantity, total)
    SELECT v.id, o.id, v.product_id, v.product_name, v.product_slug, v.product_sku, v.variant_sku, v.image, v.size, v.color, v.price,
      v.quantity, v.total
    FROM ${placed} AS o CROSS JOIN (VALUES ${sql.join(values, sql`, `)})
      AS v (id, product_id, product_name, product_slug, product_sku, variant_sku, image, size, color, price, quantity, total)`;
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
