// The checkout page's test fixtures: a cart of two tees priced by the store, the page rendered against a stubbed store,
// and the form filled in as a shopper would.
import { checkoutContracts } from '@seamline/shared';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cart } from '../../lib/cart';
import CheckoutFormPage from './pages/CheckoutFormPage';

const tee = { productId: 'p1', size: 'M', color: 'Black', quantity: 2, slug: 'tee', name: 'Tee', image: null };
const pricing = {
  items: [{ ...tee, price: 20, total: 40 }],
  subtotal: 40,
  methods: [
    { id: 'standard', name: 'Standard Shipping', estimatedDays: '5-7 days', cost: 5.99 },
    { id: 'express', name: 'Express Shipping', estimatedDays: '2-3 days', cost: 12.99 },
  ],
};

/** A pickup shop as the store's pricing lists it: `available` when it has the whole cart now. */
export type PricedPickupShop = { _id: string; name: string; address: string; available: boolean };

/**
 * The checkout page with a cart of two tees, against a store that prices (with `pickupShops`, none by default), places
 * and pays as `store` says. While `pricingDown()` says so, the pricing answers 500.
 */
export function renderCheckout(
  store: (request: SentRequest) => Response,
  pickupShops: PricedPickupShop[] = [],
  pricingDown = () => false,
) {
  cart.replace([tee]);
  const sent = stubApi((request) => {
    if (!isCallTo(request, checkoutContracts.calculateShipping)) return store(request);
    return pricingDown() ? failure(500, 'Internal server error') : ok({ ...pricing, pickupLocations: pickupShops });
  });
  const location = memoryLocation({ path: '/', record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { unmount } = render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <CheckoutFormPage />
      </Router>
    </QueryClientProvider>,
  );
  return { sent, location, unmount };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

export function fillForm({ card = true } = {}) {
  fill('E-mail', 'Ada@Example.com');
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Street address', '1 Main St'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP code', '62701'],
    ['Phone', '5551234567'],
    ...(card
      ? [
          ['Card number', '4242 4242 4242 4242'],
          ['Expiry (MM/YY)', '12/40'],
          ['Security code', '123'],
          ['Name on card', 'Ada Lovelace'],
        ]
      : []),
  ])
    fill(label!, value!);
}
