import { z } from 'zod';
import { pageQuery, paginationView } from '../api.js';
import { COUPON_TYPES, PAGE_SIZES } from '../constants.js';
import { endpoint } from '../contract.js';
import {
  COUPON_REASONS,
  COUPON_STATUSES,
  couponAnalyticsQuery,
  couponListQuery,
  createCouponBody,
  updateCouponBody,
  validateCouponBody,
} from '../coupons.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';

/** A coupon as the API answers it, with its display status computed at answer time. */
export const couponView = z.object({
  _id: z.string(),
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number(),
  usageLimit: z.number(),
  usedCount: z.number(),
  userUsageLimit: z.number(),
  isActive: z.boolean(),
  firstTimeUserOnly: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  minOrderAmount: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(COUPON_STATUSES),
});
export type Coupon = z.infer<typeof couponView>;

export const couponValidationView = z.object({
  valid: z.literal(true),
  code: z.string(),
  coupon: couponView.pick({ _id: true, code: true, name: true, type: true, value: true }),
  discount: z.number(),
  freeShipping: z.boolean(),
});

export const couponAnalyticsView = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totalRedemptions: z.number(),
  totalDiscount: z.number(),
  ordersWithCoupon: z.number(),
  revenueWithCoupon: z.number(),
  /** Discount given ÷ subtotal of the orders with a coupon (0 when none). */
  averageDiscountRate: z.number(),
  activeCoupons: z.number(),
  couponPerformance: z.array(
    z.object({
      _id: z.string(),
      couponId: z.string(),
      code: z.string(),
      name: z.string(),
      type: z.enum(COUPON_TYPES),
      usedCount: z.number(),
      usageLimit: z.number(),
      redemptions: z.number(),
      discountGiven: z.number(),
      revenue: z.number(),
    }),
  ),
  redemptionTrends: z.array(z.object({ date: z.string(), redemptions: z.number(), discountAmount: z.number() })),
});

/** Coupon answers are read at `data.data` (the specification): the envelope's data holds `{ data: … }`. */
const wrapped = <T extends z.ZodType>(schema: T) => envelope(z.object({ data: schema }));
const params = idParams('coupon');
const tag = 'coupons';
const couponExample = {
  name: 'Winter sale',
  description: '15% off everything',
  type: 'percentage',
  value: 15,
  usageLimit: 500,
  userUsageLimit: 1,
  isActive: true,
  firstTimeUserOnly: false,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  minOrderAmount: 50,
  maxDiscount: 40,
};
const validateExample = { code: 'WINTER15', subtotal: 120 };

export const couponContracts = {
  list: endpoint({
    operationId: 'listCoupons',
    method: 'GET',
    path: '/admin/coupons',
    summary: 'List coupons (search by code or name, filter by type and active flag)',
    description:
      'Newest first. Coupon answers carry their payload at `data.data`. Each coupon has its display `status`, ' +
      'computed when answering: Expired, Not Started, Usage Exceeded, Active or Inactive (the first that applies).',
    tag,
    access: 'couponsRead',
    query: couponListQuery.extend(pageQuery(PAGE_SIZES.coupons).shape),
    responses: { 200: envelope(z.object({ data: z.array(couponView), pagination: paginationView })) },
  }),
  generateCode: endpoint({
    operationId: 'generateCouponCode',
    method: 'GET',
    path: '/admin/coupons/generate-code',
    summary: 'Generate an unused 8-character coupon code',
    description: 'Uppercase letters and digits; nothing is stored (a new coupon gets its own code anyway).',
    tag,
    access: 'couponsWrite',
    responses: { 200: wrapped(z.object({ code: z.string() })) },
  }),
  analytics: endpoint({
    operationId: 'getCouponAnalytics',
    method: 'GET',
    path: '/admin/coupons/analytics',
    summary: 'Coupon redemptions, discount given and revenue over a date range',
    description:
      'The last 30 days by default; dates are YYYY-MM-DD (whole days) or ISO date-times. Counts the uses not given ' +
      'back and the orders with a coupon that are not cancelled or refunded, per coupon and per day. ' +
      '400 "End date must be after start date".',
    tag,
    access: 'couponsRead',
    query: couponAnalyticsQuery,
    responses: { 200: wrapped(couponAnalyticsView) },
  }),
  get: endpoint({
    operationId: 'getCoupon',
    method: 'GET',
    path: '/admin/coupons/:id',
    summary: 'Get one coupon',
    description: '404 "Coupon not found".',
    tag,
    access: 'couponsRead',
    params,
    responses: { 200: wrapped(couponView) },
  }),
  create: endpoint({
    operationId: 'createCoupon',
    method: 'POST',
    path: '/admin/coupons',
    summary: 'Add a coupon (the server generates its code)',
    description:
      'The code is always assigned by the server (a `code` in the body is not used). Without dates the coupon runs ' +
      'from today for 30 days; a YYYY-MM-DD start counts from the start of its day, an end to the end of its day. ' +
      'Recorded in the activity log.',
    tag,
    access: 'couponsWrite',
    body: createCouponBody,
    bodyExample: couponExample,
    responses: { 201: wrapped(couponView) },
    errors: [409],
  }),
  update: endpoint({
    operationId: 'updateCoupon',
    method: 'PUT',
    path: '/admin/coupons/:id',
    summary: 'Edit a coupon',
    description:
      'Replaces the editable fields; the code and the use count stay. Without dates in the body the coupon keeps ' +
      'its own. Recorded in the activity log with the changed fields. 404 "Coupon not found".',
    tag,
    access: 'couponsWrite',
    params,
    body: updateCouponBody,
    bodyExample: couponExample,
    responses: { 200: wrapped(couponView) },
    errors: [409],
  }),
  remove: endpoint({
    operationId: 'deleteCoupon',
    method: 'DELETE',
    path: '/admin/coupons/:id',
    summary: 'Delete a coupon',
    description:
      'Only a coupon nobody has used: otherwise 409 "This coupon has been used on orders and cannot be deleted. ' +
      'Deactivate it instead." Recorded in the activity log. 404 "Coupon not found".',
    tag,
    access: 'couponsWrite',
    params,
    responses: { 200: messageEnvelope },
    errors: [409],
  }),
  validate: endpoint({
    operationId: 'validateCoupon',
    method: 'POST',
    idempotent: true,
    path: '/coupons/validate',
    summary: "Check a coupon against the signed-in customer's cart subtotal",
    description:
      'The customer comes from the token; a userId in the body is ignored. Nothing is counted or stored: a use is ' +
      'counted when an order is placed. The per-customer limit counts the buyer by e-mail, as a guest or signed in ' +
      `alike. A coupon that does not apply answers 400 COUPON_NOT_APPLICABLE with the reason, e.g. 400 "${COUPON_REASONS.unknown}", ` +
      `400 "${COUPON_REASONS.expired}", 400 "${COUPON_REASONS.userLimit}" or 400 "${COUPON_REASONS.firstOrderOnly}".`,
    tag,
    access: 'authenticated',
    body: validateCouponBody,
    bodyExample: validateExample,
    responses: { 200: wrapped(couponValidationView) },
  }),
  validatePublic: endpoint({
    operationId: 'validateCouponAsGuest',
    method: 'POST',
    idempotent: true,
    path: '/public/coupons/validate',
    summary: 'Check a coupon against a guest cart subtotal',
    description:
      'As the signed-in check, for a guest: nothing is stored. A first-order-only coupon answers 400 ' +
      `"${COUPON_REASONS.signInRequired}"; other refusals are 400 COUPON_NOT_APPLICABLE with the reason.`,
    tag,
    access: 'public',
    body: validateCouponBody,
    bodyExample: validateExample,
    responses: { 200: wrapped(couponValidationView) },
  }),
};
