import { z } from 'zod';
import { limitParam } from './api.js';
import { emailSchema } from './auth.js';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants.js';
import { INVALID_HEX_MESSAGE, isObjectId } from './ids.js';
import { locationIdField } from './locations.js';
import { SHIPPING_METHODS } from './order-totals.js';

/** Order money, shipping methods and order numbers (pure, unit-tested). */
export * from './order-totals.js';

export const ORDER_MESSAGES = {
  itemsRequired: 'At least one item is required.',
  pickupLocationRequired: 'Choose the shop to pick up your order from.',
  pickupLocationOnlyForPickup: 'A pickup location goes with the pickup shipping method only.',
  pickupNotOffered: 'This location does not offer pickup.',
  paymentMethodRequired: 'Payment method is required.',
  statusRequired: 'Status is required',
  statusInvalid: 'Invalid status',
  paymentStatusRequired: 'Payment status is required',
  paymentStatusInvalid: 'Invalid payment status',
  trackingTooShort: 'Tracking number must be at least 3 characters',
  deliveryInPast: 'Estimated delivery cannot be in the past',
  cancelMismatch: 'The order number you entered does not match.',
  adminCancelReason: 'Order cancelled by admin',
  buyerRequired: 'Choose a customer or enter a guest e-mail.',
  notFound: 'Order not found',
} as const;

/** How POST /orders picks the buyer, published as the call's OpenAPI description. */
export const CREATE_ORDER_DESCRIPTION = [
  'A customer orders for themself (`customerId` and `email` are ignored).',
  'Staff ("Add Order") name the buyer: `customerId` of a customer, or `email` (an active customer with that e-mail',
  'gets the order, any other address makes a guest order).',
  `Staff who send neither get 400 "${ORDER_MESSAGES.buyerRequired}" (field \`email\`).`,
].join(' ');

/** A required text field: `<label> is required.` when empty. */
function required(message: string, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max);
}
function personName(label: 'First name' | 'Last name') {
  return required(`${label} is required.`).pipe(
    z.string().min(2, `${label} must be 2-50 characters.`).max(50, `${label} must be 2-50 characters.`),
  );
}

/** Shipping and billing address of an order (the specification). */
export const orderAddressSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  street: required('Street address is required.'),
  city: required('City is required.', 100),
  state: required('State is required.', 100),
  zipCode: required('ZIP code is required.', 20),
  country: required('Country is required.', 100),
  phone: required('Phone number is required.', 30),
});
export type OrderAddressInput = z.infer<typeof orderAddressSchema>;

const objectId = (message: string) =>
  z.string({ error: message }).refine(isObjectId, { message: `${message} ${INVALID_HEX_MESSAGE}` });

export const orderItemInput = z.object({
  productId: objectId('Product is required.'),
  quantity: z.coerce
    .number({ error: 'Quantity must be at least 1.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(1000, 'Quantity must be at most 1000.'),
  size: required('Size is required.', 50),
  color: required('Color is required.', 50),
  /** `<size>-<color>` as the spec's client sends it; informative only (size and color decide). */
  variantId: z.string().max(120).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInput>;

export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: ORDER_MESSAGES.paymentMethodRequired });
const notes = z.string().trim().max(2000, 'Notes must be at most 2000 characters.');

const orderBody = {
  items: z.array(orderItemInput, { error: ORDER_MESSAGES.itemsRequired }).min(1, ORDER_MESSAGES.itemsRequired).max(50),
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  paymentMethod: paymentMethodSchema,
  shippingMethod: z.enum(SHIPPING_METHODS).default('standard'),
  /** With shippingMethod `pickup`: the location the shopper collects the order at (every unit is reserved there). */
  pickupLocationId: locationIdField.optional(),
  notes: notes.optional(),
  /** Optional coupon; the discount is applied by the coupon rules. */
  couponCode: z.string().trim().max(40).optional(),
  /** From a checkout session: the payment intent to confirm after the order exists. */
  paymentIntentId: z.string().max(200).optional(),
};

/**
 * POST /orders. A customer orders for themself. Staff ("Add Order") name the customer by `customerId`, or give an
 * `email`: an active customer with that e-mail gets the order, any other e-mail makes a guest order.
 */
export const createOrderInput = z.object({
  ...orderBody,
  customerId: objectId('Customer ID is invalid.').optional(),
  email: emailSchema.optional(),
});
export type CreateOrderInput = z.input<typeof createOrderInput>;

/** POST /orders/guest: no account, an e-mail instead. */
export const guestOrderInput = z.object({ ...orderBody, email: emailSchema });

/**
 * The Add Order dialog's form (the same rules, before the items are priced by the server). The e-mail names the
 * customer: an existing customer's e-mail attaches the order to their account, any other makes a guest order.
 */
export const addOrderForm = z.object({
  email: emailSchema,
  items: orderBody.items,
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  paymentMethod: paymentMethodSchema,
  notes: notes.optional(),
});
export type AddOrderForm = z.input<typeof addOrderForm>;

/** Start of today (local time of whoever validates): a date on or after it is not in the past. */
function notInPast(value: string): boolean {
  const date = new Date(value.length === 10 ? `${value}T23:59:59` : value);
  if (Number.isNaN(date.getTime())) return false;
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return date.getTime() >= today.getTime();
}

const trackingNumber = z.string().trim().min(3, ORDER_MESSAGES.trackingTooShort).max(100);
const estimatedDelivery = z
  .string()
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Invalid date')
  .refine(notInPast, ORDER_MESSAGES.deliveryInPast);

/** The Manage Status dialog's form: tracking number and estimated delivery are sent only when filled. */
export const orderStatusForm = z.object({
  status: z
    .string({ error: ORDER_MESSAGES.statusRequired })
    .min(1, ORDER_MESSAGES.statusRequired)
    .pipe(z.enum(ORDER_STATUSES, { error: ORDER_MESSAGES.statusInvalid })),
  paymentStatus: z
    .string({ error: ORDER_MESSAGES.paymentStatusRequired })
    .min(1, ORDER_MESSAGES.paymentStatusRequired)
    .pipe(z.enum(PAYMENT_STATUSES, { error: ORDER_MESSAGES.paymentStatusInvalid })),
  trackingNumber: z.union([z.literal(''), trackingNumber]).optional(),
  estimatedDelivery: z.union([z.literal(''), estimatedDelivery]).optional(),
});
export type OrderStatusForm = z.input<typeof orderStatusForm>;

/**
 * PUT /orders/{id}/status: the status dialog's fields, or adminNotes alone (the edit dialog of the status area).
 */
export const orderStatusInput = z
  .object({
    status: z.unknown().optional(),
    paymentStatus: z.unknown().optional(),
    trackingNumber: trackingNumber.optional(),
    trackingUrl: z.url({ protocol: /^https?$/, error: 'Tracking URL must start with http:// or https://' }).optional(),
    estimatedDelivery: estimatedDelivery.optional(),
    adminNotes: notes.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.adminNotes !== undefined && value.status === undefined && value.paymentStatus === undefined) return;
    const form = orderStatusForm.pick({ status: true, paymentStatus: true }).safeParse(value);
    if (!form.success) for (const issue of form.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  })
  .transform((value) => ({
    ...value,
    status: value.status as (typeof ORDER_STATUSES)[number] | undefined,
    paymentStatus: value.paymentStatus as (typeof PAYMENT_STATUSES)[number] | undefined,
  }));
export type OrderStatusInput = z.input<typeof orderStatusInput>;

/** PUT /admin/orders/{id}: addresses, payment method, notes, admin notes. */
export const editOrderInput = z.object({
  _id: z.string().optional(),
  shippingAddress: orderAddressSchema.optional(),
  billingAddress: orderAddressSchema.optional(),
  paymentMethod: paymentMethodSchema,
  notes: notes.optional(),
  adminNotes: notes.optional(),
});
export type EditOrderInput = z.input<typeof editOrderInput>;

export const cancelOrderInput = z.object({ reason: z.string().trim().max(500).optional() }).optional();

/** The Cancel dialog's first step: the typed text must equal the order number (trimmed, case-insensitive). */
export function orderNumberMatches(typed: string, orderNumber: string): boolean {
  return typed.trim().toLowerCase() === orderNumber.trim().toLowerCase();
}

const listQuery = {
  page: z.coerce.number().int().min(1).default(1),
  status: z.enum(ORDER_STATUSES).optional(),
};
export function orderListQuery(defaultLimit: number) {
  return z.object({
    ...listQuery,
    limit: limitParam(defaultLimit),
    search: z.string().trim().max(200).optional(),
    /** `open`: only orders with a return waiting for a decision (the Orders screen's "Open returns" filter). */
    returns: z.enum(['open']).optional(),
  });
}
export const ordersByEmailQuery = z.object({
  email: emailSchema,
  page: listQuery.page,
  limit: limitParam(10),
});
export const trackOrderQuery = z.object({ email: emailSchema });

/** Checkout: a cart to validate and price. */
export const checkoutSessionInput = z.object({
  items: orderBody.items,
  shippingAddress: orderAddressSchema.optional(),
  shippingMethod: orderBody.shippingMethod,
  couponCode: orderBody.couponCode,
  /** How the shopper will pay (cards by default): the session opens that provider's intent, none for cash or transfer. */
  paymentMethod: paymentMethodSchema.default('stripe'),
});
export const guestCheckoutSessionInput = checkoutSessionInput.extend({ email: emailSchema });
export const calculateShippingInput = z.object({
  items: orderBody.items,
  shippingAddress: orderAddressSchema.optional(),
  shippingMethod: orderBody.shippingMethod,
});
export const shippingMethodsInput = z.object({
  shippingAddress: orderAddressSchema.optional(),
  subtotal: z.coerce.number().min(0).max(10_000_000).optional(),
});

export const paymentIntentInput = z.object({
  amount: z.coerce
    .number({ error: 'Amount is required.' })
    .positive('Amount must be greater than 0.')
    .max(1_000_000)
    .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      message: 'Amount must have at most 2 decimals.',
    }),
  orderId: z.string().refine(isObjectId, 'Invalid order ID').optional(),
});
export const confirmPaymentInput = z.object({
  orderId: z.string({ error: 'Order ID is required.' }).refine(isObjectId, 'Invalid order ID'),
  paymentIntentId: z.string({ error: 'Payment intent ID is required.' }).trim().min(1).max(200),
  /** Guest orders prove themselves with their e-mail. */
  email: emailSchema.optional(),
  /** The provider's token for the card to charge (made in the browser; the card number never reaches us). */
  paymentMethod: z.string().trim().min(1).max(200).optional(),
});
export const savedPaymentMethodInput = z.object({
  provider: z.enum(['test', 'stripe']).default('test'),
  /** The provider's token for the card; the card number itself never reaches the server. */
  token: z.string({ error: 'Payment token is required.' }).trim().min(1, 'Payment token is required.').max(200),
  last4: z.string({ error: 'Last 4 digits are required.' }).regex(/^\d{4}$/, 'Last 4 digits must be 4 digits.'),
  brand: z.string().trim().max(30).optional(),
  expMonth: z.coerce.number().int().min(1).max(12).optional(),
  expYear: z.coerce.number().int().min(2000).max(2100).optional(),
  isDefault: z.boolean().optional(),
});
