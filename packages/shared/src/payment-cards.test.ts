import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardFormSchema, DECLINED_TEST_CARD_TOKEN, TEST_CARDS, testCardToken } from './payment-cards.js';

const card: { name: string; number: string; expiry: string; cvc: string } = {
  name: 'Emma Wilson',
  number: TEST_CARDS.accepted,
  expiry: '12/40',
  cvc: '123',
};
const messagesOf = (input: typeof card) =>
  cardFormSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('the card form', () => {
  it('accepts the test cards and tokenises them by their last 4 digits', () => {
    expect(testCardToken(cardFormSchema.parse(card))).toBe('tok_test_4242');
    expect(testCardToken(cardFormSchema.parse({ ...card, number: TEST_CARDS.declined }))).toBe(
      DECLINED_TEST_CARD_TOKEN,
    );
  });

  it('refuses a number failing the checksum, a bad or past expiry and a bad security code', () => {
    expect(messagesOf({ ...card, number: '4242 4242 4242 4241' })).toEqual([CARD_MESSAGES.numberInvalid]);
    expect(messagesOf({ ...card, expiry: '13/40' })).toEqual([CARD_MESSAGES.expiryInvalid]);
    expect(messagesOf({ ...card, expiry: '01/20' })).toEqual([CARD_MESSAGES.expired]);
    expect(messagesOf({ ...card, cvc: '12', name: ' ' })).toEqual([
      CARD_MESSAGES.nameRequired,
      CARD_MESSAGES.cvcInvalid,
    ]);
  });
});
