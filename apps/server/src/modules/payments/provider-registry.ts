import type { PaymentMethod } from '@seamline/shared';
import type { Config } from '../../config.js';
import { paypalProvider } from './paypal-provider.js';
import type { PaymentProvider, ProviderName } from './provider.js';
import { stripeProvider } from './stripe-provider.js';
import { testProvider } from './test-provider.js';

/**
 * The providers this instance pays through: cards go to Stripe when it is configured, otherwise to the built-in test
 * provider; PayPal when configured. Refunds and reconciliation go to the provider a charge was made with.
 */
export type PaymentProviders = {
  /** The provider that takes a method's money; null for cash and bank transfer (staff record those). */
  forMethod(method: PaymentMethod): PaymentProvider | null;
  /** The provider a payment row names; undefined for one no longer configured. */
  byName(name: string): PaymentProvider | undefined;
  /** All configured providers (the test provider always: old test charges stay refundable). */
  all(): PaymentProvider[];
};

export function paymentProviders(config: Config): PaymentProviders {
  const test = testProvider(`webhook:${config.jwtSecret}`);
  const byName = new Map<ProviderName, PaymentProvider>([['test', test]]);
  const { stripe, paypal } = config.payments;
  if (stripe) byName.set('stripe', stripeProvider(stripe));
  if (paypal) byName.set('paypal', paypalProvider(paypal));
  const card = byName.get('stripe') ?? test;
  return {
    forMethod: (method) => (method === 'stripe' ? card : method === 'paypal' ? (byName.get('paypal') ?? null) : null),
    byName: (name) => byName.get(name as ProviderName),
    all: () => [...byName.values()],
  };
}
