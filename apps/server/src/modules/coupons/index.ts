export { couponRoutes } from './coupons.routes.js';
export { couponListCondition, couponView } from './coupons.service.js';
export { applyCouponDiscount, recordCouponRedemption, releaseCouponRedemption } from './redemption.js';
