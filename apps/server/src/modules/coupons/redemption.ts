import { COUPON_REASONS, type CouponCheckFacts, couponDiscount, couponRefusal } from '@seamline/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { couponEmailKey, couponRedemptions, coupons } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { locksOf } from '../../lib/locked-transaction.js';

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
  /** A guest's e-mail (no customer): their uses are counted by it. Left out when not known (a price check). */
  guestEmail?: string | null;
  subtotal: number;
  /** Set when the order is being created: the use is counted in this same transaction. */
  orderId?: string;
};

/** Whose uses a per-customer limit counts: a customer, or a guest by e-mail (neither: nobody known yet). */
type Buyer = { customerId: string | null; guestEmail: string | null };

type CouponRow = typeof coupons.$inferSelect;
const NO_COUPON: CouponDiscount = { discount: 0, freeShipping: false, couponId: null, couponCode: null };

/** A coupon that does not apply: 400 with the reason (the spec's checkout shows it). */
export const couponRefused = (reason: string) => new AppError(400, 'COUPON_NOT_APPLICABLE', reason);
/**
 * A coupon whose uses are all taken when an order tries to count one: a conflict (docs/domain.md § API), not bad input.
 */
const couponExhausted = () => new AppError(409, 'COUPON_EXHAUSTED', COUPON_REASONS.usageExceeded);

/** The buyer's e-mail key (schema couponEmailKey): the guest's e-mail, or the customer's account e-mail. */
const buyerEmailKey = (buyer: Buyer) =>
  couponEmailKey(
    sql`coalesce(${buyer.guestEmail}::text, (SELECT u.email FROM users u WHERE u.id = ${buyer.customerId}::text))`,
  );

/**
 * The buyer's uses of a coupon not given back: redemptions under their account or under their e-mail key, so a
 * customer's uses as a guest with their e-mail count as theirs, and the other way round.
 */
const activeUses = (couponId: string, buyer: Buyer) => sql`(
  SELECT count(*)::int FROM coupon_redemptions r
  WHERE r.coupon_id = ${couponId} AND r.released_at IS NULL
    AND (r.email_key = ${buyerEmailKey(buyer)} OR r.customer_id = ${buyer.customerId}::text))`;

/**
 * A customer's orders that are not cancelled or refunded (those do not use up the "first order"), besides the one
 * being placed: their own, and guest orders under their e-mail key.
 */
const priorOrders = (customerId: string, excludeOrderId: string | undefined) => sql`(
  SELECT count(*)::int FROM orders o
  WHERE o.status NOT IN ('cancelled', 'refunded') AND o.id <> ${excludeOrderId ?? ''}
    AND (o.customer_id = ${customerId}
      OR (o.guest_email IS NOT NULL
        AND ${couponEmailKey(sql`o.guest_email`)} = ${buyerEmailKey({ customerId, guestEmail: null })})))`;

/**
 * The buyer's facts the per-customer and first-order rules need, in one round trip; `excludeOrderId` is the order
 * being placed.
 */
async function buyerFacts(
  db: DbOrTx,
  coupon: CouponRow,
  buyer: Buyer,
  excludeOrderId?: string,
): Promise<Pick<CouponCheckFacts, 'customer' | 'guestRedemptions'>> {
  if (!buyer.customerId && !buyer.guestEmail) return { customer: null, guestRedemptions: null };
  const prior = buyer.customerId && coupon.firstTimeUserOnly ? priorOrders(buyer.customerId, excludeOrderId) : sql`0`;
  const [facts] = await queryRows<{ uses: number; prior: number }>(
    db,
    sql`SELECT ${activeUses(coupon.id, buyer)} AS uses, ${prior} AS prior`,
  );
  const uses = facts?.uses ?? 0;
  if (!buyer.customerId) return { customer: null, guestRedemptions: uses };
  return { customer: { redemptions: uses, priorOrders: facts?.prior ?? 0 }, guestRedemptions: null };
}

/** Checks a code for a subtotal and customer without writing anything; throws couponRefused with the reason. */
export async function checkCoupon(
  db: DbOrTx,
  request: CouponRequest,
  options: { lock?: boolean } = {},
): Promise<{ coupon: CouponRow; discount: number; freeShipping: boolean }> {
  const code = (request.code ?? '').trim().toUpperCase();
  const query = db.select().from(coupons).where(eq(coupons.code, code));
  const [coupon] = options.lock
    ? await locksOf(db).step(
        'coupon',
        () => query.for('update'),
        (rows) => rows.map((row) => row.id),
      )
    : await query;
  if (!coupon) throw couponRefused(COUPON_REASONS.unknown);
  const buyer = {
    customerId: request.customerId,
    guestEmail: request.customerId ? null : (request.guestEmail ?? null),
  };
  const facts: CouponCheckFacts = {
    now: new Date(),
    subtotal: request.subtotal,
    ...(await buyerFacts(db, coupon, buyer, request.orderId)),
  };
  const refusal = couponRefusal(coupon, facts);
  // Counting a use (locked row): the last uses went to other orders, which is the 409 the conditional UPDATE gives too.
  if (refusal === COUPON_REASONS.usageExceeded && options.lock) throw couponExhausted();
  if (refusal) throw couponRefused(refusal);
  return { coupon, ...couponDiscount(coupon, request.subtotal) };
}

/**
 * The discount a code gives. Without `orderId` it only prices (checkout preview). With `orderId` (inside the order's
 * transaction) it also counts the use: the coupon row is locked FOR UPDATE first (the `coupon` lock step), so parallel
 * orders with the same coupon queue up and each one counts the buyer's redemptions and orders only after the previous
 * one committed; the total limit is guarded by the conditional `used_count < usage_limit` UPDATE, the per-customer
 * limit by the conditional insert of the redemption row (`recordCouponRedemption`, right after the order row, which
 * it needs). A guest is the same buyer as a customer with that e-mail: both are counted by the e-mail key.
 */
export async function applyCouponDiscount(db: DbOrTx, request: CouponRequest): Promise<CouponDiscount> {
  if (!request.code?.trim()) return NO_COUPON;
  const { coupon, discount, freeShipping } = await checkCoupon(db, request, { lock: Boolean(request.orderId) });
  if (request.orderId) {
    const [counted] = await locksOf(db).step(
      'coupon',
      () =>
        db
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} + 1` })
          .where(and(eq(coupons.id, coupon.id), sql`${coupons.usedCount} < ${coupons.usageLimit}`))
          .returning({ id: coupons.id }),
      [coupon.id],
    );
    if (!counted) throw couponExhausted();
  }
  return { discount, freeShipping, couponId: coupon.id, couponCode: coupon.code };
}

/**
 * The redemption row of an order whose coupon use `applyCouponDiscount` counted (same transaction, after the order
 * insert), keyed by the buyer's e-mail. Written only while the buyer's uses not given back stay under the coupon's
 * per-customer limit, in the same statement (under the coupon row lock the order holds): past it the order is refused
 * with the limit's message and rolls back whole.
 */
export async function recordCouponRedemption(
  db: DbOrTx,
  redemption: {
    orderId: string;
    couponId: string | null;
    customerId: string | null;
    /** The guest's e-mail (null for a customer's order: their account e-mail is used). */
    guestEmail: string | null;
    discount: number;
    /** When the order was placed (demo data places orders in the past); now by default. */
    at?: Date;
  },
): Promise<void> {
  const { couponId, customerId, guestEmail } = redemption;
  if (!couponId) return;
  const buyer = { customerId, guestEmail: customerId ? null : guestEmail };
  const written = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO coupon_redemptions (id, coupon_id, order_id, customer_id, email_key, discount_amount, created_at)
      SELECT ${newId()}, c.id, ${redemption.orderId}, ${customerId}, ${buyerEmailKey(buyer)}, ${redemption.discount},
        ${(redemption.at ?? new Date()).toISOString()}::timestamptz
      FROM coupons c
      WHERE c.id = ${couponId} AND ${activeUses(couponId, buyer)} < c.user_usage_limit
      RETURNING id`,
  );
  if (written.length === 0) throw couponRefused(COUPON_REASONS.userLimit);
}

/** Gives a cancelled or refunded order's coupon use back, once: marks the redemption released, then used_count − 1. */
export async function releaseCouponRedemption(db: DbOrTx, orderId: string, at = new Date()): Promise<void> {
  const [released] = await db
    .update(couponRedemptions)
    .set({ releasedAt: at })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return;
  // The coupon row must be held already: a change that may give a use back locks it before the order row.
  await locksOf(db).step(
    'coupon',
    () =>
      db
        .update(coupons)
        .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
        .where(eq(coupons.id, released.couponId)),
    [released.couponId],
  );
}
