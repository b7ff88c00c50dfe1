import Stripe from 'stripe';
import type { StripeSettings } from '../../config-payments.js';
import { AppError } from '../../lib/errors.js';
import type { IntentStatus, PaymentProvider, ProviderEvent, ProviderIntentState } from './provider.js';

/** How long one call to Stripe may take before it is abandoned (one network retry follows a timed-out call). */
export const STRIPE_TIMEOUT_MS = 10_000;

/** The decline message when Stripe gives none. */
const DECLINED = 'Your card was declined.';

/**
 * Card payments through Stripe's official SDK. The shopper's browser confirms an intent with Stripe.js (so there is no
 * `confirm` here) and Stripe's webhook settles the order. Every call has a timeout (`timeoutMs`, 10 s by default) and at
 * most one network retry with the same idempotency key, so a call gives up after about twice the timeout; a failed call
 * is a 502 for the caller, never a 500. `settings.apiBase` points the SDK elsewhere than api.stripe.com (tests use a
 * local fake of Stripe's API).
 */
export function stripeProvider(settings: StripeSettings, options: { timeoutMs?: number } = {}): PaymentProvider {
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Seamline' },
  });
  const mode = /^(sk|rk)_live_/.test(settings.secretKey) ? 'live' : 'test';

  /** The intent a charge belongs to, retrieving the charge when only its id is known. */
  const intentOfCharge = async (charge: string | Stripe.Charge): Promise<string | null> => {
    const found =
      typeof charge === 'string' ? await call('charges.retrieve', () => stripe.charges.retrieve(charge)) : charge;
    return idOf(found.payment_intent);
  };

  const refundsOf = async (charge: Stripe.Charge, intentId: string) => {
    const known = charge.refunds && !charge.refunds.has_more ? charge.refunds.data : null;
    const refunds =
      known ??
      (await call('refunds.list', () =>
        stripe.refunds.list({ payment_intent: intentId, limit: 100 }).autoPagingToArray({ limit: 10_000 }),
      ));
    // A failed or canceled refund returned nothing to the shopper: it is not one of the intent's refunds.
    return refunds
      .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
      .map((refund) => ({ id: refund.id, amountCents: refund.amount }));
  };

  const normalise = async (event: Stripe.Event): Promise<ProviderEvent | 'ignored'> => {
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const intent = event.data.object;
        return {
          id: event.id,
          type: 'payment.succeeded',
          intentId: intent.id,
          amountCents: intent.amount_received,
          currency: intent.currency,
        };
      }
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        return {
          id: event.id,
          type: 'payment.failed',
          intentId: intent.id,
          amountCents: intent.amount,
          currency: intent.currency,
          message: intent.last_payment_error?.message || DECLINED,
        };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        const intentId = idOf(charge.payment_intent);
        if (!intentId) return 'ignored'; // a charge made without a payment intent is none of ours
        return {
          id: event.id,
          type: 'refund.succeeded',
          intentId,
          amountCents: charge.amount_refunded,
          currency: charge.currency,
          refunds: await refundsOf(charge, intentId),
        };
      }
      case 'charge.dispute.created':
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        const intentId = idOf(dispute.payment_intent) ?? (await intentOfCharge(dispute.charge));
        if (!intentId) return 'ignored';
        return {
          id: event.id,
          type: event.type === 'charge.dispute.created' ? 'dispute.opened' : 'dispute.closed',
          intentId,
          amountCents: dispute.amount,
          currency: dispute.currency,
          disputeId: dispute.id,
          reason: dispute.reason,
          status: dispute.status,
        };
      }
      default:
        return 'ignored';
    }
  };

  return {
    name: 'stripe',
    mode,
    async createIntent({ amountCents, currency, idempotencyKey, metadata }) {
      const intent = await call('paymentIntents.create', () =>
        stripe.paymentIntents.create(
          { amount: amountCents, currency, automatic_payment_methods: { enabled: true }, metadata },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw unavailable('paymentIntents.create', new Error('no client_secret'));
      return {
        id: intent.id,
        clientSecret: intent.client_secret,
        amountCents: intent.amount,
        currency: intent.currency,
        status: intentStatus(intent.status),
      };
    },
    async retrieve(intentId) {
      const intent = await call('paymentIntents.retrieve', () => stripe.paymentIntents.retrieve(intentId));
      return intentState(intent);
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      const refund = await call('refunds.create', () =>
        stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey }),
      );
      return { id: refund.id, status: refundStatus(refund.status) };
    },
    async parseWebhook(rawBody, headers) {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string' || signature === '') return null;
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, settings.webhookSecret);
      } catch {
        return null; // a bad signature, one too old, or a body that is not an event
      }
      return normalise(event);
    },
    dashboardUrl: (intentId) =>
      `https://dashboard.stripe.com/${mode === 'test' ? 'test/' : ''}payments/${encodeURIComponent(intentId)}`,
  };
}

/** Stripe's intent status as the shop's payment view names it. */
function intentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  switch (status) {
    case 'requires_action':
      return 'requires_action';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    default: // requires_payment_method, requires_confirmation
      return 'requires_confirmation';
  }
}

function intentState(intent: Stripe.PaymentIntent): ProviderIntentState {
  const { currency } = intent;
  if (intent.status === 'succeeded') return { status: 'succeeded', amountCents: intent.amount_received, currency };
  if (intent.status === 'requires_payment_method' && intent.last_payment_error)
    return {
      status: 'failed',
      amountCents: intent.amount,
      currency,
      message: intent.last_payment_error.message || DECLINED,
    };
  if (intent.status === 'canceled') return { status: 'canceled', amountCents: intent.amount, currency };
  return { status: 'pending', amountCents: intent.amount, currency };
}

function refundStatus(status: string | null): 'succeeded' | 'pending' | 'failed' {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending'; // pending, requires_action
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Runs one SDK call; its failure becomes a 502 naming the call (the SDK's error is kept as the cause, and logged). */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw unavailable(what, error);
  }
}

function unavailable(what: string, cause: unknown) {
  const busy =
    cause instanceof Stripe.errors.StripeConnectionError ||
    cause instanceof Stripe.errors.StripeAPIError ||
    cause instanceof Stripe.errors.StripeRateLimitError;
  const error = busy
    ? new AppError(
        502,
        'PAYMENT_PROVIDER_UNAVAILABLE',
        'The card payment service is not answering. Please try again in a moment.',
      )
    : new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The card payment service refused the request. Please try again.');
  error.cause = Object.assign(new Error(`Stripe ${what} failed`), { cause });
  return error;
}
