import { checkoutContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { failure, isCallTo, ok, type SentRequest, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

/** The checkout page with a cart of two tees, against a store that prices, places and pays as `store` says. */
function renderCheckout(store: (request: SentRequest) => Response) {
  cart.replace([tee]);
  const sent = stubApi((request) =>
    isCallTo(request, checkoutContracts.calculateShipping) ? ok(pricing) : store(request),
  );
  const location = memoryLocation({ path: '/', record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <CheckoutFormPage />
      </Router>
    </QueryClientProvider>,
  );
  return { sent, location };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

function fillForm() {
  fill('E-mail', 'Ada@Example.com');
  for (const [label, value] of [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Street address', '1 Main St'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP code', '62701'],
    ['Phone', '5551234567'],
    ['Card number', '4242 4242 4242 4242'],
    ['Expiry (MM/YY)', '12/40'],
    ['Security code', '123'],
    ['Name on card', 'Ada Lovelace'],
  ])
    fill(label!, value!);
}

describe('the checkout page', () => {
  it('names every missing field with the shared messages on Pay and focuses the first', async () => {
    const { sent } = renderCheckout(() => failure(500, 'nothing is placed'));
    fireEvent.click(await screen.findByRole('button', { name: /^Pay \$/ }, { timeout: 5_000 }));
    await screen.findByText('First name is required.');
    expect(screen.getByText('Enter a valid card number.')).toBeTruthy();
    expect(document.activeElement?.id).toBe('email');
    expect(sent.every((request) => isCallTo(request, checkoutContracts.calculateShipping))).toBe(true);
  });

  it('prices the chosen shipping method and pays the total shown, then opens the confirmation', async () => {
    const { sent, location } = renderCheckout((request) => {
      if (isCallTo(request, checkoutContracts.createGuestSession)) {
        const body = request.body as { shippingMethod: string };
        return ok({
          totals: { total: body.shippingMethod === 'express' ? shownTotal() : -1 },
          paymentIntent: { id: 'pi' },
        });
      }
      if (isCallTo(request, orderContracts.createGuest))
        return ok({ order: { id: 'o1', orderNumber: 'SL-9', total: 1 } }, 201);
      if (isCallTo(request, paymentContracts.confirm)) return ok({ order: { orderNumber: 'SL-9' } });
      return failure(404, 'unexpected call');
    });
    const shownTotal = () =>
      Number(screen.getByRole('button', { name: /^Pay \$/ }).textContent?.replace(/[^\d.]/g, ''));
    fireEvent.click(await screen.findByRole('radio', { name: /Express Shipping/ }, { timeout: 5_000 }));
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));

    await waitFor(() => expect(location.history).toContain('/confirmation/SL-9'));
    const session = sent.find((request) => isCallTo(request, checkoutContracts.createGuestSession));
    expect(session?.body).toMatchObject({
      email: 'ada@example.com',
      shippingMethod: 'express',
      items: [{ productId: 'p1', size: 'M', color: 'Black', quantity: 2 }],
      shippingAddress: { firstName: 'Ada', street: '1 Main St', country: 'US' },
    });
    const payment = sent.find((request) => isCallTo(request, paymentContracts.confirm));
    expect(payment?.body).toMatchObject({ orderId: 'o1', paymentMethod: 'tok_test_4242' });
    expect(cart.lines()).toEqual([]);
  });

  it('asks to check a total the server changed, and keeps the cart', async () => {
    renderCheckout((request) =>
      isCallTo(request, checkoutContracts.createGuestSession)
        ? ok({ totals: { total: 0.01 }, paymentIntent: { id: 'pi' } })
        : failure(404, 'unexpected call'),
    );
    await screen.findByRole('button', { name: /^Pay \$/ }, { timeout: 5_000 });
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await screen.findByText(/Prices changed since you opened checkout/);
    expect(cart.lines()).toHaveLength(1);
  });
});
