import { describe, expect, it } from 'vitest';
import { lazyPageAt } from './lazy-pages';

describe('the page whose code a start loads first', () => {
  it.each([
    ['/shop/products/classic-linen-shirt', '/products/:slug'],
    ['/shop/products/classic-linen-shirt/', '/products/:slug'],
    ['/shop/category/T-Shirts', '/category/:category'],
    ['/shop/brand/Marlow', '/brand/:brand'],
    ['/shop/search', '/search'],
    ['/shop/cart', '/cart'],
    ['/shop/checkout/payment', '/checkout'],
    ['/shop/account/orders/123', '/account'],
    ['/shop/alerts/unsubscribe/abc', '/alerts/unsubscribe/:token'],
    ['/SHOP/products/x', '/products/:slug'],
  ])('%s opens %s', (pathname, route) => {
    expect(lazyPageAt(pathname)?.path).toBe(route);
  });

  it.each([['/shop'], ['/shop/'], ['/shop/products'], ['/shop/products/a/b'], ['/shop/no-such-page'], ['/products/x']])(
    '%s has none (home is in the first bundle; the rest is the not-found page or not the shop)',
    (pathname) => {
      expect(lazyPageAt(pathname)).toBeUndefined();
    },
  );
});
