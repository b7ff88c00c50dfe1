import { z } from 'zod';

/** A required text field with the spec's "… is required." message (the specification, order address). */
function requiredText(message: string, max = 100) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .max(max, `${message.replace(' is required.', '')} must be at most ${max} characters.`);
}

function addressName(label: 'First name' | 'Last name') {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.`, abort: true })
    .min(2, `${label} must be 2-50 characters.`)
    .max(50, `${label} must be 2-50 characters.`);
}

/**
 * A postal address as orders and the customer's address book take it, with the spec's messages
 * (first failing message per field first).
 */
export const addressInput = z.object({
  firstName: addressName('First name'),
  lastName: addressName('Last name'),
  street: requiredText('Street address is required.', 200),
  city: requiredText('City is required.'),
  state: requiredText('State is required.'),
  zipCode: requiredText('ZIP code is required.', 20),
  country: requiredText('Country is required.'),
  phone: requiredText('Phone number is required.', 30),
});
export type AddressInput = z.infer<typeof addressInput>;

/** An address form before anything is typed. */
export const EMPTY_ADDRESS: AddressInput = {
  firstName: '',
  lastName: '',
  street: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  phone: '',
};

/** At most this many saved addresses per customer (keeps the address book and its queries small). */
export const MAX_SAVED_ADDRESSES = 20;

/** A saved address of the customer's address book: the postal address plus an optional label and the default flag. */
export const savedAddressInput = addressInput.extend({
  label: z.string().trim().max(50, 'Label must be at most 50 characters.').optional(),
  isDefault: z.boolean().optional(),
});
export type SavedAddressInput = z.infer<typeof savedAddressInput>;

export const savedAddress = addressInput.extend({
  _id: z.string(),
  id: z.string(),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;
