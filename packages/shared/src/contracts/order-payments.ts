import { z } from 'zod';
import { idempotencyHeaders } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { orderView } from '../order-view.js';
import { orderPaymentsView, paymentSettingsView, refundPaymentInput } from '../payments.js';

/** Messages of staff refunds (the dialog shows them as they are). */
export const REFUND_MESSAGES = {
  nothingToRefund: 'Nothing is left to refund on this order.',
  tooHigh: (refundable: number) => `Only $${refundable.toFixed(2)} of this order can still be refunded.`,
} as const;

const params = idParams('order');

/** The order's payment timeline and staff refunds (back office), and Settings → Payments. */
export const orderPaymentContracts = {
  list: endpoint({
    operationId: 'listOrderPayments',
    method: 'GET',
    path: '/admin/orders/:id/payments',
    summary: "An order's payment timeline: charges, refunds, disputes and payments staff recorded, oldest first",
    description:
      'Each step with its provider, the provider’s id (the intent of a charge; a refund’s, dispute’s or transfer’s ' +
      'own reference) and a link to the provider’s dashboard when it has one; with `captured` (succeeded charges and ' +
      'manual records), `refunded`, `refundable` and `outstanding`. 404 "Order not found".',
    tag: 'orders',
    access: 'orders',
    params,
    responses: { 200: envelope(orderPaymentsView) },
  }),
  refund: endpoint({
    operationId: 'refundOrder',
    method: 'POST',
    path: '/admin/orders/:id/refunds',
    summary: "Refund part or all of an order's captured money through its payment provider",
    description:
      'Oldest payment first, each at most what is left of it; money recorded by hand (cash, bank transfer) becomes ' +
      'a `manual` refund the store pays back by hand. The payment status becomes `partially_refunded`, or ' +
      '`refunded` (and the order `refunded`, its stock given back) once everything captured is given back. ' +
      `409 "${REFUND_MESSAGES.nothingToRefund}" or 409 "${REFUND_MESSAGES.tooHigh(40)}" (never more than captured, ` +
      'even for refunds sent at the same time). 502 when the provider refuses, fails or does not answer: nothing is ' +
      'refunded. A replay with the same `Idempotency-Key` returns the first answer and refunds nothing more. ' +
      'Recorded in the activity log.',
    tag: 'orders',
    access: 'orders',
    headers: idempotencyHeaders,
    params,
    body: refundPaymentInput,
    bodyExample: { amount: 25, reason: 'Damaged on arrival' },
    responses: { 200: envelope(z.object({ order: orderView, payments: orderPaymentsView })) },
    errors: [409, 422, 502],
  }),
  settings: endpoint({
    operationId: 'getPaymentSettings',
    method: 'GET',
    path: '/admin/settings/payments',
    summary: 'Settings → Payments: each payment method, whether it is on, through which provider, in which mode',
    description:
      'Built from the environment: the webhook address to give Stripe or PayPal, public keys, limits, the bank ' +
      'account (IBAN masked to its last 4) and the variables that turn each method on. Never a secret.',
    tag: 'payments',
    access: 'integrations',
    responses: { 200: envelope(paymentSettingsView) },
  }),
};
