import { COUPON_REASONS, couponDiscount, couponRefusal } from '@seamline/shared';
import { and, count, eq, inArray, isNull, ne, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, orders } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export type CouponDiscount = {
  /** Discount in dollars (capped at the subtotal). */
  discount: number;
  freeShipping: boolean;
  couponId: string | null;
  couponCode: string | null;
};

export type CouponRequest = {
  code: string | undefined;
  customerId: string | null;
  subtotal: number;
  /** Set when the order is being created: the use is counted in this same transaction. */
  orderId?: string;
};

type CouponRow = typeof coupons.$inferSelect;
const NO_COUPON: CouponDiscount = { discount: 0, freeShipping: false, couponId: null, couponCode: null };
const CLOSED_STATUSES = ['cancelled', 'refunded'] as const;

/** A coupon that does not apply: 400 with the reason (the spec's checkout shows it). */
export const couponRefused = (reason: string) => new AppError(400, 'COUPON_NOT_APPLICABLE', reason);
/** A coupon whose uses are all taken when an order tries to count one: a conflict (DESIGN §3), not bad input. */
const couponExhausted = () => new AppError(409, 'COUPON_EXHAUSTED', COUPON_REASONS.usageExceeded);

/** The customer's facts the per-user and first-order rules need; `excludeOrderId` is the order being placed. */
async function customerFacts(db: DbOrTx, couponId: string, customerId: string | null, excludeOrderId?: string) {
  if (!customerId) return null;
  const [used] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        eq(couponRedemptions.customerId, customerId),
        isNull(couponRedemptions.releasedAt),
      ),
    );
  // A cancelled or refunded order does not use up the customer's "first order".
  const [prior] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        not(inArray(orders.status, [...CLOSED_STATUSES])),
        excludeOrderId ? ne(orders.id, excludeOrderId) : undefined,
      ),
    );
  return { redemptions: used?.n ?? 0, priorOrders: prior?.n ?? 0 };
}

/** Checks a code for a subtotal and customer without writing anything; throws couponRefused with the reason. */
export async function checkCoupon(
  db: DbOrTx,
  request: CouponRequest,
  options: { lock?: boolean } = {},
): Promise<{ coupon: CouponRow; discount: number; freeShipping: boolean }> {
  const code = (request.code ?? '').trim().toUpperCase();
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [coupon] = options.lock ? await query.for('update') : await query;
  if (!coupon) throw couponRefused(COUPON_REASONS.unknown);
  const facts = {
    now: new Date(),
    subtotal: request.subtotal,
    customer: await customerFacts(db, coupon.id, request.customerId, request.orderId),
  };
  const refusal = couponRefusal(coupon, facts);
  // Counting a use (locked row): the last uses went to other orders, which is the 409 the conditional UPDATE gives too.
  if (refusal === COUPON_REASONS.usageExceeded && options.lock) throw couponExhausted();
  if (refusal) throw couponRefused(refusal);
  return { coupon, ...couponDiscount(coupon, request.subtotal) };
}

/**
 * The discount a code gives. Without `orderId` it only prices (checkout preview). With `orderId` (inside the order's
 * transaction) it also counts the use: the coupon row is locked FOR UPDATE first, so parallel orders with the same
 * coupon queue up and each one counts the customer's redemptions and orders only after the previous one committed —
 * that keeps userUsageLimit and firstTimeUserOnly true under concurrency; the total limit is additionally guarded by
 * the conditional `used_count < usage_limit` UPDATE. The redemption row itself needs the order row, so the order code
 * calls `recordCouponRedemption` right after inserting the order.
 */
export async function applyCouponDiscount(db: DbOrTx, request: CouponRequest): Promise<CouponDiscount> {
  if (!request.code?.trim()) return NO_COUPON;
  const { coupon, discount, freeShipping } = await checkCoupon(db, request, { lock: Boolean(request.orderId) });
  if (request.orderId) {
    const [counted] = await db
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1` })
      .where(and(eq(coupons.id, coupon.id), sql`${coupons.usedCount} < ${coupons.usageLimit}`))
      .returning({ id: coupons.id });
    if (!counted) throw couponExhausted();
  }
  return { discount, freeShipping, couponId: coupon.id, couponCode: coupon.code };
}

/** The redemption row of an order whose coupon use `applyCouponDiscount` counted (same transaction, after the order insert). */
export async function recordCouponRedemption(
  db: DbOrTx,
  redemption: {
    orderId: string;
    couponId: string | null;
    customerId: string | null;
    discount: number;
    /** When the order was placed (demo data places orders in the past); now by default. */
    at?: Date;
  },
): Promise<void> {
  if (!redemption.couponId) return;
  await db.insert(couponRedemptions).values({
    couponId: redemption.couponId,
    orderId: redemption.orderId,
    customerId: redemption.customerId,
    discountAmount: redemption.discount,
    createdAt: redemption.at ?? new Date(),
  });
}

/** Gives a cancelled or refunded order's coupon use back, once: marks the redemption released, then used_count − 1. */
export async function releaseCouponRedemption(db: DbOrTx, orderId: string, at = new Date()): Promise<void> {
  const [released] = await db
    .update(couponRedemptions)
    .set({ releasedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return;
  await db
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released.couponId));
}
