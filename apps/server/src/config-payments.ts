import { z } from 'zod';

/**
 * Payment methods' environment variables (README § Payments) and the settings built from them. Each method is on when
 * its variables are set; with none set the shop takes cards through the built-in test provider, as it always did.
 */

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const optionalUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());

export const paymentsEnvSchema = z.object({
  // Stripe: secret and publishable keys (sk_test_… / sk_live_…), the webhook endpoint's signing secret (whsec_…), and
  // the API's address (Stripe's own by default; stripe-mock or a local fake in tests).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  // PayPal: REST app's client id and secret, the webhook's id (for signature verification), the API's address
  // (sandbox by default; https://api-m.paypal.com for live).
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_CLIENT_SECRET: optionalString,
  PAYPAL_WEBHOOK_ID: optionalString,
  PAYPAL_API_BASE: optionalUrl,
  // Cash on delivery: on with 1, for orders up to this total (dollars).
  CASH_ON_DELIVERY: z.enum(['0', '1']).default('0'),
  CASH_ON_DELIVERY_MAX_TOTAL: z.coerce.number().min(0).default(300),
  // Bank transfer: on when the account is set; the details the shopper pays to, and how many days stock stays reserved.
  BANK_TRANSFER_ACCOUNT_NAME: optionalString,
  BANK_TRANSFER_IBAN: optionalString,
  BANK_TRANSFER_BIC: optionalString,
  BANK_TRANSFER_BANK_NAME: optionalString,
  BANK_TRANSFER_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  // How long a provider payment may wait for its webhook before the reconciliation job asks the provider.
  PAYMENTS_RECONCILE_AFTER_MINUTES: z.coerce.number().min(1).max(1440).default(15),
});

export type PaymentsEnv = z.infer<typeof paymentsEnvSchema>;

export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The API's base URL (Stripe's own unless STRIPE_API_BASE points elsewhere). */
  apiBase: string;
};

export type PayPalSettings = { clientId: string; clientSecret: string; webhookId: string; apiBase: string };

export type BankTransferSettings = {
  accountName: string;
  iban: string;
  bic: string | null;
  bankName: string | null;
  /** Days an order's stock stays reserved waiting for the transfer; then the order is cancelled. */
  days: number;
};

export type PaymentSettings = {
  /** Card payments through Stripe; null means cards go through the built-in test provider. */
  stripe: StripeSettings | null;
  paypal: PayPalSettings | null;
  /** Cash on delivery, with the largest order total it takes; null when off. */
  cashOnDelivery: { maxTotal: number } | null;
  bankTransfer: BankTransferSettings | null;
  /** A provider payment left without an event this long is asked about by the reconciliation job. */
  reconcileAfterMs: number;
};

export const STRIPE_API_BASE = 'https://api.stripe.com';
export const PAYPAL_SANDBOX_API_BASE = 'https://api-m.sandbox.paypal.com';

/** Builds the settings; a method with only some of its variables set is a configuration error, not silently off. */
export function paymentSettings(e: PaymentsEnv): PaymentSettings {
  const stripe = allOrNone('Stripe', e, ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']);
  const paypal = allOrNone('PayPal', e, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  const bank = allOrNone('Bank transfer', e, ['BANK_TRANSFER_ACCOUNT_NAME', 'BANK_TRANSFER_IBAN']);
  return {
    stripe: stripe && {
      secretKey: stripe.STRIPE_SECRET_KEY,
      publishableKey: stripe.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: stripe.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE ?? STRIPE_API_BASE,
    },
    paypal: paypal && {
      clientId: paypal.PAYPAL_CLIENT_ID,
      clientSecret: paypal.PAYPAL_CLIENT_SECRET,
      webhookId: paypal.PAYPAL_WEBHOOK_ID,
      apiBase: e.PAYPAL_API_BASE ?? PAYPAL_SANDBOX_API_BASE,
    },
    cashOnDelivery: e.CASH_ON_DELIVERY === '1' ? { maxTotal: e.CASH_ON_DELIVERY_MAX_TOTAL } : null,
    bankTransfer: bank && {
      accountName: bank.BANK_TRANSFER_ACCOUNT_NAME,
      iban: bank.BANK_TRANSFER_IBAN,
      bic: e.BANK_TRANSFER_BIC ?? null,
      bankName: e.BANK_TRANSFER_BANK_NAME ?? null,
      days: e.BANK_TRANSFER_DAYS,
    },
    reconcileAfterMs: e.PAYMENTS_RECONCILE_AFTER_MINUTES * 60_000,
  };
}

/** The named variables when all are set, null when none is; some but not all is an error naming them. */
function allOrNone<K extends keyof PaymentsEnv>(method: string, e: PaymentsEnv, names: K[]): Record<K, string> | null {
  const set = names.filter((name) => e[name] !== undefined);
  if (set.length === 0) return null;
  if (set.length < names.length) throw new Error(`${method} is half configured: set ${names.join(', ')} together`);
  return Object.fromEntries(names.map((name) => [name, String(e[name])])) as Record<K, string>;
}
