import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DECLINED_TEST_CARD_TOKEN } from '@seamline/shared';
import type { PaymentProvider } from './provider.js';

/** Amounts whose cents are .02 are declined by the test provider (documented for testers in docs/features.md). */
export const DECLINED_CENTS = 2;

/**
 * The built-in provider: no network, every intent succeeds except amounts ending in .02 and the declined test card
 * (shared TEST_CARDS). Webhooks are signed with
 * HMAC-SHA256 of the body under the given secret.
 */
export function testProvider(webhookSecret: string): PaymentProvider {
  const sign = (payload: string) => createHmac('sha256', webhookSecret).update(payload).digest('hex');
  return {
    name: 'test',
    async createIntent(amountCents) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      return {
        id,
        clientSecret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        amountCents,
        status: 'requires_confirmation',
      };
    },
    async confirm(_intentId, amountCents, paymentMethod) {
      return amountCents % 100 === DECLINED_CENTS || paymentMethod === DECLINED_TEST_CARD_TOKEN
        ? { status: 'declined', message: 'Your card was declined.' }
        : { status: 'succeeded' };
    },
    async refund() {
      return { id: `re_test_${randomBytes(12).toString('hex')}`, status: 'succeeded' };
    },
    verifyWebhook(payload, signature) {
      if (!signature) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const event = JSON.parse(payload) as { type?: unknown; intentId?: unknown };
        return typeof event.type === 'string' && typeof event.intentId === 'string'
          ? { type: event.type, intentId: event.intentId }
          : null;
      } catch {
        return null;
      }
    },
  };
}
