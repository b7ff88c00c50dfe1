import { z } from 'zod';
import { ORDER_STATUSES, ORDER_STOCK_STATES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants.js';
import { SHIPPING_METHODS } from './order-totals.js';

/** An order's shipping or billing address as the API shows it. */
export const orderAddressView = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

/** One order line as the API shows it: the product snapshot taken when the order was placed. */
export const orderItemView = z.object({
  _id: z.string(),
  id: z.string(),
  productId: z.string().nullable(),
  product: z.object({
    _id: z.string().nullable(),
    id: z.string().nullable(),
    name: z.string(),
    slug: z.string(),
    sku: z.string(),
    images: z.array(z.object({ original: z.string(), alt: z.string() })),
  }),
  size: z.string(),
  color: z.string(),
  variantId: z.string(),
  /** The size/color combination's own SKU when the order was placed (null for lines older than variant SKUs). */
  variantSku: z.string().nullable(),
  price: z.number(),
  quantity: z.number(),
  total: z.number(),
  /** The stock location the line's units are reserved at and ship from. */
  locationId: z.string(),
});

/** The order (the specification). `customer` is null for a guest order, which carries `guestEmail`. */
export const orderView = z.object({
  _id: z.string(),
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  shippingMethod: z.enum(SHIPPING_METHODS),
  /** Where a pickup order is collected (shippingMethod `pickup`), else null. */
  pickupLocationId: z.string().nullable(),
  stockState: z.enum(ORDER_STOCK_STATES),
  items: z.array(orderItemView),
  itemCount: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  couponCode: z.string().nullable(),
  customer: z
    .object({ _id: z.string(), id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
  guestEmail: z.string().nullable(),
  isGuest: z.boolean(),
  email: z.string().nullable(),
  shippingAddress: orderAddressView,
  billingAddress: orderAddressView,
  notes: z.string(),
  adminNotes: z.string(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  paidAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundReason: z.string().nullable(),
  /** A bank-transfer order's reference, which the shopper writes on the transfer (null for other methods). */
  paymentReference: z.string().nullable(),
  /** When an unpaid bank-transfer order is cancelled and its stock released (null for other methods). */
  paymentDueAt: z.string().nullable(),
  /** A provider dispute (chargeback) was opened on the order's payment; staff must look. */
  disputedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderView = z.infer<typeof orderView>;
export type OrderItemView = z.infer<typeof orderItemView>;

export const orderTotalsView = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
});

/**
 * The dated steps of an order's timeline (steps not reached yet are left out), oldest first; each return adds its
 * request and its decision.
 */
export const ORDER_TIMELINE_EVENTS = [
  'placed',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'return_requested',
  'return_approved',
  'return_declined',
] as const;

/** Where the parcel is: tracking fields plus a timeline of the order's dated steps. */
export const orderTrackingView = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  shippingMethod: z.enum(SHIPPING_METHODS),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  timeline: z.array(z.object({ event: z.enum(ORDER_TIMELINE_EVENTS), at: z.string(), detail: z.string().optional() })),
});
export type OrderTrackingView = z.infer<typeof orderTrackingView>;

/** A payment intent as the API shows it (amount in dollars). */
export const paymentIntentView = z.object({
  id: z.string(),
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  amount: z.number(),
  currency: z.string(),
  /**
   * Where the shopper pays it: `test` (the built-in provider, confirmed with a test card through POST
   * /payments/confirm), `stripe` (Stripe.js with `clientSecret`), `paypal` (the PayPal button with `id` as its order).
   */
  provider: z.enum(['test', 'stripe', 'paypal']),
  status: z.enum(['requires_confirmation', 'requires_action', 'processing', 'succeeded', 'declined', 'canceled']),
});
export type PaymentIntentView = z.infer<typeof paymentIntentView>;

/** One shipping method with its cost for a cart. */
export const shippingOptionView = z.object({
  id: z.enum(SHIPPING_METHODS),
  name: z.string(),
  estimatedDays: z.string(),
  cost: z.number(),
});

/** A cart validated and priced at today's prices (nothing written). */
export const pricedCartView = z.object({
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      slug: z.string(),
      image: z.string().nullable(),
      ...orderItemView.pick({ size: true, color: true, variantId: true, price: true, quantity: true, total: true })
        .shape,
    }),
  ),
  shippingMethod: z.enum(SHIPPING_METHODS),
  totals: orderTotalsView,
  couponCode: z.string().nullable(),
  shippingMethods: z.array(shippingOptionView),
});

/**
 * A checkout session: the priced cart plus a payment intent for its total (null for cash on delivery and bank
 * transfer, which are paid outside any provider).
 */
export const checkoutSessionView = pricedCartView.extend({ paymentIntent: paymentIntentView.nullable() });
