import { describe, expect, it } from 'vitest';
import {
  cardForm,
  deleteAccountForm,
  newPasswordForm,
  RETURN_ITEMS_REQUIRED,
  returnRequestForm,
} from './shop-account.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('storefront account forms', () => {
  it('takes a Luhn-valid card number with spaces and a future MM/YY expiry', () => {
    const parsed = cardForm.parse({ number: '4242 4242 4242 4242', expiry: '12/40' });
    expect(parsed).toEqual({ number: '4242424242424242', expiry: { month: 12, year: 2040 } });
    expect(firstMessage(cardForm.safeParse({ number: '4242 4242 4242 4241', expiry: '12/40' }))).toBe(
      'Please enter a valid card number',
    );
    expect(firstMessage(cardForm.safeParse({ number: '4242424242424242', expiry: '13/40' }))).toBe('Use MM/YY');
    expect(firstMessage(cardForm.safeParse({ number: '4242424242424242', expiry: '01/20' }))).toBe(
      'This card has expired',
    );
  });

  it('asks for a matching second password, at least one returned line with a reason, and a ticked delete box', () => {
    expect(firstMessage(newPasswordForm.safeParse({ password: 'Password123!', confirmPassword: 'Password12' }))).toBe(
      'Passwords do not match',
    );
    const noItems = returnRequestForm.safeParse({ reason: 'Too big', items: [] });
    expect(firstMessage(noItems)).toBe(RETURN_ITEMS_REQUIRED);
    const noReason = returnRequestForm.safeParse({ reason: ' ', items: [{ itemId: 'a', quantity: 1 }] });
    expect(firstMessage(noReason)).toBe('Refund reason is required.');
    expect(deleteAccountForm.safeParse({ password: 'x' }).success).toBe(false);
    expect(deleteAccountForm.safeParse({ password: 'x', confirm: true }).success).toBe(true);
  });
});
