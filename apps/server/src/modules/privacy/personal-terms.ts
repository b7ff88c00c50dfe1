/** What an erased piece of free text or a personal value becomes. */
export const ERASED = '[erased]';

/**
 * Keys whose values are personal data whatever they hold, in log entries about the person (their account, orders,
 * addresses): the before/after of a change sits under the field's name, so `changes.phone.before` is caught by
 * `phone`. Codes and amounts (status, total, reason codes of sign-ins) are not among them.
 */
const PERSONAL_KEYS = new Set([
  'email',
  'customer',
  'guestEmail',
  'firstName',
  'lastName',
  'phone',
  'street',
  'city',
  'zipCode',
  'shippingAddress',
  'billingAddress',
  'notes',
  'adminNotes',
  'trackingNumber',
  'trackingUrl',
  'cancelReason',
  'refundReason',
  'declineReason',
  'label',
  'ip',
  'userAgent',
]);

/** Shorter pieces would match inside unrelated words. */
const MIN_TERM_LENGTH = 3;

export type PersonalData = {
  emails: readonly string[];
  names: readonly { firstName: string; lastName: string }[];
  phones: readonly (string | null)[];
  streets: readonly string[];
};

/**
 * The strings that identify the person wherever they appear in free text or logs: e-mail addresses, full names,
 * phone numbers (as written and as digits alone) and streets; lower-cased, without duplicates or too-short pieces.
 */
export function personalTerms(data: PersonalData): string[] {
  const terms = new Set<string>();
  const add = (value: string | null | undefined) => {
    const term = value?.trim().toLowerCase();
    if (term && term.length >= MIN_TERM_LENGTH) terms.add(term);
  };
  for (const email of data.emails) add(email);
  for (const name of data.names) add(`${name.firstName} ${name.lastName}`);
  for (const phone of data.phones) {
    add(phone);
    const digits = phone?.replace(/\D/g, '');
    if (digits && digits.length >= 6) add(digits);
  }
  for (const street of data.streets) add(street);
  return [...terms];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with every term in it (any case) replaced by ERASED. */
export function eraseTerms(text: string, terms: readonly string[]): string {
  if (!terms.length) return text;
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'gi');
  return text.replace(pattern, ERASED);
}

/**
 * A JSON value with the person's data taken out: every string containing one of the terms has them replaced, and,
 * when `byKey` is set (the value is about the person), every string under a personal key becomes ERASED. Numbers,
 * booleans and the object's shape stay, so the entry still reads "phone changed" without saying from what to what.
 */
export function scrubJson(value: unknown, terms: readonly string[], byKey: boolean, underPersonalKey = false): unknown {
  if (typeof value === 'string') return underPersonalKey ? ERASED : eraseTerms(value, terms);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, terms, byKey, underPersonalKey));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        scrubJson(item, terms, byKey, underPersonalKey || (byKey && PERSONAL_KEYS.has(key))),
      ]),
    );
  }
  return value;
}
