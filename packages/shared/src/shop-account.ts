import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth.js';
import type { OrderStatus } from './constants.js';
import { whenValid } from './refinements.js';
import { refundRequestInput } from './returns.js';

/** The storefront's account forms (the server's own inputs stay the contracts'; these add what only a form asks). */

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** A new password typed twice (reset link, change password). */
export const newPasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
    ...whenValid({ password: z.string(), confirmPassword: z.string() }, ['password', 'confirmPassword']),
  });

/** Guest tracking: the order number from the confirmation and the e-mail the order was placed with. */
export const trackOrderForm = z.object({
  orderNumber: z
    .string({ error: 'Order number is required' })
    .trim()
    .min(1, 'Order number is required')
    .max(40, 'Please enter a valid order number'),
  email: emailSchema,
});

/** A customer may cancel their own order only before it is processed (the server's rule). */
export const CUSTOMER_CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed'];

export const RETURN_ITEMS_REQUIRED = 'Choose at least one item to return.';

/** The return form: at least one chosen line, and the reason the refund request needs. */
export const returnRequestForm = refundRequestInput.extend({
  items: z.array(refundRequestInput.shape.items.unwrap().element).min(1, RETURN_ITEMS_REQUIRED).max(50),
});

/** Deleting the account: the password, and a ticked "I understand" box. */
export const deleteAccountForm = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  confirm: z.literal(true, { error: 'Please confirm that you want to delete your account' }),
});

/** Luhn check digit: catches a mistyped card number before it goes anywhere. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Saving a card in the shop: the number stays in the browser (the provider turns it into a token there), so this is
 * the form's check only; the server stores the token, brand, last 4 digits and expiry.
 */
export const cardForm = z.object({
  number: z
    .string({ error: 'Card number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'Card number is required')
        .regex(/^\d{12,19}$/, 'Please enter a valid card number')
        .refine(luhnValid, 'Please enter a valid card number'),
    ),
  expiry: z
    .string({ error: 'Expiry date is required' })
    .trim()
    .min(1, 'Expiry date is required')
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM/YY')
    .transform((v) => {
      const [month, year] = v.split('/').map((part) => Number(part.trim()));
      return { month: month!, year: 2000 + year! };
    })
    .refine(({ month, year }) => {
      const now = new Date();
      return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
    }, 'This card has expired'),
  isDefault: z.boolean().optional(),
});
