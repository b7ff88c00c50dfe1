import {
  DEFAULT_LOCATION_ID,
  type LocationListItem,
  locationContracts,
  type OrderView,
  type ReturnRequestView,
} from '@seamline/shared';
import { isCallTo, json, mockFetch, ok, sentRequest } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stockLocation } from '../../test/fixtures';
import { ReturnsTab } from './components/ReturnsTab';

const LINE_ID = 'a'.repeat(24);
const order = {
  id: 'o'.repeat(24),
  orderNumber: 'ORD-20261122-ABC123',
  total: 50,
  paymentStatus: 'paid',
} as OrderView;
const request: ReturnRequestView = {
  _id: 'r'.repeat(24),
  id: 'r'.repeat(24),
  orderId: order.id,
  orderNumber: order.orderNumber,
  status: 'requested',
  reason: 'Too big',
  items: [
    {
      itemId: LINE_ID,
      productId: 'p'.repeat(24),
      productName: 'Tee',
      sku: 'TEE',
      size: 'M',
      color: 'Black',
      price: 30,
      quantity: 2,
      restocked: 0,
      value: 60,
    },
  ],
  value: 60,
  refundAmount: null,
  declineReason: null,
  requestedAt: '2026-11-22T10:00:00.000Z',
  requestedBy: 'Nora Bennett',
  decidedAt: null,
  decidedBy: null,
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const WAREHOUSE = stockLocation({ _id: DEFAULT_LOCATION_ID, name: 'Central warehouse', priority: 1 });
const SHOP = stockLocation({ _id: 'b'.repeat(24), name: 'Market Street shop', kind: 'shop', priority: 2 });

/** The active locations, the order's returns on GET; the decided answer on POST. */
function returnsApi(locations: LocationListItem[] = [WAREHOUSE]) {
  return mockFetch((url, init) =>
    init.method === 'POST'
      ? json(200, { success: true, data: { return: { ...request, status: 'approved' }, order } })
      : isCallTo(sentRequest(url, init), locationContracts.list)
        ? ok({ locations })
        : json(200, { success: true, data: { returns: [request] } }),
  );
}
const approveBody = (fetchMock: ReturnType<typeof returnsApi>) =>
  JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]?.body));

afterEach(() => vi.unstubAllGlobals());

describe('Returns tab', () => {
  it('approves with the lines’ value capped at what was paid, the chosen units, after a confirmation', async () => {
    const fetchMock = returnsApi();
    const changed = vi.fn();
    render(wrap(<ReturnsTab order={order} onOrderChange={changed} />));
    const user = userEvent.setup();
    expect(await screen.findByText('Too big')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const amount = screen.getByLabelText('Refund amount ($)') as HTMLInputElement;
    // The lines are worth $60 but only $50 was paid.
    expect(amount.value).toBe('50.00');
    await user.clear(amount);
    await user.type(amount, '80');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The refund cannot exceed 50.00 (paid minus already refunded).')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '45');
    const restock = screen.getByLabelText(/Tee \(M\/Black\)/);
    await user.clear(restock);
    await user.type(restock, '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/back in stock\? This cannot be undone\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Approval' }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith(order));
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(url)).toBe(`/api/admin/returns/${request.id}/approve`);
    expect(JSON.parse(String(init?.body))).toEqual({ refundAmount: 45, restock: [{ itemId: LINE_ID, quantity: 1 }] });
  });

  it('with one location, offers no restock location and sends none', async () => {
    const fetchMock = returnsApi([WAREHOUSE]);
    render(wrap(<ReturnsTab order={order} onOrderChange={() => {}} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/admin/locations?active=true'))).toBe(true),
    );
    expect(screen.queryByLabelText('Restock at')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Approval' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(approveBody(fetchMock)).not.toHaveProperty('restockLocationId');
  });

  it('with two locations, restocks at each line’s own location by default, or at the one chosen', async () => {
    const fetchMock = returnsApi([WAREHOUSE, SHOP]);
    render(wrap(<ReturnsTab order={order} onOrderChange={() => {}} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const restockAt = (await screen.findByLabelText('Restock at')) as HTMLSelectElement;
    expect([...restockAt.options].map((option) => option.text)).toEqual([
      "Each line's own location",
      'Central warehouse',
      'Market Street shop',
    ]);
    expect(restockAt.value).toBe('');
    await user.selectOptions(restockAt, SHOP._id);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/back in stock at Market Street shop\?/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm Approval' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(approveBody(fetchMock)).toEqual({
      refundAmount: 50,
      restock: [{ itemId: LINE_ID, quantity: 2 }],
      restockLocationId: SHOP._id,
    });
  });

  it('declines only with a reason', async () => {
    const fetchMock = returnsApi();
    render(wrap(<ReturnsTab order={order} onOrderChange={() => {}} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Decline Return' }));
    expect(await screen.findByText('Decline reason is required.')).toBeTruthy();
    await user.type(screen.getByLabelText(/Reason/), 'Worn');
    await user.click(screen.getByRole('button', { name: 'Decline Return' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect([String(url), JSON.parse(String(init?.body))]).toEqual([
      `/api/admin/returns/${request.id}/decline`,
      { reason: 'Worn' },
    ]);
  });
});
