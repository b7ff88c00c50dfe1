import type { OrderView } from '@seamline/shared';
import { json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderDetailsDialog } from './components/OrderDetailsDialog';

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
const transfer: OrderView = {
  _id: 'a'.repeat(24),
  id: 'a'.repeat(24),
  orderNumber: 'ORD-20261202-ABC123',
  status: 'pending',
  paymentStatus: 'pending',
  paymentMethod: 'bank_transfer',
  shippingMethod: 'standard',
  pickupLocationId: null,
  stockState: 'reserved',
  items: [],
  itemCount: 0,
  subtotal: 40,
  discount: 0,
  shipping: 5.99,
  tax: 3.2,
  total: 49.19,
  couponCode: null,
  customer: null,
  guestEmail: 'nora@example.com',
  isGuest: true,
  email: 'nora@example.com',
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
  paymentReference: 'SLKQ4M7XPA',
  paymentDueAt: '2026-12-09T12:00:00.000Z',
  disputedAt: null,
  createdAt: '2026-12-02T12:00:00.000Z',
  updatedAt: '2026-12-02T12:00:00.000Z',
};

function renderDetails(order: OrderView, onOrderChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (children: ReactNode) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  render(tree(<OrderDetailsDialog order={order} onOpenChange={() => {}} onOrderChange={onOrderChange} />));
  return onOrderChange;
}

afterEach(() => vi.unstubAllGlobals());

describe('recording a payment', () => {
  it('shows the bank reference and deadline, and records the transfer received, handing back the paid order', async () => {
    const paid: OrderView = {
      ...transfer,
      status: 'confirmed',
      paymentStatus: 'paid',
      paidAt: '2026-12-03T09:00:00.000Z',
    };
    const fetchMock = mockFetch(() => json(201, { success: true, data: { order: paid } }));
    const onOrderChange = renderDetails(transfer);
    expect(screen.getByText('SLKQ4M7XPA')).toBeTruthy();
    expect(screen.getByText('Payment Due')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment' });
    expect((screen.getByLabelText(/Amount received/) as HTMLInputElement).value).toBe('49.19');
    await user.clear(screen.getByLabelText(/Received on/));
    await user.type(screen.getByLabelText(/Received on/), '2026-12-03');
    await user.type(screen.getByLabelText('Bank reference or receipt number'), 'BANK-778812');
    await user.click(screen.getAllByRole('button', { name: 'Record payment' }).at(-1)!);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual([`/api/admin/orders/${transfer.id}/payments`, 'POST']);
    expect(JSON.parse(String(init?.body))).toEqual({
      amount: 49.19,
      receivedAt: '2026-12-03',
      reference: 'BANK-778812',
      note: '',
    });
    await waitFor(() => expect(onOrderChange).toHaveBeenCalledWith(paid));
    expect(dialog.isConnected).toBe(false);
  });

  it('checks the amount with the shared rules and shows the server refusal', async () => {
    const fetchMock = mockFetch(() =>
      json(400, {
        success: false,
        error: 'The amount is more than the $49.19 still owed on this order.',
        message: 'The amount is more than the $49.19 still owed on this order.',
      }),
    );
    renderDetails(transfer);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await screen.findByRole('dialog', { name: 'Record payment' });
    const amount = screen.getByLabelText(/Amount received/);
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(screen.getAllByRole('button', { name: 'Record payment' }).at(-1)!);
    expect(await screen.findByText('Amount must be greater than 0.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(screen.getAllByRole('button', { name: 'Record payment' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The amount is more than the $49.19 still owed on this order.',
    );
  });

  it('is offered only for cash and bank-transfer orders still unpaid', () => {
    renderDetails({ ...transfer, paymentMethod: 'stripe', paymentReference: null, paymentDueAt: null });
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByText('Bank Reference')).toBeNull();
  });
});
