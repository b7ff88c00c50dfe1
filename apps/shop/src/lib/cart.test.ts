import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type CartLine, cart, cartCount, useCart } from './cart';

const tee: CartLine = {
  productId: 'p1',
  size: 'M',
  color: 'Black',
  quantity: 1,
  slug: 'tee',
  name: 'Tee',
  image: null,
};
const coat: CartLine = { ...tee, productId: 'p2', slug: 'coat', name: 'Coat', quantity: 2 };

describe('the cart in localStorage', () => {
  it('adds a line, and adding the same size and color again raises its quantity', () => {
    cart.add(tee);
    cart.add({ ...tee, quantity: 2 });
    cart.add({ ...tee, size: 'L' });
    expect(cart.lines()).toEqual([
      { ...tee, quantity: 3 },
      { ...tee, size: 'L' },
    ]);
    expect(cartCount(cart.lines())).toBe(4);
  });

  it('changes a quantity, and a quantity of 0 or a removal drops the line', () => {
    cart.add(tee);
    cart.add(coat);
    cart.setQuantity(tee, 5);
    expect(cart.lines()[0]?.quantity).toBe(5);
    cart.setQuantity(tee, 0);
    expect(cart.lines()).toEqual([coat]);
    cart.remove(coat);
    expect(cart.lines()).toEqual([]);
  });

  it('survives a reload: the lines are read back from storage', () => {
    cart.add(coat);
    expect(JSON.parse(localStorage.getItem('shop.cart') ?? '[]')).toEqual([coat]);
  });

  it('treats a damaged entry as an empty cart', () => {
    localStorage.setItem('shop.cart', '{not json');
    expect(cart.lines()).toEqual([]);
    localStorage.setItem('shop.cart', '{"a":1}');
    expect(cart.lines()).toEqual([]);
  });

  it('tells subscribers about every change in this tab until they stop listening', () => {
    const listener = vi.fn();
    const stop = cart.subscribe(listener);
    cart.add(tee);
    cart.clear();
    stop();
    cart.add(tee);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('re-renders a page on changes here and in another tab', () => {
    const { result } = renderHook(() => useCart());
    expect(result.current).toEqual([]);
    act(() => cart.add(tee));
    expect(result.current).toEqual([tee]);
    act(() => {
      localStorage.setItem('shop.cart', JSON.stringify([coat]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'shop.cart' }));
    });
    expect(result.current).toEqual([coat]);
  });
});
