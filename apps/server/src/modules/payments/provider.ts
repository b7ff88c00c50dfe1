import type { PaymentIntentView, PaymentMethod } from '@seamline/shared';

/**
 * A payment provider (docs/domain.md § Domain rules; docs/decisions/0065-payments.md). Amounts are integer cents in
 * the smallest unit of `currency` (lower-case ISO code). The built-in `test` provider is the zero-setup default; Stripe
 * and PayPal implement the same calls through their official SDKs.
 */
export type IntentStatus = PaymentIntentView['status'];

export type ProviderName = 'test' | 'stripe' | 'paypal';

/** The payment method money through a provider moved by: PayPal's, or cards (Stripe, and the test provider's cards). */
export function providerMethod(name: ProviderName): PaymentMethod {
  return name === 'paypal' ? 'paypal' : 'stripe';
}

export type PaymentIntent = {
  id: string;
  /** What the shopper's browser needs to pay it (Stripe's client secret; PayPal's order id; the test provider's). */
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: string;
  /** Sent as the provider's idempotency key: the same key never creates two intents. */
  idempotencyKey: string;
  /** Our ids, kept by the provider and given back in its events (`orderId` when the order exists already). */
  metadata: Record<string, string>;
};

/** What the provider says of an intent now (reconciliation asks this when no event came). */
export type ProviderIntentState = {
  status: 'succeeded' | 'failed' | 'pending' | 'canceled';
  amountCents: number;
  currency: string;
  /** The decline's reason, when failed. */
  message?: string;
};

/**
 * A verified provider event, normalised. `id` is the provider's event id (applied once). Amounts are cents of the
 * event's own currency, so a payment for another amount or currency than its order is refused, not believed.
 */
export type ProviderEvent = { id: string; intentId: string; amountCents: number; currency: string } & (
  | { type: 'payment.succeeded' }
  | { type: 'payment.failed'; message: string }
  /**
   * The intent's refunds as the provider knows them now, each by its own id (a refund we asked for is already a row
   * with that id and changes nothing; one made in the provider's dashboard is added).
   */
  | { type: 'refund.succeeded'; refunds: { id: string; amountCents: number }[] }
  | { type: 'dispute.opened' | 'dispute.closed'; disputeId: string; reason: string; status: string }
);

/** The headers a webhook's signature travels in, lower-case names. */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Test keys or live keys: Settings → Payments shows it, the shop warns in test mode. */
  readonly mode: 'test' | 'live';
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  /**
   * Confirms an intent from our server: the built-in test provider with a card token; PayPal by capturing the order
   * the shopper approved in the PayPal button (its webhook settles the order too, if the browser never comes back).
   * Stripe is confirmed by the shopper's browser and its webhook settles the order: absent there. `pending`: the
   * provider holds the money for review (PayPal's pending capture); its webhook settles it later.
   */
  confirm?(
    intentId: string,
    amountCents: number,
    paymentMethod?: string,
  ): Promise<{ status: 'succeeded' | 'declined' | 'pending'; message?: string }>;
  /** The intent's state at the provider now. */
  retrieve(intentId: string): Promise<ProviderIntentState>;
  /** Refunds part or all of an intent's capture, once per idempotency key. */
  refund(input: {
    intentId: string;
    amountCents: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>;
  /**
   * Verifies a webhook (the raw body exactly as received, and its headers) and normalises it. null: the signature
   * does not check out (the route answers 400 and writes nothing). 'ignored': signed, but of a type we do not act on.
   */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<ProviderEvent | 'ignored' | null>;
  /** Where staff see this intent in the provider's dashboard, when it has one. */
  dashboardUrl(intentId: string): string | null;
}
