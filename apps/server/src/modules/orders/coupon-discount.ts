import type { DbOrTx } from '../../db/client.js';

export type CouponDiscount = {
  /** Discount in dollars (capped at the subtotal by the totals function). */
  discount: number;
  freeShipping: boolean;
  couponId: string | null;
  couponCode: string | null;
};

export type CouponRequest = {
  code: string | undefined;
  customerId: string | null;
  subtotal: number;
  /** Set when the order is being created: the redemption is counted in this same transaction. */
  orderId?: string;
};

/**
 * THE seam where coupons meet orders. Today it applies no discount and records no redemption, whatever the code.
 * The coupon rules (validity window, usage limits counted atomically, a redemption row per order) plug in here
 * without touching the order code; `releaseCouponRedemption` is its counterpart on cancel/refund.
 */
export async function applyCouponDiscount(_db: DbOrTx, _request: CouponRequest): Promise<CouponDiscount> {
  return { discount: 0, freeShipping: false, couponId: null, couponCode: null };
}

/** Gives a cancelled or refunded order's coupon use back (no-op until coupons are applied). */
export async function releaseCouponRedemption(_db: DbOrTx, _orderId: string): Promise<void> {}
