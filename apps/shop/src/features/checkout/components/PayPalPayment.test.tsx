import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayPalPayment } from './PayPalPayment';

// PayPal's script is not loaded in tests (jsdom fetches no scripts): these check what the component asks PayPal for
// and what the shopper sees while it loads and when it cannot be loaded.

const noop = async () => 'done' as const;

function paypalScript() {
  return document.querySelector<HTMLScriptElement>('script[src*="paypal.com/sdk/js"]');
}

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('PayPalPayment', () => {
  it('loads PayPal for the client id in USD with intent capture, saying so while it loads', async () => {
    render(
      <PayPalPayment clientId="client-123" createOrder={async () => 'ORDER1'} onApprove={noop} onError={() => {}} />,
    );

    expect((await screen.findByText('Loading PayPal…')).tagName).toBe('P');
    await waitFor(() => expect(paypalScript()).not.toBeNull());
    const query = new URL(paypalScript()!.src).searchParams;
    expect(query.get('client-id')).toBe('client-123');
    expect(query.get('currency')).toBe('USD');
    expect(query.get('intent')).toBe('capture');
  });

  it('tells the shopper when PayPal cannot be loaded', async () => {
    render(
      <PayPalPayment clientId="client-123" createOrder={async () => 'ORDER1'} onApprove={noop} onError={() => {}} />,
    );
    await waitFor(() => expect(paypalScript()).not.toBeNull());

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.error(paypalScript()!);

    expect((await screen.findByRole('alert')).textContent).toContain('PayPal could not be loaded');
    expect(screen.queryByText('Loading PayPal…')).toBeNull();
    expect(logged).toHaveBeenCalled(); // PayPal's loader reports the failed script
    logged.mockRestore();
  });
});
