import type { PaymentIntentView } from '@seamline/shared';

/**
 * A payment provider (docs/domain.md § Domain rules). Amounts are integer cents. The built-in `test` provider is the
 * default; others implement the same four calls.
 */
export type IntentStatus = PaymentIntentView['status'];

export type PaymentIntent = { id: string; clientSecret: string; amountCents: number; status: IntentStatus };

export interface PaymentProvider {
  readonly name: string;
  createIntent(amountCents: number, metadata?: Record<string, string>): Promise<PaymentIntent>;
  /** `paymentMethod`: the card token the shopper's browser made, when the intent was not bound to a card before. */
  confirm(
    intentId: string,
    amountCents: number,
    paymentMethod?: string,
  ): Promise<{ status: 'succeeded' | 'declined'; message?: string }>;
  refund(intentId: string, amountCents: number): Promise<{ id: string; status: 'succeeded' | 'failed' }>;
  /** Parses a webhook body when its signature checks out; null otherwise. */
  verifyWebhook(payload: string, signature: string | undefined): { type: string; intentId: string } | null;
}
