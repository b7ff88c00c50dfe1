import type { PaymentMethod } from '@seamline/shared';
import type { Config } from '../../config.js';
import type { PaymentProvider, ProviderName } from './provider.js';
import { testProvider } from './test-provider.js';

/**
 * The providers this instance pays through: cards go to Stripe when it is configured, otherwise to the built-in test
 * provider; PayPal when configured. Refunds and reconciliation go to the provider a charge was made with. One set per
 * instance (`app.payments`), so a provider's client and its access token are shared by every route and job.
 */
export type PaymentProviders = {
  /** The provider that takes a method's money; null for cash and bank transfer (staff record those). */
  forMethod(method: PaymentMethod): PaymentProvider | null;
  /** The provider a payment row names; undefined for one no longer configured. */
  byName(name: string): PaymentProvider | undefined;
  /** All configured providers (the test provider always: old test charges stay refundable). */
  all(): PaymentProvider[];
};

/**
 * A provider's SDK is imported only when the provider is configured: PayPal's alone took about 0.7 s of a start's
 * module loading, a cost a shop without PayPal (and every zero-setup start) should not pay.
 */
export async function paymentProviders(config: Config): Promise<PaymentProviders> {
  const test = testProvider(`webhook:${config.jwtSecret}`);
  const byName = new Map<ProviderName, PaymentProvider>([['test', test]]);
  const { stripe, paypal } = config.payments;
  if (stripe) byName.set('stripe', (await import('./stripe-provider.js')).stripeProvider(stripe));
  if (paypal) byName.set('paypal', (await import('./paypal-provider.js')).paypalProvider(paypal));
  const card = byName.get('stripe') ?? test;
  return {
    forMethod: (method) => (method === 'stripe' ? card : method === 'paypal' ? (byName.get('paypal') ?? null) : null),
    byName: (name) => byName.get(name as ProviderName),
    all: () => [...byName.values()],
  };
}
