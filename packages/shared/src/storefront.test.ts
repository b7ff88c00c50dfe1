import { describe, expect, it } from 'vitest';
import { STOREFRONT_AVAILABLE_CAP } from './constants.js';
import { staffOnlyFieldPaths, storefrontAvailable } from './storefront.js';

describe('storefront views', () => {
  it('finds staff-only field names anywhere, and quantity only inside stock rows', () => {
    const answer = {
      data: {
        products: [{ price: 1, createdBy: null, inventory: [{ size: 'M', quantity: 3, available: 2 }] }],
        order: { items: [{ quantity: 2, price: 5 }], coupon: { usedCount: 1 } },
      },
    };
    expect(staffOnlyFieldPaths(answer)).toEqual([
      'data.products[0].createdBy',
      'data.products[0].inventory[0].quantity',
      'data.order.coupon.usedCount',
    ]);
    expect(staffOnlyFieldPaths({ data: { items: [{ quantity: 1 }] } })).toEqual([]);
  });

  it('bounds availability between 0 and the cap', () => {
    expect(storefrontAvailable(-2)).toBe(0);
    expect(storefrontAvailable(3)).toBe(3);
    expect(storefrontAvailable(500)).toBe(STOREFRONT_AVAILABLE_CAP);
  });
});
