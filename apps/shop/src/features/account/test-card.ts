import type { cardForm, savedPaymentMethodInput } from '@seamline/shared';
import type { z } from 'zod';

const BRANDS: [RegExp, string][] = [
  [/^4/, 'visa'],
  [/^(5[1-5]|2[2-7])/, 'mastercard'],
  [/^3[47]/, 'amex'],
  [/^6(011|5)/, 'discover'],
];

/**
 * The test payment provider's card tokenizer, run in the browser as a real provider's script would (Stripe Elements):
 * the number never leaves this page, the server only gets a token, the brand, the last 4 digits and the expiry.
 */
export function tokenizeTestCard(card: z.output<typeof cardForm>): z.input<typeof savedPaymentMethodInput> {
  return {
    provider: 'test',
    token: `tok_test_${crypto.randomUUID().replaceAll('-', '')}`,
    brand: BRANDS.find(([prefix]) => prefix.test(card.number))?.[1] ?? 'card',
    last4: card.number.slice(-4),
    expMonth: card.expiry.month,
    expYear: card.expiry.year,
    isDefault: card.isDefault,
  };
}
