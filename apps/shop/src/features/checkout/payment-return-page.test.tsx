import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cart } from '../../lib/cart';
import CheckoutPage from './pages/CheckoutPage';
import PaymentReturnPage from './pages/PaymentReturnPage';

const tee = { productId: 'p1', size: 'M', color: 'Black', quantity: 1, slug: 'tee', name: 'Tee', image: null };

/** The page where the shop mounts it, /shop/checkout/return, as Stripe's redirect opens it. */
function renderReturn(search: string) {
  cart.replace([tee]);
  const location = memoryLocation({ path: '/shop/checkout/return', searchPath: search });
  render(
    <Router hook={location.hook} base="/shop">
      <Route path="/checkout" nest>
        <Route path="/return" component={PaymentReturnPage} />
      </Route>
    </Router>,
  );
}

const stripeParams = (status: string | null) =>
  `payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2${status ? `&redirect_status=${status}` : ''}&order=SL-9`;

describe('the payment return page', () => {
  it.each(['succeeded', 'processing'])(
    'says a %s payment is received and being confirmed, links to tracking and empties the cart',
    (status) => {
      renderReturn(stripeParams(status));
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe('Payment received — we are confirming your order');
      expect(document.activeElement).toBe(heading);
      expect(screen.getByTestId('order-number').textContent).toBe('SL-9');
      expect(screen.getByRole('link', { name: 'Track your order' }).getAttribute('href')).toBe(
        '/shop/track?order=SL-9',
      );
      expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/shop/');
      expect(screen.queryByRole('link', { name: 'Back to checkout' })).toBeNull();
      expect(cart.lines()).toEqual([]);
      expect(document.title).toBe('Payment received · Seamline');
    },
  );

  it.each(['failed', 'requires_payment_method', 'canceled', null])(
    'says a payment that ended %s did not go through, leads back to checkout and keeps the cart',
    (status) => {
      renderReturn(stripeParams(status));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your payment did not go through');
      expect(screen.getByRole('alert').textContent).toContain('was not completed and you have not been charged');
      expect(screen.getByTestId('order-number').textContent).toBe('SL-9');
      expect(screen.getByRole('link', { name: 'Back to checkout' }).getAttribute('href')).toBe('/shop/checkout');
      expect(screen.queryByRole('link', { name: 'Track your order' })).toBeNull();
      expect(cart.lines()).toEqual([tee]);
    },
  );
});

describe('the checkout routes', () => {
  it('open the return page at /shop/checkout/return (Stripe’s return address)', async () => {
    const location = memoryLocation({ path: '/shop/checkout/return', searchPath: stripeParams('succeeded') });
    render(
      <Router hook={location.hook} base="/shop">
        <Suspense fallback={null}>
          <Route path="/checkout" nest component={CheckoutPage} />
        </Suspense>
      </Router>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Payment received — we are confirming your order',
    );
  });
});
