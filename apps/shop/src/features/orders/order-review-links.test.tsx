import { orderContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { OrderDetailPage } from './pages/OrderDetailPage';

const line = (id: string, productId: string | null, name: string, size: string) => ({
  id,
  productId,
  product: { name, images: [] },
  size,
  color: 'Black',
  quantity: 1,
  price: 20,
  total: 20,
});
const order = (status: string) => ({
  id: 'o1',
  orderNumber: 'SL-1',
  status,
  createdAt: '2026-03-01T10:00:00.000Z',
  items: [
    line('i1', 'p1', 'Linen Sundress', 'XL'),
    line('i2', 'p1', 'Linen Sundress', 'M'),
    line('i3', null, 'Gone', 'S'),
  ],
  subtotal: 60,
  discount: 0,
  shipping: 5,
  tax: 4,
  total: 69,
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

function renderOrder(status: string) {
  stubApi((request) => (isCallTo(request, orderContracts.get) ? ok({ order: order(status) }) : failure(404, 'none')));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/orders/o1' }).hook}>
        <Route path="/orders/:id" component={OrderDetailPage} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('reviewing from an order', () => {
  it("offers a review per product of a delivered order, with the line's size", async () => {
    renderOrder('delivered');
    const links = await screen.findAllByRole('link', { name: /^Write a review/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/reviews/new?product=p1&size=XL']);
    expect(links[0]!.textContent).toBe('Write a review of Linen Sundress');
  });

  it('offers none before the order is delivered', async () => {
    renderOrder('shipped');
    await screen.findByText('Order SL-1');
    expect(screen.queryByRole('link', { name: /^Write a review/ })).toBeNull();
  });
});
