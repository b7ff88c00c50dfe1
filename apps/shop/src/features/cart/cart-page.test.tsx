import { checkoutContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cart } from '../../lib/cart';
import CartPage from './pages/CartPage';

const tee = { productId: 'p1', size: 'M', color: 'Black', quantity: 1, slug: 'tee', name: 'Tee', image: null };
const pricing = { items: [{ ...tee, price: 20, total: 20 }], subtotal: 20, shipping: 5.99, tax: 1.6, total: 27.59 };

describe('the cart', () => {
  it('offers to price the cart again when the store could not, and then to check out', async () => {
    let down = true;
    cart.replace([tee]);
    stubApi((request) => {
      if (!isCallTo(request, checkoutContracts.calculateShipping)) return failure(404, 'unexpected call');
      return down ? failure(502, 'Bad gateway') : ok({ ...pricing, methods: [], pickupLocations: [] });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={memoryLocation({ path: '/cart' }).hook}>
          <CartPage />
        </Router>
      </QueryClientProvider>,
    );
    const again = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 });
    expect(screen.getByText('Bad gateway')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Check out' })).toBeNull();

    down = false;
    fireEvent.click(again);
    await screen.findByRole('link', { name: 'Check out' });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
