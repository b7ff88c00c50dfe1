import { describe, expect, it } from 'vitest';
import {
  computeOrderTotals,
  effectiveUnitPrice,
  formatOrderNumber,
  ORDER_NUMBER_PATTERN,
  orderAddressSchema,
  orderNumberMatches,
  orderStatusForm,
  orderStatusInput,
  shippingOptions,
  taxCents,
  toCents,
} from './orders.js';

describe('order totals', () => {
  it('standard shipping under 100, tax 8% of the subtotal, exact to the cent', () => {
    expect(computeOrderTotals({ lines: [{ unitPrice: 19.99, quantity: 3 }] })).toEqual({
      subtotal: 59.97,
      discount: 0,
      shipping: 5.99,
      tax: 4.8, // 4.7976
      total: 70.76,
    });
  });

  it('free standard shipping from 100 after discount; express and overnight always charged', () => {
    const lines = [{ unitPrice: 50, quantity: 2 }];
    expect(computeOrderTotals({ lines }).shipping).toBe(0);
    expect(computeOrderTotals({ lines, discount: 0.01 }).shipping).toBe(5.99);
    expect(computeOrderTotals({ lines, shippingMethod: 'express' })).toMatchObject({ shipping: 14.99, total: 122.99 });
    expect(computeOrderTotals({ lines, shippingMethod: 'overnight' }).shipping).toBe(29.99);
    expect(computeOrderTotals({ lines, shippingMethod: 'overnight', freeShipping: true }).shipping).toBe(0);
  });

  it('tax is on subtotal minus discount, and the discount never exceeds the subtotal', () => {
    expect(computeOrderTotals({ lines: [{ unitPrice: 80, quantity: 1 }], discount: 20 })).toEqual({
      subtotal: 80,
      discount: 20,
      shipping: 5.99,
      tax: 4.8,
      total: 70.79,
    });
    expect(computeOrderTotals({ lines: [{ unitPrice: 10, quantity: 1 }], discount: 50 })).toMatchObject({
      discount: 10,
      tax: 0,
      total: 5.99,
    });
  });

  it('sums many float-unfriendly prices without drift', () => {
    const lines = Array.from({ length: 10 }, () => ({ unitPrice: 0.1, quantity: 3 }));
    expect(computeOrderTotals({ lines })).toEqual({ subtotal: 3, discount: 0, shipping: 5.99, tax: 0.24, total: 9.23 });
    expect(toCents(0.29)).toBe(29); // 0.29 * 100 = 28.999…
    expect(toCents(19.99)).toBe(1999);
  });

  it('rounds tax half up to the cent', () => {
    expect(taxCents(3125)).toBe(250); // 250.0
    expect(taxCents(3131)).toBe(250); // 250.48
    expect(taxCents(3132)).toBe(251); // 250.56
    expect(taxCents(6250 + 6)).toBe(500); // 500.48
    expect(taxCents(1)).toBe(0);
    expect(taxCents(7)).toBe(1); // 0.56
  });

  it('uses the sale price only when set and lower', () => {
    expect(effectiveUnitPrice(30, 25)).toBe(25);
    expect(effectiveUnitPrice(30, 35)).toBe(30);
    expect(effectiveUnitPrice(30, null)).toBe(30);
    expect(effectiveUnitPrice(30, 0)).toBe(30);
  });

  it('lists the shipping options with their cost', () => {
    expect(shippingOptions(120).map((o) => [o.id, o.cost])).toEqual([
      ['standard', 0],
      ['express', 14.99],
      ['overnight', 29.99],
    ]);
    expect(shippingOptions(99.99)[0]!.cost).toBe(5.99);
  });
});

describe('order numbers', () => {
  it('ORD-YYYYMMDD-XXXXXX from the UTC date', () => {
    const number = formatOrderNumber(new Date('2026-03-05T23:00:00Z'), [0, 25, 26, 35, 36, 71]);
    expect(number).toBe('ORD-20260305-AZ09A9');
    expect(ORDER_NUMBER_PATTERN.test(number)).toBe(true);
  });
});

describe('order forms', () => {
  const address = {
    firstName: 'Emma',
    lastName: 'Wilson',
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '73301',
    country: 'US',
    phone: '5550100',
  };
  const firstMessage = (value: unknown) => orderAddressSchema.safeParse(value).error?.issues[0]?.message;

  it('gives the spec messages for the address', () => {
    expect(firstMessage(address)).toBeUndefined();
    expect(firstMessage({ ...address, firstName: '' })).toBe('First name is required.');
    expect(firstMessage({ ...address, firstName: 'E' })).toBe('First name must be 2-50 characters.');
    expect(firstMessage({ ...address, firstName: 'E'.repeat(51) })).toBe('First name must be 2-50 characters.');
    expect(firstMessage({ ...address, lastName: ' ' })).toBe('Last name is required.');
    expect(firstMessage({ ...address, lastName: 'W' })).toBe('Last name must be 2-50 characters.');
    expect(firstMessage({ ...address, street: '' })).toBe('Street address is required.');
    expect(firstMessage({ ...address, city: '' })).toBe('City is required.');
    expect(firstMessage({ ...address, state: '' })).toBe('State is required.');
    expect(firstMessage({ ...address, zipCode: '' })).toBe('ZIP code is required.');
    expect(firstMessage({ ...address, country: '' })).toBe('Country is required.');
    expect(firstMessage({ ...address, phone: undefined })).toBe('Phone number is required.');
  });

  it('gives the status dialog messages', () => {
    const message = (value: unknown) => orderStatusForm.safeParse(value).error?.issues[0]?.message;
    expect(message({ status: '', paymentStatus: 'paid' })).toBe('Status is required');
    expect(message({ status: 'lost', paymentStatus: 'paid' })).toBe('Invalid status');
    expect(message({ status: 'shipped', paymentStatus: '' })).toBe('Payment status is required');
    expect(message({ status: 'shipped', paymentStatus: 'maybe' })).toBe('Invalid payment status');
    expect(message({ status: 'shipped', paymentStatus: 'paid', trackingNumber: 'AB' })).toBe(
      'Tracking number must be at least 3 characters',
    );
    expect(message({ status: 'shipped', paymentStatus: 'paid', estimatedDelivery: '2020-01-01' })).toBe(
      'Estimated delivery cannot be in the past',
    );
    const today = new Date();
    const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(message({ status: 'shipped', paymentStatus: 'paid', estimatedDelivery: local, trackingNumber: '' })).toBe(
      undefined,
    );
  });

  it('accepts adminNotes alone on the status call, and otherwise requires both statuses', () => {
    expect(orderStatusInput.safeParse({ adminNotes: 'Call before delivery' }).success).toBe(true);
    expect(orderStatusInput.safeParse({}).error?.issues[0]?.message).toBe('Status is required');
    expect(orderStatusInput.safeParse({ status: 'shipped' }).error?.issues[0]?.message).toBe(
      'Payment status is required',
    );
  });

  it('matches the typed order number trimmed and case-insensitively', () => {
    expect(orderNumberMatches('  ord-20260101-abc123 ', 'ORD-20260101-ABC123')).toBe(true);
    expect(orderNumberMatches('ORD-20260101-ABC124', 'ORD-20260101-ABC123')).toBe(false);
  });
});
