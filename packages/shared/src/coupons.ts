import { z } from 'zod';
import { dateFilter, lengthUnder } from './api.js';
import { COUPON_DEFAULTS, COUPON_TYPES, type CouponType } from './constants.js';
import { whenValid } from './refinements.js';

export const COUPON_NAME_MIN = 3;
export const COUPON_NAME_MAX = 100;
export const COUPON_DESCRIPTION_MAX = 500;
export const COUPON_CODE_LENGTH = 8;

export const COUPON_MESSAGES = {
  nameRequired: 'Coupon name is required',
  nameMin: 'Coupon name must be at least 3 characters',
  nameMax: 'Coupon name must be less than 100 characters',
  valuePositive: 'Value must be greater than 0',
  percentageMax: 'Percentage cannot exceed 100%',
  usageLimitPositive: 'Usage limit must be greater than 0',
  usageLimitMax: 'Usage limit cannot exceed 10,000',
  descriptionMax: 'Description must be less than 500 characters',
  datesRequired: 'Both start and end dates are required',
  endAfterStart: 'End date must be after start date',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A form date (YYYY-MM-DD) or an ISO timestamp as a Date; null when it is not a date. */
export function parseCouponDate(value: string, edge: 'start' | 'end'): Date | null {
  const text = DATE_ONLY.test(value) ? `${value}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z` : value;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const optionalMoney = z.number().min(0).max(1_000_000).nullish();

/**
 * Add and Edit Coupon (the specification): the same schema checks the web form and the server body. Dates are
 * YYYY-MM-DD (a start date counts from the start of its day, an end date to the end of its day) or ISO timestamps; when
 * a request leaves both out, the server applies the spec's defaults (today, +30 days).
 */
const couponFields = {
  // A pipe, not `abort: true`: an explicit abort would also stop the object-level rules below (see whenValid).
  name: z
    .string({ error: COUPON_MESSAGES.nameRequired })
    .trim()
    .min(1, COUPON_MESSAGES.nameRequired)
    .pipe(
      z
        .string()
        .min(COUPON_NAME_MIN, COUPON_MESSAGES.nameMin)
        .max(lengthUnder(COUPON_NAME_MAX), COUPON_MESSAGES.nameMax),
    ),
  description: z.string().trim().max(lengthUnder(COUPON_DESCRIPTION_MAX), COUPON_MESSAGES.descriptionMax).optional(),
  type: z.enum(COUPON_TYPES, { error: 'Type must be percentage, fixed or free_shipping' }),
  value: z.number({ error: COUPON_MESSAGES.valuePositive }).gt(0, COUPON_MESSAGES.valuePositive).max(1_000_000),
  usageLimit: z
    .number({ error: COUPON_MESSAGES.usageLimitPositive })
    .int('Usage limit must be a whole number')
    .gt(0, COUPON_MESSAGES.usageLimitPositive)
    .max(COUPON_DEFAULTS.maxUsageLimit, COUPON_MESSAGES.usageLimitMax),
  userUsageLimit: z
    .number({ error: 'Per-user limit must be greater than 0' })
    .int('Per-user limit must be a whole number')
    .gt(0, 'Per-user limit must be greater than 0')
    .max(COUPON_DEFAULTS.maxUsageLimit, 'Per-user limit cannot exceed 10,000'),
  isActive: z.boolean(),
  firstTimeUserOnly: z.boolean(),
  startDate: z.string().max(40).nullish(),
  endDate: z.string().max(40).nullish(),
  minOrderAmount: optionalMoney,
  maxDiscount: optionalMoney,
};

/** The percentage cap and the date order read two fields each, so they run once those two are valid (see whenValid). */
export const couponInput = z
  .object(couponFields)
  .superRefine(
    (v, ctx) => {
      if (v.type === 'percentage' && v.value > 100)
        ctx.addIssue({ code: 'custom', path: ['value'], message: COUPON_MESSAGES.percentageMax });
    },
    whenValid(couponFields, ['type', 'value']),
  )
  .superRefine(
    (v, ctx) => {
      if (v.startDate === undefined && v.endDate === undefined) return;
      const start = v.startDate ? parseCouponDate(v.startDate, 'start') : null;
      const end = v.endDate ? parseCouponDate(v.endDate, 'start') : null;
      if (!start || !end) {
        ctx.addIssue({
          code: 'custom',
          path: [start ? 'endDate' : 'startDate'],
          message: COUPON_MESSAGES.datesRequired,
        });
      } else if (end.getTime() <= start.getTime()) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: COUPON_MESSAGES.endAfterStart });
      }
    },
    whenValid(couponFields, ['startDate', 'endDate']),
  );
export type CouponInput = z.infer<typeof couponInput>;
export type CouponFormValues = z.input<typeof couponInput>;

/** The server's create body: the spec's create defaults fill what the request leaves out (value 0 still fails). */
export const createCouponBody = z.preprocess(
  (raw) =>
    raw && typeof raw === 'object'
      ? {
          type: COUPON_DEFAULTS.type,
          usageLimit: COUPON_DEFAULTS.usageLimit,
          userUsageLimit: COUPON_DEFAULTS.userUsageLimit,
          isActive: COUPON_DEFAULTS.isActive,
          firstTimeUserOnly: COUPON_DEFAULTS.firstTimeUserOnly,
          ...Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
        }
      : raw,
  couponInput,
);

/** PUT sends the same fields plus `_id` (ignored: the path names the coupon). */
export const updateCouponBody = createCouponBody;

export const COUPON_STATUSES = ['Expired', 'Not Started', 'Usage Exceeded', 'Active', 'Inactive'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

type StatusFields = {
  isActive: boolean;
  usedCount: number;
  usageLimit: number;
  startDate: string | Date;
  endDate: string | Date;
};

/** the specification: Expired, Not Started, Usage Exceeded, Active, Inactive — first match wins. */
export function couponDisplayStatus(coupon: StatusFields, now: Date = new Date()): CouponStatus {
  const t = now.getTime();
  if (t > new Date(coupon.endDate).getTime()) return 'Expired';
  if (t < new Date(coupon.startDate).getTime()) return 'Not Started';
  if (coupon.usedCount >= coupon.usageLimit) return 'Usage Exceeded';
  return coupon.isActive ? 'Active' : 'Inactive';
}

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * What a coupon takes off a subtotal: a percentage (at most 100) capped at maxDiscount; a fixed amount capped at the
 * subtotal; free_shipping takes nothing off the goods and makes shipping free. Computed in cents.
 */
export function couponDiscount(
  coupon: { type: CouponType; value: number; maxDiscount?: number | null },
  subtotal: number,
): { discount: number; freeShipping: boolean } {
  const subtotalCents = Math.max(0, toCents(subtotal));
  if (coupon.type === 'free_shipping') return { discount: 0, freeShipping: true };
  let cents =
    coupon.type === 'percentage'
      ? Math.round((subtotalCents * Math.min(100, Math.max(0, coupon.value))) / 100)
      : toCents(Math.max(0, coupon.value));
  if (coupon.type === 'percentage' && coupon.maxDiscount != null && coupon.maxDiscount > 0)
    cents = Math.min(cents, toCents(coupon.maxDiscount));
  return { discount: Math.min(cents, subtotalCents) / 100, freeShipping: false };
}

export const COUPON_REASONS = {
  unknown: 'Invalid coupon code',
  inactive: 'This coupon is not active',
  notStarted: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  usageExceeded: 'This coupon has reached its usage limit',
  userLimit: 'You have already used this coupon the maximum number of times',
  firstOrderOnly: 'This coupon is only valid on your first order',
  signInRequired: 'Please sign in to use this coupon',
} as const;

export function minimumOrderReason(amount: number): string {
  return `Minimum order amount of $${amount.toFixed(2)} required for this coupon`;
}

export type CouponCheckFacts = {
  now: Date;
  subtotal: number;
  /** Null for a guest (no customer): the first-order rule then cannot be met. */
  customer: { redemptions: number; priorOrders: number } | null;
  /**
   * A guest's uses of the coupon, counted by their normalised e-mail (a customer's are in `customer`); null or left
   * out when no e-mail is known yet (a price check without one).
   */
  guestRedemptions?: number | null;
};

/** Why a coupon does not apply, or null when it does. Checks the coupon itself (in display-status order), then the customer, then the cart. */
export function couponRefusal(
  coupon: StatusFields & { userUsageLimit: number; firstTimeUserOnly: boolean; minOrderAmount?: number | null },
  facts: CouponCheckFacts,
): string | null {
  const status = couponDisplayStatus(coupon, facts.now);
  if (status === 'Expired') return COUPON_REASONS.expired;
  if (status === 'Not Started') return COUPON_REASONS.notStarted;
  if (status === 'Usage Exceeded') return COUPON_REASONS.usageExceeded;
  if (status === 'Inactive') return COUPON_REASONS.inactive;
  if (coupon.firstTimeUserOnly && !facts.customer) return COUPON_REASONS.signInRequired;
  const redemptions = facts.customer?.redemptions ?? facts.guestRedemptions ?? null;
  if (redemptions !== null && redemptions >= coupon.userUsageLimit) return COUPON_REASONS.userLimit;
  if (coupon.firstTimeUserOnly && facts.customer && facts.customer.priorOrders > 0)
    return COUPON_REASONS.firstOrderOnly;
  if (coupon.minOrderAmount != null && toCents(facts.subtotal) < toCents(coupon.minOrderAmount))
    return minimumOrderReason(coupon.minOrderAmount);
  return null;
}

const couponCode = z
  .string({ error: 'Coupon code is required' })
  .trim()
  .min(1, 'Coupon code is required')
  .max(50, 'Invalid coupon code')
  .transform((v) => v.toUpperCase());

/** POST /coupons/validate and /public/coupons/validate: items are accepted (as the spec sends them) but only the subtotal counts. */
export const validateCouponBody = z.object({
  code: couponCode,
  subtotal: z.number({ error: 'Subtotal must be a number' }).min(0, 'Subtotal cannot be negative').max(10_000_000),
  items: z.array(z.unknown()).max(500).optional(),
  userId: z.unknown().optional(),
});
export type ValidateCouponBody = z.infer<typeof validateCouponBody>;

export const couponListQuery = z.object({
  isActive: z.enum(['true', 'false']).optional(),
  type: z.enum(COUPON_TYPES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const couponAnalyticsQuery = z.object({
  startDate: dateFilter.optional(),
  endDate: dateFilter.optional(),
});
