import type { OrderPaymentsView, OrderView } from '@seamline/shared';
import { json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentsTab } from './components/PaymentsTab';

const order = {
  id: 'o'.repeat(24),
  orderNumber: 'ORD-20261202-PAY001',
  total: 100,
  paymentStatus: 'paid',
} as OrderView;

const timeline: OrderPaymentsView = {
  payments: [
    {
      id: 'p'.repeat(24),
      kind: 'charge',
      provider: 'stripe',
      providerId: 'pi_3Abc',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      message: null,
      dashboardUrl: 'https://dashboard.stripe.com/test/payments/pi_3Abc',
      recordedBy: null,
      occurredAt: '2026-12-02T10:00:00.000Z',
    },
    {
      id: 'q'.repeat(24),
      kind: 'refund',
      provider: 'stripe',
      providerId: 're_9Xyz',
      amount: 20,
      currency: 'usd',
      status: 'succeeded',
      message: 'Late delivery',
      dashboardUrl: null,
      recordedBy: 'u'.repeat(24),
      occurredAt: '2026-12-02T11:00:00.000Z',
    },
  ],
  captured: 100,
  refunded: 20,
  refundable: 80,
  outstanding: 0,
};

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

afterEach(() => vi.unstubAllGlobals());

describe('Payments tab', () => {
  it('shows the timeline with a link to the provider dashboard and the totals', async () => {
    mockFetch(() => json(200, { success: true, data: timeline }));
    render(wrap(<PaymentsTab order={order} onOrderChange={vi.fn()} />));
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    const link = within(rows[0]!).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://dashboard.stripe.com/test/payments/pi_3Abc');
    expect(within(rows[0]!).getByText('Charge')).toBeTruthy();
    expect(within(rows[1]!).getByText('re_9Xyz')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[1]!).getByText('Late delivery')).toBeTruthy();
    expect(screen.getByText('Captured').nextElementSibling?.textContent).toBe('$100.00');
    expect(screen.getByText('Refunded').nextElementSibling?.textContent).toBe('$20.00');
  });

  it('refunds with the refundable amount by default, refuses more, sends an Idempotency-Key', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'POST'
        ? json(200, {
            success: true,
            data: { order: { ...order, paymentStatus: 'partially_refunded' }, payments: timeline },
          })
        : json(200, { success: true, data: timeline }),
    );
    const changed = vi.fn();
    render(wrap(<PaymentsTab order={order} onOrderChange={changed} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText(/Amount/) as HTMLInputElement;
    expect(amount.value).toBe('80.00');
    await user.clear(amount);
    await user.type(amount, '90');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most $80.00 can still be refunded.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.clear(amount);
    await user.type(amount, '30');
    await user.type(screen.getByLabelText('Reason'), 'Damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(changed).toHaveBeenCalledWith({ ...order, paymentStatus: 'partially_refunded' }));
    const [url, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(url)).toBe(`/api/admin/orders/${order.id}/refunds`);
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 30, reason: 'Damaged' });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{36}$/);
  });

  it("shows the provider's refusal in the dialog", async () => {
    mockFetch((_url, init) =>
      init.method === 'POST'
        ? json(502, {
            success: false,
            message: 'The payment provider refused the refund. Nothing was refunded; please try again later.',
          })
        : json(200, { success: true, data: timeline }),
    );
    render(wrap(<PaymentsTab order={order} onOrderChange={vi.fn()} />));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('The payment provider refused the refund. Nothing was refunded; please try again later.'),
    ).toBeTruthy();
  });
});
