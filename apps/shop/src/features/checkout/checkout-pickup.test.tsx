import { checkoutContracts, locationContracts, orderContracts, paymentContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { cart } from '../../lib/cart';
import { confirmedOrder } from './checkout-storage';
import { fillForm, type PricedPickupShop, renderCheckout } from './checkout-test-kit';
import ConfirmationPage from './pages/ConfirmationPage';

const SHOPS = [
  { _id: 'shop-1', name: 'Canal Street shop', address: '12 Canal Street, Manchester M1 3HE', available: true },
  { _id: 'shop-2', name: 'Harbour shop', address: '3 Quay Road, Bristol BS1 4DJ', available: true },
];

describe('picking up in store', () => {
  /** A store whose pricing lists the pickup shops `shops` and whose guest order answers `order` (placed by default). */
  function renderWithShops(
    shops: PricedPickupShop[],
    order = () => ok({ order: { id: 'o1', orderNumber: 'SL-5', total: 1 } }, 201),
  ) {
    return renderCheckout((request) => {
      if (isCallTo(request, checkoutContracts.createGuestSession))
        return ok({ totals: { total: 43.2 }, paymentIntent: { id: 'pi' } });
      if (isCallTo(request, orderContracts.createGuest)) return order();
      if (isCallTo(request, paymentContracts.confirm)) return ok({ order: { orderNumber: 'SL-5' } });
      return failure(404, 'unexpected call');
    }, shops);
  }
  const shippingRadios = () =>
    within(screen.getByRole('group', { name: 'Shipping method' }))
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);

  it('offers "Pick up in store" for free with the shops, and places the order at the shop chosen', async () => {
    const { sent, location } = renderWithShops(SHOPS);
    const pickup = await screen.findByRole('radio', { name: /Pick up in store/ }, { timeout: 5_000 });
    expect(pickup.closest('label')?.textContent).toContain('Free');
    expect(screen.queryByRole('group', { name: 'Pick up at' })).toBeNull();
    fireEvent.click(pickup);
    const shops = within(screen.getByRole('group', { name: 'Pick up at' }));
    expect(shops.getByRole('radio', { name: /Canal Street shop/ })).toHaveProperty('checked', true);
    expect(shops.getByText('3 Quay Road, Bristol BS1 4DJ')).toBeTruthy();
    fireEvent.click(shops.getByRole('radio', { name: /Harbour shop/ }));
    // Shipping is free: $40 + $3.20 tax.
    expect(screen.getByRole('button', { name: 'Pay $43.20' })).toBeTruthy();
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $43.20' }));

    await waitFor(() => expect(location.history).toContain('/confirmation/SL-5'));
    const session = sent.find((request) => isCallTo(request, checkoutContracts.createGuestSession));
    expect(session?.body).toMatchObject({ shippingMethod: 'pickup' });
    const order = sent.find((request) => isCallTo(request, orderContracts.createGuest));
    expect(order?.body).toMatchObject({
      shippingMethod: 'pickup',
      pickupLocationId: 'shop-2',
      shippingAddress: { firstName: 'Ada', street: '1 Main St' },
    });
  });

  it('shows the store’s refusal when the shop lacks a unit, and keeps the cart', async () => {
    renderWithShops(SHOPS, () => failure(409, 'Insufficient stock for Tee (M / Black) at Canal Street shop'));
    fireEvent.click(await screen.findByRole('radio', { name: /Pick up in store/ }, { timeout: 5_000 }));
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $43.20' }));
    expect(await screen.findByText('Insufficient stock for Tee (M / Black) at Canal Street shop')).toBeTruthy();
    expect(cart.lines()).toHaveLength(1);
  });

  it('names the shop on the confirmation of a pickup order instead of a shipping address', async () => {
    stubApi((request) =>
      isCallTo(request, locationContracts.pickupLocations) ? ok({ locations: SHOPS }) : failure(404, 'none'),
    );
    confirmedOrder.save({
      orderNumber: 'SL-5',
      paymentMethod: 'stripe',
      shippingMethod: 'pickup',
      pickupLocationId: 'shop-2',
      total: 43.2,
      items: [],
      email: 'a@b.co',
      subtotal: 40,
      discount: 0,
      shipping: 0,
      tax: 3.2,
      couponCode: null,
    } as never);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={memoryLocation({ path: '/confirmation/SL-5' }).hook}>
          <Route path="/confirmation/:orderNumber" component={ConfirmationPage} />
        </Router>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Pick up at Harbour shop, 3 Quay Road, Bristol BS1 4DJ')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Shipping to' })).toBeNull();
  });

  it('shows a shop without the whole cart dimmed and unchoosable, and preselects the first that has it', async () => {
    const { sent } = renderWithShops([{ ...SHOPS[0]!, available: false }, SHOPS[1]!]);
    fireEvent.click(await screen.findByRole('radio', { name: /Pick up in store/ }, { timeout: 5_000 }));
    const shops = within(screen.getByRole('group', { name: 'Pick up at' }));
    const canal = shops.getByRole('radio', { name: /Canal Street shop/ });
    expect([canal.hasAttribute('disabled'), canal.closest('label')?.textContent]).toEqual([
      true,
      expect.stringContaining('Not everything in your cart is here now'),
    ]);
    expect(shops.getByRole('radio', { name: /Harbour shop/ })).toHaveProperty('checked', true);
    fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Pay $43.20' }));
    await waitFor(() => expect(sent.some((request) => isCallTo(request, orderContracts.createGuest))).toBe(true));
    const order = sent.find((request) => isCallTo(request, orderContracts.createGuest));
    expect(order?.body).toMatchObject({ shippingMethod: 'pickup', pickupLocationId: 'shop-2' });
  });

  it('offers delivery only when no shop offers pickup, or none has the whole cart', async () => {
    for (const shops of [[], SHOPS.map((shop) => ({ ...shop, available: false }))]) {
      const { unmount } = renderWithShops(shops);
      await screen.findByRole('radio', { name: /Express Shipping/ }, { timeout: 5_000 });
      expect(shippingRadios()).toEqual([
        expect.stringContaining('Standard Shipping'),
        expect.stringContaining('Express Shipping'),
      ]);
      expect(screen.queryByText(/Pick up/)).toBeNull();
      unmount();
    }
  });
});
