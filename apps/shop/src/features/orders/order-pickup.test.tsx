import { locationContracts, orderContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { OrderDetailPage } from './pages/OrderDetailPage';

const SHOP = { _id: 'shop-1', name: 'Canal Street shop', address: '12 Canal Street, Manchester M1 3HE' };
const order = (pickupLocationId: string) => ({
  id: 'o1',
  orderNumber: 'SL-1',
  status: 'confirmed',
  shippingMethod: 'pickup',
  pickupLocationId,
  createdAt: '2026-03-01T10:00:00.000Z',
  items: [],
  subtotal: 20,
  discount: 0,
  shipping: 0,
  tax: 1.6,
  total: 21.6,
  shippingAddress: {
    firstName: 'Rita',
    lastName: 'Rowe',
    street: '1 Main St',
    city: 'Boston',
    state: 'MA',
    zipCode: '02108',
    country: 'US',
    phone: '555',
  },
});

function renderOrder(pickupLocationId: string) {
  stubApi((request) => {
    if (isCallTo(request, orderContracts.get)) return ok({ order: order(pickupLocationId) });
    if (isCallTo(request, locationContracts.pickupLocations)) return ok({ locations: [SHOP] });
    return failure(404, 'none');
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/orders/o1' }).hook}>
        <Route path="/orders/:id" component={OrderDetailPage} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('a pickup order', () => {
  it('names the shop it is picked up at, and the address as the contact address', async () => {
    renderOrder('shop-1');
    expect(await screen.findByText('Pick up at Canal Street shop, 12 Canal Street, Manchester M1 3HE')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact address' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shipping address' })).toBeNull();
  });

  it('says "Pick up in store" when the shop no longer offers pickup', async () => {
    renderOrder('shop-gone');
    await screen.findByRole('heading', { name: 'Contact address' });
    expect(screen.getByTestId('pickup-place').textContent).toBe('Pick up in store');
  });
});
