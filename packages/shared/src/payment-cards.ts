import { z } from 'zod';

/**
 * The built-in `test` payment provider's cards (documented for testers). The storefront turns the card into a token
 * in the browser, as a real provider's script would, so the card number never reaches our server: the token names
 * only the card's last 4 digits. 4000 0000 0000 0002 is declined; every other valid number is accepted (amounts
 * ending in .02 are declined whatever the card).
 */
export const TEST_CARDS = { accepted: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;
export const DECLINED_TEST_CARD_TOKEN = 'tok_test_0002';

export const CARD_MESSAGES = {
  nameRequired: 'Name on card is required.',
  numberInvalid: 'Enter a valid card number.',
  expiryInvalid: 'Enter the expiry date as MM/YY.',
  expired: 'This card has expired.',
  cvcInvalid: 'Enter the 3 or 4 digit security code.',
} as const;

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY not before this month (a card is valid through the last day of its expiry month). */
function notExpired(value: string, now = new Date()): boolean {
  const [month, year] = value.split('/').map(Number);
  return 2000 + year! > now.getFullYear() || (2000 + year! === now.getFullYear() && month! >= now.getMonth() + 1);
}

/** The checkout's card form (checked in the browser; only the token and last 4 digits are sent). */
export const cardFormSchema = z.object({
  name: z.string().trim().min(1, CARD_MESSAGES.nameRequired).max(100),
  number: z
    .string()
    .transform(digitsOf)
    .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), CARD_MESSAGES.numberInvalid),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_MESSAGES.expiryInvalid)
    .refine((value) => notExpired(value), CARD_MESSAGES.expired),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, CARD_MESSAGES.cvcInvalid),
});
export type CardForm = z.input<typeof cardFormSchema>;

/** The test provider's token for a checked card: `tok_test_<last 4 digits>`. */
export const testCardToken = (card: z.output<typeof cardFormSchema>) => `tok_test_${card.number.slice(-4)}`;
