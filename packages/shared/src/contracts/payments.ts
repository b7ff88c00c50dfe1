import { z } from 'zod';
import { idempotencyHeaders } from '../api.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import { orderView, paymentIntentView } from '../order-view.js';
import { confirmPaymentInput, paymentIntentInput, savedPaymentMethodInput } from '../orders.js';

/** A saved card: the provider's token never leaves the server, only the brand, last 4 digits and expiry. */
export const savedPaymentMethodView = z.object({
  _id: z.string(),
  id: z.string(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedPaymentMethodView = z.infer<typeof savedPaymentMethodView>;

/** A confirmed payment: the order as the caller may see it (staff view for staff) and the payment. */
export const confirmedPaymentView = z.object({
  order: orderView,
  payment: z.object({ paymentIntentId: z.string(), status: z.literal('succeeded') }),
});

const tag = 'payments';

/** Payments through the configured provider, and the signed-in user's saved cards. */
export const paymentContracts = {
  createIntent: endpoint({
    operationId: 'createPaymentIntent',
    method: 'POST',
    path: '/payments/create-payment-intent',
    summary: 'Create a payment intent for an amount in dollars, for one of your orders when `orderId` is given',
    description:
      'The intent is yours: only you can place an order with it or confirm it (staff may confirm the order it is ' +
      "bound to). Someone else's order answers 404 and creates nothing.",
    tag,
    access: 'authenticated',
    body: paymentIntentInput,
    bodyExample: { amount: 68.99 },
    responses: { 201: envelope(z.object({ paymentIntent: paymentIntentView, clientSecret: z.string() })) },
    errors: [404],
  }),
  confirm: endpoint({
    operationId: 'confirmPayment',
    method: 'POST',
    path: '/payments/confirm',
    summary: "Confirm an order's payment intent; the order is paid and its stock committed",
    description:
      "Public so a guest can pay: a customer's order needs its owner (or staff), a guest order its e-mail. " +
      'The intent must be for exactly the order\'s total (400 "The payment amount does not match the order total") ' +
      'and the caller\'s own (else 404 "Payment intent not found"). 409 "This order is already paid."; a cancelled ' +
      'or refunded order answers 409 ORDER_CLOSED. A declined payment answers 402 "Your card was declined." and ' +
      'leaves the order `failed` with its stock reserved. Paid, the stock is committed and the order confirmation is ' +
      'mailed. A replay with the same `Idempotency-Key` returns the first answer.',
    tag,
    access: 'public',
    headers: idempotencyHeaders,
    body: confirmPaymentInput,
    bodyExample: { orderId: '65f1c0ffee0000000000abcd', paymentIntentId: 'pi_test_0123456789abcdef01234567' },
    responses: { 200: envelope(confirmedPaymentView) },
    errors: [402, 404, 409, 422],
  }),
  listMethods: endpoint({
    operationId: 'listPaymentMethods',
    method: 'GET',
    path: '/payments/methods',
    summary: "The signed-in user's saved cards (the default first)",
    description:
      'The default card first, then the newest; each with its brand, last 4 digits and expiry, never the token.',
    tag,
    access: 'authenticated',
    responses: { 200: envelope(z.object({ methods: z.array(savedPaymentMethodView) })) },
  }),
  saveMethod: endpoint({
    operationId: 'savePaymentMethod',
    method: 'POST',
    path: '/payments/methods',
    summary: 'Save a card by its provider token and last 4 digits (the card number never reaches the server)',
    description:
      'The provider token is kept on the server and never answered. A card saved as default takes the default from ' +
      'the others.',
    tag,
    access: 'authenticated',
    body: savedPaymentMethodInput,
    bodyExample: { token: 'tok_visa_123', last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030, isDefault: true },
    responses: { 201: envelope(z.object({ method: savedPaymentMethodView })) },
  }),
  providerWebhook: endpoint({
    operationId: 'receivePaymentProviderWebhook',
    method: 'POST',
    path: '/payments/webhooks/:provider',
    summary: "A payment provider's signed event (Stripe, PayPal): settles the order it is about",
    description:
      'Called by the provider, never by a browser. The raw body is checked against its signature (Stripe: ' +
      '`Stripe-Signature`; PayPal: its verification API; the built-in test provider: `X-Test-Signature`); a body ' +
      'that does not check out answers 400 "Invalid webhook signature" and writes nothing. Each event id is applied ' +
      "once: a succeeded payment of exactly the order's total and currency pays the order; a failed one marks it " +
      'failed (never after a success); refunds made at the provider are added to the payment timeline; a dispute ' +
      'flags the order and tells the admins. `outcome` says what the event did (`refused`: the amount or currency ' +
      'differ from the order, nothing paid).',
    tag,
    access: 'public',
    params: z.object({ provider: z.enum(['stripe', 'paypal', 'test']) }),
    responses: {
      200: envelope(
        z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored', 'refused']) }),
      ),
    },
    errors: [400],
  }),
  removeMethod: endpoint({
    operationId: 'deletePaymentMethod',
    method: 'DELETE',
    path: '/payments/methods/:id',
    summary: 'Delete one of your saved cards',
    description: 'Someone else\'s card answers the same 404 "Payment method not found" as a missing one.',
    tag,
    access: 'authenticated',
    params: idParams('payment method'),
    responses: { 200: messageEnvelope },
  }),
};
