/**
 * THE seam where coupons meet orders: the coupon rules live in the coupons module. `applyCouponDiscount` prices a code
 * (and, given the order id inside the order's transaction, counts the use atomically); `recordCouponRedemption` writes
 * the redemption row once the order row exists; `releaseCouponRedemption` gives the use back on cancel/refund.
 */
export {
  applyCouponDiscount,
  type CouponDiscount,
  type CouponRequest,
  recordCouponRedemption,
  releaseCouponRedemption,
} from '../coupons/redemption.js';
