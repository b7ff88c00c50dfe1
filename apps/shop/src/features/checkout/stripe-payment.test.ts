import type { PaymentIntentResult, Stripe, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { confirmStripePayment, stripeReturnUrl } from './components/StripePayment';

// Stripe.js runs only in a real browser against Stripe; here a stand-in answers confirmPayment as Stripe.js would,
// and records what it was asked.
function stripeAnswering(answer: PaymentIntentResult | Error) {
  const calls: unknown[] = [];
  const stripe = {
    confirmPayment: async (options: unknown) => {
      calls.push(options);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Stripe;
  return { stripe, calls };
}
const elements = {} as StripeElements;
const intent = (status: string, message?: string) =>
  ({
    paymentIntent: { id: 'pi_1', status, last_payment_error: message ? { message } : null },
  }) as unknown as PaymentIntentResult;

describe('confirming a Stripe payment', () => {
  it('confirms with the elements and the return address, staying on the page unless a redirect is needed', async () => {
    const { stripe, calls } = stripeAnswering(intent('succeeded'));
    expect(await confirmStripePayment(stripe, elements, 'https://shop.example/r')).toEqual({ kind: 'succeeded' });
    expect(calls).toEqual([
      { elements, confirmParams: { return_url: 'https://shop.example/r' }, redirect: 'if_required' },
    ]);
  });

  it.each([
    ['processing', { kind: 'processing' }],
    ['requires_action', { kind: 'redirected' }],
    [
      'requires_payment_method',
      { kind: 'failed', message: 'Your payment was not completed. Try again or use another card.' },
    ],
  ])('maps an intent left %s', async (status, expected) => {
    expect(await confirmStripePayment(stripeAnswering(intent(status)).stripe, elements, 'u')).toEqual(expected);
  });

  it('passes on Stripe’s message for a decline, and says when Stripe cannot be reached', async () => {
    const declined = { error: { type: 'card_error', message: 'Your card has insufficient funds.' } };
    expect(await confirmStripePayment(stripeAnswering(declined as PaymentIntentResult).stripe, elements, 'u')).toEqual({
      kind: 'failed',
      message: 'Your card has insufficient funds.',
    });
    expect(await confirmStripePayment(stripeAnswering(new TypeError('fetch failed')).stripe, elements, 'u')).toEqual({
      kind: 'failed',
      message: 'We could not reach the card payment service. Check your connection and try again.',
    });
  });

  it('sends the shopper back to the shop’s return page with the order number', () => {
    expect(stripeReturnUrl('SL 9')).toBe(`${window.location.origin}/shop/checkout/return?order=SL%209`);
  });
});
