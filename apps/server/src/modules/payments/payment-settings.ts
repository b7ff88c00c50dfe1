import { orderPaymentContracts as contracts, type PaymentSettingsView } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentSettings } from '../../config-payments.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';

/** An IBAN as an operator may see it: its last 4 characters only. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return `•••• ${compact.slice(-4)}`;
}

/** Stripe keys say their mode: sk_live_… / pk_live_… are live, everything else is test. */
const stripeMode = (publishableKey: string) => (publishableKey.startsWith('pk_live_') ? 'live' : 'test');

/** PayPal's live API is api-m.paypal.com; the sandbox (the default) is test. */
const paypalMode = (apiBase: string) => (/\/\/api(-m)?\.paypal\.com/.test(apiBase) ? 'live' : 'test');

/**
 * Settings → Payments from the configuration: each method, whether it is on, through which provider and in which
 * mode, and what an operator needs (the webhook address to give the provider, public keys, limits, the variables
 * that turn it on). Only public values are named: never a secret key, client secret or webhook secret.
 */
export function paymentSettingsView(settings: PaymentSettings, publicUrl: string): PaymentSettingsView {
  const base = publicUrl.replace(/\/+$/, '');
  const { stripe, paypal, cashOnDelivery, bankTransfer } = settings;
  return {
    methods: [
      stripe
        ? {
            method: 'stripe',
            enabled: true,
            provider: 'stripe',
            mode: stripeMode(stripe.publishableKey),
            details: [
              { label: 'Webhook URL', value: `${base}/api/payments/webhooks/stripe` },
              { label: 'Publishable key', value: stripe.publishableKey },
              { label: 'API', value: stripe.apiBase },
              { label: 'Turned on by', value: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET' },
            ],
          }
        : {
            method: 'stripe',
            enabled: true,
            provider: 'test',
            mode: 'test',
            details: [
              { label: 'Cards', value: 'The built-in test provider: no real money moves' },
              { label: 'Turned on by', value: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET' },
            ],
          },
      {
        method: 'paypal',
        enabled: paypal !== null,
        provider: paypal ? 'paypal' : null,
        mode: paypal ? paypalMode(paypal.apiBase) : null,
        details: [
          ...(paypal
            ? [
                { label: 'Webhook URL', value: `${base}/api/payments/webhooks/paypal` },
                { label: 'Client id', value: paypal.clientId },
                { label: 'API', value: paypal.apiBase },
              ]
            : []),
          { label: 'Turned on by', value: 'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID' },
        ],
      },
      {
        method: 'cash',
        enabled: cashOnDelivery !== null,
        provider: cashOnDelivery ? 'manual' : null,
        mode: null,
        details: [
          ...(cashOnDelivery
            ? [{ label: 'Largest order total', value: `$${cashOnDelivery.maxTotal.toFixed(2)}` }]
            : []),
          { label: 'Turned on by', value: 'CASH_ON_DELIVERY=1 (limit: CASH_ON_DELIVERY_MAX_TOTAL)' },
        ],
      },
      {
        method: 'bank_transfer',
        enabled: bankTransfer !== null,
        provider: bankTransfer ? 'manual' : null,
        mode: null,
        details: [
          ...(bankTransfer
            ? [
                { label: 'Account name', value: bankTransfer.accountName },
                { label: 'IBAN', value: maskIban(bankTransfer.iban) },
                ...(bankTransfer.bankName ? [{ label: 'Bank', value: bankTransfer.bankName }] : []),
                { label: 'Days to pay', value: String(bankTransfer.days) },
              ]
            : []),
          { label: 'Turned on by', value: 'BANK_TRANSFER_ACCOUNT_NAME, BANK_TRANSFER_IBAN (days: BANK_TRANSFER_DAYS)' },
        ],
      },
    ],
  };
}

/** GET /admin/settings/payments (admins). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.settings, async () => ok(paymentSettingsView(app.config.payments, app.config.publicUrl)));
};
