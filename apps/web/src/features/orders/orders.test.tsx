import {
  adminOrderContracts,
  DEFAULT_LOCATION_ID,
  type LocationListItem,
  locationContracts,
  type OrderView,
  REASSIGN_MESSAGES,
} from '@seamline/shared';
import { paymentVariant, statusVariant } from '@seamline/ui';
import { failure, isCallTo, json, mockFetch, ok, stubApi } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { signedInAsAdmin, stockLocation } from '../../test/fixtures';
import { atUrl, currentUrl } from '../../test/url-probe';
import { CancelOrderDialog } from './components/CancelOrderDialog';
import { ManageStatusDialog } from './components/ManageStatusDialog';
import type { OrderActionHandlers } from './components/OrderBits';
import { OrderDetailPanel } from './components/OrderDetailPanel';
import { OrderDetailsDialog } from './components/OrderDetailsDialog';
import { customerName, variantSummary } from './order-display';
import OrdersPage from './pages/OrdersPage';

const address = {
  firstName: 'Nora',
  lastName: 'Bennett',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '73301',
  country: 'US',
  phone: '555',
};
const item = (id: string, size: string, color: string) => ({
  _id: id,
  id,
  productId: 'p'.repeat(24),
  product: { _id: 'p'.repeat(24), id: 'p'.repeat(24), name: 'Tee', slug: 'tee', sku: 'TEE', images: [] },
  size,
  color,
  variantId: `${size}-${color}`,
  variantSku: `TEE-${size}-${color}`.toUpperCase(),
  price: 10,
  quantity: 1,
  total: 10,
  locationId: DEFAULT_LOCATION_ID,
});
const order = {
  _id: 'o'.repeat(24),
  id: 'o'.repeat(24),
  orderNumber: 'ORD-20261122-ABC123',
  status: 'pending',
  paymentStatus: 'pending',
  paymentMethod: 'stripe',
  shippingMethod: 'standard',
  pickupLocationId: null,
  stockState: 'reserved',
  items: [item('1', 'M', 'Black'), item('2', 'L', 'Red'), item('3', 'S', 'Navy')],
  itemCount: 3,
  subtotal: 30,
  discount: 0,
  shipping: 5.99,
  tax: 2.4,
  total: 38.39,
  couponCode: null,
  customer: null,
  guestEmail: 'nora@example.net',
  isGuest: true,
  email: 'nora@example.net',
  shippingAddress: address,
  billingAddress: address,
  notes: '',
  adminNotes: '',
  trackingNumber: null,
  trackingUrl: null,
  estimatedDelivery: null,
  paidAt: null,
  shippedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  cancelReason: null,
  refundReason: null,
  paymentReference: null,
  paymentDueAt: null,
  disputedAt: null,
  createdAt: '2026-11-22T00:00:00.000Z',
  updatedAt: '2026-11-22T00:00:00.000Z',
} satisfies OrderView;

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('order display rules', () => {
  it('badge colors, guest names and the size/color summary', () => {
    expect(statusVariant('delivered')).toBe('success');
    expect(statusVariant('cancelled')).toBe('danger');
    expect(statusVariant('shipped')).toBe('warning');
    expect(paymentVariant('paid')).toBe('success');
    expect(paymentVariant('failed')).toBe('danger');
    expect(paymentVariant('refunded')).toBe('warning');
    expect(customerName(order)).toBe('Nora Bennett');
    expect(variantSummary(order)).toEqual({
      labels: [
        { id: '1', label: 'M/Black' },
        { id: '2', label: 'L/Red' },
      ],
      more: 1,
    });
  });
});

describe('ManageStatusDialog', () => {
  it('shows the spec messages, disables Update while invalid, and sends only filled fields', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: { order } }));
    render(wrap(<ManageStatusDialog order={order} onOpenChange={() => {}} />));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tracking Number'), 'AB');
    expect(await screen.findByText('Tracking number must be at least 3 characters')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Update Status' }).hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await screen.findByText('Status is required')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await user.clear(screen.getByLabelText('Tracking Number'));
    await user.type(screen.getByLabelText('Tracking Number'), '1Z999');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Status' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/admin/orders/${order.id}/status`);
    expect(JSON.parse(String(init?.body))).toEqual({
      status: 'shipped',
      paymentStatus: 'pending',
      trackingNumber: '1Z999',
    });
  });
});

describe('CancelOrderDialog', () => {
  it('needs the order number typed, then cancels with the admin reason', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: { order } }));
    render(wrap(<CancelOrderDialog order={order} mode="cancel" onOpenChange={() => {}} />));
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Order number'), 'ORD-20261122-XXXXXX');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The order number you entered does not match.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Order number'));
    await user.type(screen.getByLabelText('Order number'), ' ord-20261122-abc123 ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`/api/orders/${order.id}/cancel`, 'PUT']);
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Order cancelled by admin' });
  });
});

describe('Order Management URL state', () => {
  it('opens the view, search and page of the URL with one request, and says "about" for an estimated total', async () => {
    const fetchMock = mockFetch(() =>
      json(200, {
        success: true,
        data: {
          orders: [order],
          pagination: { page: 2, limit: 10, total: 123_456, pages: 12_346, totalPages: 12_346, exact: false },
        },
      }),
    );
    render(
      wrap(
        <AuthContext.Provider value={signedInAsAdmin()}>
          {atUrl(<OrdersPage />, '/orders?view=table&search=nora&page=2')}
        </AuthContext.Provider>,
      ),
    );
    expect(await screen.findByText('1 of about 123,000 orders')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nora');
    expect(screen.getByRole('tab', { name: /Table View/ }).getAttribute('aria-selected')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', limit: '10', search: 'nora' });

    // Show All clears the search and goes back to page 1, keeping the view.
    await userEvent.click(screen.getByRole('button', { name: 'Show All' }));
    await waitFor(() => expect(currentUrl()).toBe('/orders?view=table'));
  });
});

describe('Order lines and their stock locations', () => {
  const WAREHOUSE = stockLocation({ _id: DEFAULT_LOCATION_ID, name: 'Central warehouse', priority: 1 });
  const SHOP = stockLocation({ _id: 'b'.repeat(24), name: 'Market Street shop', kind: 'shop', priority: 2 });
  const handlers: OrderActionHandlers = { onManageStatus() {}, onViewDetails() {}, onEdit() {}, onDelete() {} };
  const moved = { ...order, items: [{ ...order.items[0]!, locationId: SHOP._id }, ...order.items.slice(1)] };

  /** The active locations on GET; the reassignment answers `reassign()` (the moved order by default). */
  function serve(locations: LocationListItem[], reassign = () => ok({ order: moved })) {
    return stubApi((request) =>
      isCallTo(request, locationContracts.list)
        ? ok({ locations })
        : isCallTo(request, adminOrderContracts.reassignLine)
          ? reassign()
          : json(404, {}),
    );
  }

  function renderPanel(shown: OrderView, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
    render(
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={signedInAsAdmin()}>
          <OrderDetailPanel order={shown} handlers={handlers} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    return client;
  }

  it('with one location, shows nothing new', async () => {
    const sent = serve([WAREHOUSE]);
    renderPanel(order);
    await waitFor(() => expect(sent.some((request) => isCallTo(request, locationContracts.list))).toBe(true));
    expect(await screen.findAllByText('Tee')).toHaveLength(3);
    expect(screen.queryByText(/Ships from/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change location' })).toBeNull();
  });

  it('with two locations, names each line’s location, and moves a reserved line to another', async () => {
    const sent = serve([WAREHOUSE, SHOP]);
    const client = renderPanel(order);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(await screen.findAllByText('Central warehouse')).toHaveLength(3);
    expect(screen.getAllByText(/Ships from:/)).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Change location' })[0]!);
    const select = screen.getByLabelText('New location for Tee (M/Black)') as HTMLSelectElement;
    // The line's own location is not a choice.
    expect([...select.options].map((option) => option.text)).toEqual(['Market Street shop']);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByLabelText('New location for Tee (M/Black)')).toBeNull());
    const put = sent.find((request) => request.method === 'PUT')!;
    expect([put.path, put.body]).toEqual([`/admin/orders/${order.id}/items/1/location`, { locationId: SHOP._id }]);
    // The order refreshes as after any other order change.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
  });

  it('shows the server’s refusal and keeps the choice open', async () => {
    const refusal = REASSIGN_MESSAGES.insufficient('Tee', 'M', 'Black', 'Market Street shop');
    serve([WAREHOUSE, SHOP], () => failure(409, refusal, { code: 'INSUFFICIENT_STOCK' }));
    renderPanel(order);
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Change location' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(screen.getByLabelText('New location for Tee (M/Black)')).toBeTruthy();
  });

  it('once the stock is committed, names the locations without offering a change', async () => {
    serve([WAREHOUSE, SHOP]);
    renderPanel({ ...order, status: 'shipped', stockState: 'committed' });
    expect(await screen.findAllByText('Central warehouse')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Change location' })).toBeNull();
  });

  it('in the details dialog’s Items tab, hands back the order as the move left it', async () => {
    serve([WAREHOUSE, SHOP]);
    const changed = vi.fn();
    render(
      wrap(
        <AuthContext.Provider value={signedInAsAdmin()}>
          {atUrl(<OrderDetailsDialog order={order} onOpenChange={() => {}} onOrderChange={changed} />)}
        </AuthContext.Provider>,
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Items' }));
    await user.click((await screen.findAllByRole('button', { name: 'Change location' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith(moved));
  });
});
