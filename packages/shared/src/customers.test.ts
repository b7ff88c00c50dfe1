import { describe, expect, it } from 'vitest';
import { addressInput } from './addresses.js';
import { customerListQuery, customerTier, customerUpdateInput } from './customers.js';
import { changePasswordInput, preferencesInput, readPreferences } from './profile.js';

describe('customerTier', () => {
  it('is High Value at 1000 and above', () => {
    expect(customerTier(1000)).toBe('High Value');
    expect(customerTier(25_000.5)).toBe('High Value');
  });
  it('is Medium Value from 500 up to just under 1000', () => {
    expect(customerTier(500)).toBe('Medium Value');
    expect(customerTier(999.99)).toBe('Medium Value');
  });
  it('is Standard below 500', () => {
    expect(customerTier(499.99)).toBe('Standard');
    expect(customerTier(0)).toBe('Standard');
  });
});

const validAddress = {
  firstName: 'Emma',
  lastName: 'Wilson',
  street: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'USA',
  phone: '5550123456',
};
const firstMessage = (input: unknown) => {
  const result = addressInput.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('addressInput', () => {
  it('accepts a full address and trims it', () => {
    expect(addressInput.parse({ ...validAddress, city: '  Springfield ' }).city).toBe('Springfield');
  });
  it.each([
    ['firstName', '', 'First name is required.'],
    ['firstName', 'A', 'First name must be 2-50 characters.'],
    ['firstName', 'A'.repeat(51), 'First name must be 2-50 characters.'],
    ['lastName', '  ', 'Last name is required.'],
    ['lastName', 'B', 'Last name must be 2-50 characters.'],
    ['street', '', 'Street address is required.'],
    ['city', '', 'City is required.'],
    ['state', '', 'State is required.'],
    ['zipCode', '', 'ZIP code is required.'],
    ['country', '', 'Country is required.'],
    ['phone', '', 'Phone number is required.'],
  ])('%s %j gives %s', (field, value, message) => {
    expect(firstMessage({ ...validAddress, [field]: value })).toBe(message);
  });
  it('says a missing field is required, with one message for that field', () => {
    const { firstName: _omit, ...rest } = validAddress;
    const result = addressInput.safeParse(rest);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['First name is required.']);
  });
});

describe('customer inputs', () => {
  it('reads list queries with defaults and rejects unknown statuses', () => {
    expect(customerListQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(customerListQuery.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(customerListQuery.parse({ limit: '101' }).limit).toBe(100);
  });
  it('turns an empty phone into null and refuses letters', () => {
    expect(customerUpdateInput.parse({ firstName: 'Emma', lastName: 'Wilson', phone: '' }).phone).toBeNull();
    expect(customerUpdateInput.parse({ firstName: 'Emma', lastName: 'Wilson', phone: '+1 (555) 012-3456' }).phone).toBe(
      '+1 (555) 012-3456',
    );
    expect(customerUpdateInput.safeParse({ firstName: 'Emma', lastName: 'Wilson', phone: 'call me' }).success).toBe(
      false,
    );
  });
  it('refuses fields a customer edit does not own', () => {
    expect(customerUpdateInput.safeParse({ firstName: 'Emma', lastName: 'Wilson', role: 'admin' }).success).toBe(false);
  });
});

describe('profile inputs', () => {
  it('needs a new password that differs from the current one', () => {
    const same = changePasswordInput.safeParse({ currentPassword: 'Customer123!', newPassword: 'Customer123!' });
    expect(same.error?.issues[0]?.message).toBe('New password must be different from the current password');
    const short = changePasswordInput.safeParse({ currentPassword: 'Customer123!', newPassword: 'short' });
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 8 characters long');
  });
  it('keeps preferences to known sizes, colors and currencies, without duplicates', () => {
    expect(preferencesInput.parse({ preferredSizes: ['M', 'M', 'L'] }).preferredSizes).toEqual(['M', 'L']);
    expect(preferencesInput.safeParse({ preferredSizes: ['XXXL'] }).success).toBe(false);
    expect(preferencesInput.safeParse({ preferredColors: ['Chartreuse'] }).success).toBe(false);
    expect(preferencesInput.safeParse({ currency: 'BTC' }).success).toBe(false);
  });
  it('reads stored preferences with defaults for anything missing or stale', () => {
    expect(readPreferences({ newsletter: true })).toEqual({
      newsletter: true,
      preferredSizes: [],
      preferredColors: [],
      currency: 'USD',
    });
    expect(readPreferences({ currency: 'XYZ', newsletter: true })).toMatchObject({ currency: 'USD', newsletter: true });
    expect(readPreferences(null)).toEqual(readPreferences({}));
  });
});
