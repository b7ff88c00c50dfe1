import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DECLINED_TEST_CARD_TOKEN } from '@seamline/shared';
import type { PaymentProvider, ProviderEvent } from './provider.js';

/** Amounts whose cents are .02 are declined by the test provider (documented for testers in docs/features.md). */
export const DECLINED_CENTS = 2;

/**
 * Refunds whose cents are .03 are refused by the test provider (status failed), so staff and tests can see what a
 * provider refusal looks like: the refund answers 502 and nothing is recorded as refunded.
 */
export const REFUSED_REFUND_CENTS = 3;

/**
 * The test provider's refunds, by idempotency key, kept for the life of the process like a real provider keeps them:
 * a refund asked again with the same key is the same refund (never a second one).
 */
const issuedRefunds = new Map<string, { id: string; intentId: string; amountCents: number }>();

/** The refunds the test provider made of an intent (tests check a refund reached the provider exactly once). */
export function testProviderRefunds(intentId: string) {
  return [...issuedRefunds.values()].filter((refund) => refund.intentId === intentId);
}

/** The header the test provider's webhooks carry their signature in. */
export const TEST_SIGNATURE_HEADER = 'x-test-signature';

/**
 * The built-in provider: no network, every intent succeeds except amounts ending in .02 and the declined test card
 * (shared TEST_CARDS). Its webhooks (used by tests and by anyone trying the settlement path without an account) are
 * the normalised ProviderEvent as JSON, signed with HMAC-SHA256 of the body under the given secret.
 */
export function testProvider(webhookSecret: string): PaymentProvider {
  const sign = (payload: Buffer | string) => createHmac('sha256', webhookSecret).update(payload).digest('hex');
  return {
    name: 'test',
    mode: 'test',
    async createIntent({ amountCents, currency }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return {
        id,
        clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        amountCents,
        currency,
        status: 'requires_confirmation',
      };
    },
    async confirm(_intentId, amountCents, paymentMethod) {
      return amountCents % 100 === DECLINED_CENTS || paymentMethod === DECLINED_TEST_CARD_TOKEN
        ? { status: 'declined', message: 'Your card was declined.' }
        : { status: 'succeeded' };
    },
    // Test intents are settled at once by POST /payments/confirm; one never seen confirmed is still waiting.
    async retrieve() {
      return { status: 'pending', amountCents: 0, currency: 'usd' };
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      if (amountCents % 100 === REFUSED_REFUND_CENTS) return { id: '', status: 'failed' };
      const known = issuedRefunds.get(idempotencyKey);
      if (known) return { id: known.id, status: 'succeeded' };
      const id = `re_test_${randomBytes(12).toString('hex')}`;
      issuedRefunds.set(idempotencyKey, { id, intentId, amountCents });
      return { id, status: 'succeeded' };
    },
    async parseWebhook(rawBody, headers) {
      const signature = headers[TEST_SIGNATURE_HEADER];
      if (typeof signature !== 'string') return null;
      const expected = Buffer.from(sign(rawBody));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const event = JSON.parse(rawBody.toString('utf8')) as ProviderEvent;
        return typeof event.type === 'string' && typeof event.intentId === 'string' ? event : 'ignored';
      } catch {
        return null;
      }
    },
    dashboardUrl: () => null,
  };
}

/** Signs a test-provider webhook body as the provider above checks it (tests). */
export function signTestWebhook(webhookSecret: string, body: string) {
  return createHmac('sha256', webhookSecret).update(body).digest('hex');
}
