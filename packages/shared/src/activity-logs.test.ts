import { describe, expect, it } from 'vitest';
import { actionTone, activityEntity, activityLogQuery, flattenDetails } from './activity-logs.js';

describe('actionTone', () => {
  it('colors actions as the spec says', () => {
    expect(['create', 'stock_add', 'enroll', 'register'].map(actionTone)).toEqual(['green', 'green', 'green', 'green']);
    expect(['delete', 'deactivate', 'remove_item'].map(actionTone)).toEqual(['red', 'red', 'red']);
    expect(['update', 'update_status', 'modify', 'edit', 'change_role'].map(actionTone)).toEqual(
      Array(5).fill('amber'),
    );
    expect(['login', 'logout', 'auth_check'].map(actionTone)).toEqual(['blue', 'blue', 'blue']);
    expect(['payment', 'fee_charged'].map(actionTone)).toEqual(['green', 'green']);
    expect(actionTone('export')).toBe('neutral');
    expect(actionTone('DELETE')).toBe('red');
  });
});

describe('activityEntity', () => {
  it('maps resources to an icon entity, unknown ones to system', () => {
    expect(activityEntity('product')).toBe('product');
    expect(activityEntity('Coupon')).toBe('coupon');
    expect(activityEntity('stock')).toBe('inventory');
    expect(activityEntity('auth')).toBe('auth');
    expect(activityEntity('invitation')).toBe('user');
    expect(activityEntity('weather')).toBe('system');
  });
});

describe('flattenDetails', () => {
  it('flattens nested details into label/value pairs and shows before → after', () => {
    expect(
      flattenDetails({
        name: 'Linen Shirt',
        changes: { salePrice: { before: null, after: 19.5 }, isActive: { before: true, after: false } },
        tags: ['a', 'b'],
        address: { city: 'Oslo' },
      }),
    ).toEqual([
      { label: 'Name', value: 'Linen Shirt' },
      { label: 'Changes › Sale Price', value: '— → 19.5' },
      { label: 'Changes › Is Active', value: 'true → false' },
      { label: 'Tags', value: 'a, b' },
      { label: 'Address › City', value: 'Oslo' },
    ]);
    expect(flattenDetails(null)).toEqual([]);
    expect(flattenDetails({})).toEqual([]);
  });
});

describe('activityLogQuery', () => {
  it('defaults to page 1 of 25 and refuses bad filters', () => {
    expect(activityLogQuery.parse({})).toMatchObject({ page: 1, limit: 25 });
    expect(activityLogQuery.safeParse({ status: 'odd' }).success).toBe(false);
    expect(activityLogQuery.safeParse({ startDate: '2026-01-01' }).success).toBe(true);
    expect(activityLogQuery.safeParse({ startDate: 'soon' }).success).toBe(false);
  });
});
