import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { cartPickupLocationView } from '../locations.js';
import { SHIPPING_METHODS } from '../order-totals.js';
import { checkoutSessionView, orderTotalsView, pricedCartView, shippingOptionView } from '../order-view.js';
import {
  calculateShippingInput,
  checkoutSessionInput,
  guestCheckoutSessionInput,
  shippingMethodsInput,
} from '../orders.js';
import { paymentOptionsView } from '../payments.js';
import { SHIPPING_AND_TAX_DESCRIPTION } from './orders.js';

const tag = 'checkout';
const cartExample = {
  items: [{ productId: '64b7f0c2a1b2c3d4e5f60718', quantity: 2, size: 'M', color: 'Black' }],
  shippingMethod: 'standard',
};

/** Checkout: price a cart and open a payment intent for it; the order itself is placed by POST /orders. */
export const checkoutContracts = {
  createSession: endpoint({
    operationId: 'createCheckoutSession',
    method: 'POST',
    path: '/checkout/create-session',
    summary: 'Validate and price a cart and create a payment intent for its total',
    description:
      "Prices the cart at today's prices (unknown, inactive or missing size/color lines 400, too little stock 409 " +
      'INSUFFICIENT_STOCK, every failing line in `details` as `items.<index>`), applies the coupon (a refusal is 400 ' +
      'COUPON_NOT_APPLICABLE with the reason) and answers lines, totals, every shipping option and a payment ' +
      'intent for the total. The intent is the only thing stored: the caller places the order with ' +
      'its id (POST /orders), then confirms the payment. Staff trying a cart are priced as nobody in particular.',
    tag,
    access: 'authenticated',
    body: checkoutSessionInput,
    bodyExample: { ...cartExample, couponCode: 'WINTER15' },
    responses: { 201: envelope(checkoutSessionView) },
    errors: [409],
  }),
  createGuestSession: endpoint({
    operationId: 'createGuestCheckoutSession',
    method: 'POST',
    path: '/checkout/create-guest-session',
    summary: 'Validate and price a guest cart and create a payment intent for its total',
    description:
      "Prices the cart at today's prices (unknown, inactive or missing size/color lines 400, too little stock 409 " +
      'INSUFFICIENT_STOCK, every failing line in `details` as `items.<index>`), applies the coupon (a refusal is 400 ' +
      'COUPON_NOT_APPLICABLE with the reason) and answers lines, totals, every shipping option and a payment ' +
      'intent for the total. The intent is the only thing stored: it belongs to the ' +
      "guest's e-mail, which places the order with its id (POST /orders/guest) and confirms the payment. The coupon " +
      'per-customer limit counts that e-mail.',
    tag,
    access: 'public',
    body: guestCheckoutSessionInput,
    bodyExample: { ...cartExample, email: 'jane.doe@example.com' },
    responses: { 201: envelope(checkoutSessionView.extend({ email: z.string() })) },
    errors: [409],
  }),
  paymentOptions: endpoint({
    operationId: 'listPaymentOptions',
    method: 'GET',
    path: '/checkout/payment-options',
    summary: 'The payment methods the shop offers now',
    description:
      'Cards always (through the built-in test provider, `testMode`, when no card provider is configured), PayPal ' +
      'when configured, cash on delivery (up to `cashMaxTotal`) and bank transfer (paid within `bankTransferDays`) ' +
      'when switched on; with the public keys the browser loads each provider with. No secret is ever shown.',
    tag,
    access: 'public',
    responses: { 200: envelope(paymentOptionsView) },
  }),
  calculateShipping: endpoint({
    operationId: 'calculateShipping',
    method: 'POST',
    idempotent: true,
    path: '/orders/calculate-shipping',
    summary: 'A cart priced without a coupon: its lines, shipping, tax and total for a method, every method priced',
    description:
      'The storefront cart prices itself with this call (nothing is stored). A line the catalogue refuses answers ' +
      '400 (unknown, inactive or missing size/color) or 409 (not enough stock) with every failing line in `details` ' +
      'as `items.<index>`. `pickupLocations` lists every shop that offers pickup, by fulfilment priority, each ' +
      "`available` when it holds every line's units free now: pickup is offered at those.",
    tag,
    access: 'public',
    body: calculateShippingInput,
    bodyExample: cartExample,
    responses: {
      200: envelope(
        z.object({
          items: pricedCartView.shape.items,
          shippingMethod: z.enum(SHIPPING_METHODS),
          ...orderTotalsView.pick({ shipping: true, subtotal: true, tax: true, total: true }).shape,
          freeShippingThreshold: z.number(),
          methods: z.array(shippingOptionView),
          pickupLocations: z.array(cartPickupLocationView),
        }),
      ),
    },
    errors: [409],
  }),
  shippingMethods: endpoint({
    operationId: 'listShippingMethods',
    method: 'POST',
    idempotent: true,
    path: '/orders/shipping-methods',
    summary: 'The shipping methods and their cost for a subtotal',
    description: `Every method with its cost for the subtotal given; nothing is stored. ${SHIPPING_AND_TAX_DESCRIPTION}`,
    tag,
    access: 'public',
    body: shippingMethodsInput,
    bodyExample: { subtotal: 50 },
    responses: { 200: envelope(z.object({ methods: z.array(shippingOptionView) })) },
  }),
};
