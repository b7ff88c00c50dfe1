import { describe, expect, it } from 'vitest';
import { type CartItem, MAX_CART_LINES, mergeCarts } from './cart.js';

const line = (productId: string, quantity: number, size = 'M'): CartItem => ({
  productId,
  size,
  color: 'Black',
  quantity,
  slug: productId,
  name: productId,
  image: null,
});

describe('merging a guest cart into the account cart', () => {
  it("keeps the account's lines, adds the guest's new ones, and takes the larger quantity of a shared line", () => {
    const account = [line('a', 1), line('b', 4)];
    const guest = [line('b', 2), line('a', 3), line('c', 1), line('a', 1, 'L')];
    expect(mergeCarts(account, guest)).toEqual([line('a', 3), line('b', 4), line('c', 1), line('a', 1, 'L')]);
  });

  it('merging the same carts twice changes nothing, and the result holds at most the cart limit', () => {
    const once = mergeCarts([line('a', 2)], [line('a', 1), line('b', 1)]);
    expect(mergeCarts(once, [line('a', 1), line('b', 1)])).toEqual(once);
    const many = Array.from({ length: MAX_CART_LINES + 5 }, (_, i) => line(`p${i}`, 1));
    expect(mergeCarts([], many)).toHaveLength(MAX_CART_LINES);
  });
});
