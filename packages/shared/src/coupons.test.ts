import { describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  COUPON_REASONS,
  couponDiscount,
  couponDisplayStatus,
  couponInput,
  couponRefusal,
  createCouponBody,
} from './coupons.js';

const now = new Date('2026-06-15T12:00:00Z');
const base = {
  isActive: true,
  usedCount: 0,
  usageLimit: 10,
  startDate: '2026-06-01T00:00:00Z',
  endDate: '2026-06-30T00:00:00Z',
};

describe('couponDisplayStatus', () => {
  it('is Expired first, even when also exhausted and inactive', () => {
    expect(couponDisplayStatus({ ...base, endDate: '2026-06-10T00:00:00Z', usedCount: 10, isActive: false }, now)).toBe(
      'Expired',
    );
  });
  it('is Not Started before the start date, before usage', () => {
    expect(couponDisplayStatus({ ...base, startDate: '2026-06-20T00:00:00Z', usedCount: 10 }, now)).toBe('Not Started');
  });
  it('is Usage Exceeded at or above the limit, before Inactive', () => {
    expect(couponDisplayStatus({ ...base, usedCount: 10, isActive: false }, now)).toBe('Usage Exceeded');
    expect(couponDisplayStatus({ ...base, usedCount: 11 }, now)).toBe('Usage Exceeded');
  });
  it('is Active or Inactive by the flag otherwise', () => {
    expect(couponDisplayStatus({ ...base, usedCount: 9 }, now)).toBe('Active');
    expect(couponDisplayStatus({ ...base, isActive: false }, now)).toBe('Inactive');
  });
});

describe('couponDiscount', () => {
  it('takes a percentage of the subtotal, rounded to the cent', () => {
    expect(couponDiscount({ type: 'percentage', value: 15 }, 33.33)).toEqual({ discount: 5, freeShipping: false });
    expect(couponDiscount({ type: 'percentage', value: 10 }, 0.05)).toEqual({ discount: 0.01, freeShipping: false });
  });
  it('caps a percentage at 100 and at maxDiscount', () => {
    expect(couponDiscount({ type: 'percentage', value: 150 }, 80).discount).toBe(80);
    expect(couponDiscount({ type: 'percentage', value: 50, maxDiscount: 20 }, 100).discount).toBe(20);
    expect(couponDiscount({ type: 'percentage', value: 10, maxDiscount: 20 }, 100).discount).toBe(10);
  });
  it('caps a fixed amount at the subtotal', () => {
    expect(couponDiscount({ type: 'fixed', value: 25 }, 100).discount).toBe(25);
    expect(couponDiscount({ type: 'fixed', value: 25 }, 19.99).discount).toBe(19.99);
  });
  it('gives free shipping and no discount for free_shipping', () => {
    expect(couponDiscount({ type: 'free_shipping', value: 1 }, 50)).toEqual({ discount: 0, freeShipping: true });
  });
});

describe('couponRefusal', () => {
  const coupon = { ...base, userUsageLimit: 1, firstTimeUserOnly: false, minOrderAmount: null };
  const facts = { now, subtotal: 50, customer: { redemptions: 0, priorOrders: 0 } };
  it('accepts a valid coupon', () => expect(couponRefusal(coupon, facts)).toBeNull());
  it('says why a coupon does not apply', () => {
    expect(couponRefusal({ ...coupon, endDate: '2026-06-01T00:00:00Z' }, facts)).toBe(COUPON_REASONS.expired);
    expect(couponRefusal({ ...coupon, startDate: '2026-07-01T00:00:00Z' }, facts)).toBe(COUPON_REASONS.notStarted);
    expect(couponRefusal({ ...coupon, usedCount: 10 }, facts)).toBe(COUPON_REASONS.usageExceeded);
    expect(couponRefusal({ ...coupon, isActive: false }, facts)).toBe(COUPON_REASONS.inactive);
    expect(couponRefusal(coupon, { ...facts, customer: { redemptions: 1, priorOrders: 1 } })).toBe(
      COUPON_REASONS.userLimit,
    );
    expect(
      couponRefusal({ ...coupon, firstTimeUserOnly: true }, { ...facts, customer: { redemptions: 0, priorOrders: 2 } }),
    ).toBe(COUPON_REASONS.firstOrderOnly);
    expect(couponRefusal({ ...coupon, firstTimeUserOnly: true }, { ...facts, customer: null })).toBe(
      COUPON_REASONS.signInRequired,
    );
    expect(couponRefusal(coupon, { ...facts, customer: null, guestRedemptions: 1 })).toBe(COUPON_REASONS.userLimit);
    expect(couponRefusal(coupon, { ...facts, customer: null, guestRedemptions: 0 })).toBeNull();
    expect(
      couponRefusal({ ...coupon, firstTimeUserOnly: true }, { ...facts, customer: null, guestRedemptions: 0 }),
    ).toBe(COUPON_REASONS.signInRequired);
    expect(couponRefusal({ ...coupon, minOrderAmount: 75 }, facts)).toBe(
      'Minimum order amount of $75.00 required for this coupon',
    );
  });
});

describe('couponInput', () => {
  const valid = {
    name: 'Summer Sale',
    type: 'percentage' as const,
    value: 10,
    usageLimit: 100,
    userUsageLimit: 1,
    isActive: true,
    firstTimeUserOnly: false,
    startDate: '2026-06-01',
    endDate: '2026-06-30',
  };
  const messages = (input: unknown) => {
    const result = couponInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('accepts a valid coupon', () => expect(messages(valid)).toEqual([]));
  it('has every spec message', () => {
    expect(messages({ ...valid, name: '' })).toEqual([COUPON_MESSAGES.nameRequired]);
    expect(messages({ ...valid, name: 'ab' })).toEqual([COUPON_MESSAGES.nameMin]);
    expect(messages({ ...valid, name: 'a'.repeat(101) })).toEqual([COUPON_MESSAGES.nameMax]);
    expect(messages({ ...valid, value: 0 })).toEqual([COUPON_MESSAGES.valuePositive]);
    expect(messages({ ...valid, value: 101 })).toEqual([COUPON_MESSAGES.percentageMax]);
    expect(messages({ ...valid, type: 'fixed', value: 101 })).toEqual([]);
    expect(messages({ ...valid, usageLimit: 0 })).toEqual([COUPON_MESSAGES.usageLimitPositive]);
    expect(messages({ ...valid, usageLimit: 10_001 })).toEqual([COUPON_MESSAGES.usageLimitMax]);
    expect(messages({ ...valid, description: 'd'.repeat(501) })).toEqual([COUPON_MESSAGES.descriptionMax]);
    expect(messages({ ...valid, endDate: '' })).toEqual([COUPON_MESSAGES.datesRequired]);
    expect(messages({ ...valid, endDate: '2026-06-01' })).toEqual([COUPON_MESSAGES.endAfterStart]);
  });
  it('fills the create defaults, so a bare name fails only on the value', () => {
    const result = createCouponBody.safeParse({ name: 'Bare coupon' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([COUPON_MESSAGES.valuePositive]);
    const ok = createCouponBody.parse({ name: 'Bare coupon', value: 5 });
    expect(ok).toMatchObject({ type: 'percentage', usageLimit: 100, userUsageLimit: 1, isActive: true });
  });
});
