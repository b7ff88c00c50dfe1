import type { PaymentSettingsView } from '@seamline/shared';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PaymentSettingsPage from './pages/PaymentSettingsPage';

const settings: PaymentSettingsView = {
  methods: [
    {
      method: 'stripe',
      enabled: true,
      provider: 'stripe',
      mode: 'live',
      details: [
        { label: 'Webhook URL', value: 'https://shop.example.com/api/payments/webhooks/stripe' },
        { label: 'Publishable key', value: 'pk_live_abc' },
      ],
    },
    {
      method: 'paypal',
      enabled: false,
      provider: null,
      mode: null,
      details: [{ label: 'Turned on by', value: 'PAYPAL_CLIENT_ID' }],
    },
    {
      method: 'cash',
      enabled: true,
      provider: 'manual',
      mode: null,
      details: [{ label: 'Largest order total', value: '$300.00' }],
    },
    {
      method: 'bank_transfer',
      enabled: true,
      provider: 'manual',
      mode: null,
      details: [{ label: 'IBAN', value: '•••• 3000' }],
    },
  ],
};

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PaymentSettingsPage />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Payments', () => {
  it('shows a card per method: on or off, provider, mode and the details to set it up', async () => {
    const fetchMock = mockFetch(() => json(200, { success: true, data: settings }));
    renderPage();
    const stripe = await screen.findByTestId('payment-method-stripe');
    expect(within(stripe).getByText('On')).toBeTruthy();
    expect(within(stripe).getByText('Live')).toBeTruthy();
    expect(within(stripe).getByText('Through Stripe')).toBeTruthy();
    expect(within(stripe).getByText('https://shop.example.com/api/payments/webhooks/stripe')).toBeTruthy();
    const paypal = screen.getByTestId('payment-method-paypal');
    expect(within(paypal).getByText('Off')).toBeTruthy();
    expect(within(paypal).getByText('PAYPAL_CLIENT_ID')).toBeTruthy();
    expect(within(screen.getByTestId('payment-method-bank_transfer')).getByText('•••• 3000')).toBeTruthy();
    expect(within(screen.getByTestId('payment-method-cash')).getByText('$300.00')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/settings/payments');
  });

  it('says so when the settings cannot be read', async () => {
    mockFetch(() => failure(500, 'Internal server error'));
    renderPage();
    expect(await screen.findByText('Failed to load the payment settings')).toBeTruthy();
  });
});
