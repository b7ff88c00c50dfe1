import { randomBytes } from 'node:crypto';

/** PayPal's REST objects as the fake answers them, and the request bodies it reads (paypal-fake.ts serves them). */

export type Money = { currency_code: string; value: string };
export type Link = { href: string; rel: string; method: string };
export type Capture = {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';
  status_details?: { reason: string };
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data: { related_ids: { order_id: string } };
  links: Link[];
  create_time: string;
  update_time: string;
};
export type Refund = {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  links: Link[];
  create_time: string;
  update_time: string;
};
export type PurchaseUnit = {
  reference_id: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  payments?: { captures: Capture[]; refunds?: Refund[] };
};
export type Order = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  intent: 'CAPTURE';
  purchase_units: PurchaseUnit[];
  payer?: { email_address: string; payer_id: string };
  links: Link[];
  create_time: string;
};

/** What the fake reads of a create-order body (anything may be missing: the SDK or a test may send less). */
export type CreateOrderBody =
  | {
      intent?: string;
      purchase_units?: { amount?: Partial<Money>; reference_id?: string; custom_id?: string; invoice_id?: string }[];
    }
  | undefined;
export type RefundBody = { amount?: Money } | undefined;
/** A verify-webhook-signature body: the transmission headers, the webhook id and the event as received. */
export const VERIFY_FIELDS = [
  'auth_algo',
  'cert_url',
  'transmission_id',
  'transmission_sig',
  'transmission_time',
  'webhook_id',
] as const;
export type VerifyBody =
  | (Partial<Record<(typeof VERIFY_FIELDS)[number], string>> & { webhook_event?: unknown })
  | undefined;

/** An id shaped like PayPal's (upper-case hex), `length` characters long. */
export const payPalId = (length = 17) => randomBytes(16).toString('hex').toUpperCase().slice(0, length);

/** A PayPal money value ('12.30') in cents, and back. */
export function cents(value: string) {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function decimal(amount: number) {
  return `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}
