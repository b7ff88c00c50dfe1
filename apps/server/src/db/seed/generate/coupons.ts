import type { CouponType } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { KIND, type Run } from './sql.js';

export type GeneratedCoupon = { id: string; code: string; type: CouponType; value: number; maxDiscount: number | null };

const COUPONS: [code: string, name: string, type: CouponType, value: number, maxDiscount: number | null][] = [
  ['WELCOME10', 'Welcome 10% off', 'percentage', 10, null],
  ['SPRING15', 'Spring sale 15% off', 'percentage', 15, 40],
  ['SUMMER20', 'Summer sale 20% off', 'percentage', 20, 50],
  ['VIP25', 'VIP 25% off', 'percentage', 25, 75],
  ['TAKE5', '$5 off', 'fixed', 5, null],
  ['TAKE10', '$10 off', 'fixed', 10, null],
  ['TAKE15', '$15 off', 'fixed', 15, null],
  ['SHIPFREE', 'Free shipping', 'free_shipping', 0, null],
];

/**
 * The run's coupons (codes carry the seed: WELCOME10S1). They allow repeat use (100 per customer) because generated
 * customers place many orders; used_count is set from the redemptions once the orders exist (finishCoupons).
 */
export async function insertCoupons(db: Db, run: Run): Promise<GeneratedCoupon[]> {
  const coupons = COUPONS.map(([code, name, type, value, maxDiscount], index) => ({
    id: `${run.tag}${KIND.coupon}${(index + 1).toString(16).padStart(14, '0')}`,
    code: `${code}${run.label.toUpperCase()}`,
    name,
    type,
    value,
    maxDiscount,
  }));
  for (const coupon of coupons)
    await db.execute(sql`INSERT INTO coupons (id, code, name, description, type, value, usage_limit, user_usage_limit,
        start_date, end_date, max_discount, created_at, updated_at)
      VALUES (${coupon.id}, ${coupon.code}, ${coupon.name}, ${`${coupon.name} on the whole store`}, ${coupon.type},
        ${coupon.value}, ${Math.max(100, run.orders)}, 100, ${sql.raw(run.now)} - interval '400 days',
        ${sql.raw(run.now)} + interval '365 days', ${coupon.maxDiscount}, ${sql.raw(run.now)} - interval '400 days',
        ${sql.raw(run.now)} - interval '400 days')`);
  return coupons;
}

/** used_count = the redemptions not given back by a cancel or refund, as the order code keeps it. */
export async function finishCoupons(db: Db, run: Run) {
  await db.execute(
    sql.raw(`UPDATE coupons c SET used_count = (SELECT count(*) FROM coupon_redemptions r
        WHERE r.coupon_id = c.id AND r.released_at IS NULL)
      WHERE c.id LIKE '${run.tag}${KIND.coupon}%'`),
  );
}
