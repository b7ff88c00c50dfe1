import { ORDER_MESSAGES, type OrderView } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { coupons, orders } from '../../db/schema/index.js';
import { isStaff } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import { locksOf } from '../../lib/locked-transaction.js';
import type { AuthUser } from '../../types.js';
import { lockOrderStock } from './order-stock.js';

export const ORDER_NOT_FOUND = ORDER_MESSAGES.notFound;

/**
 * The order row, locked for the rest of the transaction when `lock` is set. Staff see every order, a customer only
 * their own: anyone else gets the same 404 as for an order that does not exist.
 */
export async function visibleOrder(db: DbOrTx, id: string, user: AuthUser | null, { lock = false } = {}) {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await locksOf(db).step('order', () => query.for('update'), [id]) : await query;
  if (!row) throw notFound(ORDER_NOT_FOUND);
  if (isStaff(user)) return row;
  if (!user || row.customerId !== user.id) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/**
 * The order row locked for a change that may move its stock and, with `coupon`, give its coupon use back — taking the
 * locks in the one global order (lib/locked-transaction.ts): coupon, products and variants of its lines, then the
 * order row. An order's lines and coupon never change, so reading them before the order lock is safe; the row
 * returned is read under the lock.
 */
export async function lockedOrderForChange(
  db: DbOrTx,
  id: string,
  user: AuthUser | null,
  locks: { coupon: boolean; stock: boolean },
) {
  const { couponId } = await visibleOrder(db, id, user);
  if (locks.coupon && couponId)
    await locksOf(db).step(
      'coupon',
      () => db.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update'),
      [couponId],
    );
  if (locks.stock) await lockOrderStock(db, id);
  return visibleOrder(db, id, user, { lock: true });
}

/** What a customer (or a guest) sees: staff notes stay in the back office. */
export function customerView(view: OrderView): OrderView {
  return { ...view, adminNotes: '' };
}

/** The view of an order its caller may see: staff the whole order, anyone else the customer view. */
export function viewFor(user: AuthUser | null, view: OrderView): OrderView {
  return isStaff(user) ? view : customerView(view);
}
