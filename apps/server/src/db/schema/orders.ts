import {
  COUPON_TYPES,
  DEFAULT_LOCATION_ID,
  ORDER_STATUSES,
  ORDER_STOCK_STATES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RETURN_STATUSES,
  SHIPPING_METHODS,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';
import { createdAt, idColumn, money, oneOf, refId, tstz, updatedAt } from './common.js';
import { users } from './users.js';

export type OrderAddress = {
  firstName: string;
  lastName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
};

export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    value: money('value').notNull(),
    usageLimit: integer('usage_limit').notNull().default(100),
    usedCount: integer('used_count').notNull().default(0),
    userUsageLimit: integer('user_usage_limit').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    firstTimeUserOnly: boolean('first_time_user_only').notNull().default(false),
    startDate: tstz('start_date').notNull(),
    endDate: tstz('end_date').notNull(),
    minOrderAmount: money('min_order_amount'),
    maxDiscount: money('max_discount'),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('coupons_type_check', t.type, COUPON_TYPES),
    uniqueIndex('coupons_code_idx').on(t.code),
    index('coupons_created_at_idx').on(t.createdAt),
  ],
);

/**
 * The e-mail key coupon limits count a buyer by: trimmed and lower-cased, and for Gmail addresses (gmail.com,
 * googlemail.com) without dots and +tags in the local part, which Gmail delivers to one mailbox. The SQL function
 * (migration 0029) is the one definition, used by writes, counts, the backfill and the index on guest orders.
 */
export const couponEmailKey = (email: AnyPgColumn | SQL) => sql<string>`public.coupon_email_key(${email})`;

export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    orderNumber: text('order_number').notNull(),
    /** Null for a guest order, which carries guestEmail instead. */
    customerId: refId('customer_id').references(() => users.id, { onDelete: 'set null' }),
    guestEmail: text('guest_email'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('stripe'),
    /** Where the order's stock stands: reserved (held), committed (taken out of quantity), released (given back). */
    stockState: text('stock_state', { enum: ORDER_STOCK_STATES }).notNull().default('reserved'),
    shippingMethod: text('shipping_method', { enum: SHIPPING_METHODS }).notNull().default('standard'),
    /** The stock location a pickup order is collected at (shippingMethod `pickup`), else null. */
    pickupLocationId: refId('pickup_location_id'),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default(0),
    shipping: money('shipping').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull(),
    couponId: refId('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    notes: text('notes').notNull().default(''),
    adminNotes: text('admin_notes').notNull().default(''),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    estimatedDelivery: tstz('estimated_delivery'),
    paymentIntentId: text('payment_intent_id'),
    /** Bank transfer: the reference the shopper writes on the transfer (unique), and when the reservation runs out. */
    paymentReference: text('payment_reference'),
    paymentDueAt: tstz('payment_due_at'),
    /** A provider dispute is open on the order's payment (chargeback): staff must look. */
    disputedAt: tstz('disputed_at'),
    paidAt: tstz('paid_at'),
    shippedAt: tstz('shipped_at'),
    deliveredAt: tstz('delivered_at'),
    cancelledAt: tstz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    refundReason: text('refund_reason'),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('orders_status_check', t.status, ORDER_STATUSES),
    oneOf('orders_payment_status_check', t.paymentStatus, PAYMENT_STATUSES),
    oneOf('orders_payment_method_check', t.paymentMethod, PAYMENT_METHODS),
    oneOf('orders_stock_state_check', t.stockState, ORDER_STOCK_STATES),
    oneOf('orders_shipping_method_check', t.shippingMethod, SHIPPING_METHODS),
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // List filters (issue 17): newest-first walks per payment status, guest orders alone, and the total range.
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt),
    index('orders_guest_created_idx').on(t.createdAt).where(sql`${t.customerId} IS NULL`),
    // The coupon report's orders of a range (GET /api/admin/coupons/analytics), without reading every order of it.
    index('orders_coupon_created_idx').on(t.createdAt).where(sql`${t.couponId} IS NOT NULL`),
    index('orders_total_idx').on(t.total),
    uniqueIndex('orders_payment_reference_idx').on(t.paymentReference),
    // The bank-transfer deadline sweep reads only orders still waiting for their money.
    index('orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.paymentDueAt} IS NOT NULL AND ${t.paymentStatus} IN ('pending', 'failed')`),
    index('orders_guest_email_idx').on(sql`lower(${t.guestEmail})`),
    // A guest's earlier orders under their normalised e-mail (a customer's first-order coupon counts them too).
    index('orders_guest_email_key_idx').on(couponEmailKey(t.guestEmail)).where(sql`${t.guestEmail} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    orderId: refId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the snapshot fields keep the order readable. */
    productId: refId('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productSlug: text('product_slug').notNull(),
    productSku: text('product_sku').notNull(),
    /** The variant's SKU at order time (null only for lines whose combination was gone before variant SKUs existed). */
    variantSku: text('variant_sku'),
    image: text('image'),
    size: text('size').notNull(),
    color: text('color').notNull(),
    price: money('price').notNull(),
    quantity: integer('quantity').notNull(),
    total: money('total').notNull(),
    /**
     * The stock location the line's units are reserved at and ship from (allocation, docs/domain.md § Stock
     * locations); lines from before locations existed: the default one.
     */
    locationId: refId('location_id').notNull().default(DEFAULT_LOCATION_ID),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_product_idx').on(t.productId)],
);

export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    orderId: refId('order_id').references(() => orders.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    intentId: text('intent_id').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull(),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull().default('charge'),
    /**
     * The payment method the money moved by, fixed when the row is written: the provider's (cards through Stripe or
     * the test provider, PayPal), or for money staff record by hand the order's method then (cash, bank transfer).
     * A refund or dispute takes its charge's. Revenue analytics group by it, so a later change of the order's method
     * moves no money already taken.
     */
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The provider's id of this step when it has its own (a refund's or a dispute's id; a transfer's reference). */
    providerRef: text('provider_ref'),
    /** What the provider said (a decline's reason, a dispute's reason) or the note staff gave. */
    message: text('message'),
    /** The key this step was sent to the provider with, so a retry never charges or refunds twice. */
    idempotencyKey: text('idempotency_key'),
    /** Staff who recorded a manual payment or asked for a refund. */
    recordedBy: refId('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the money moved, as staff recorded it (a transfer's value date); the row's createdAt otherwise. */
    occurredAt: tstz('occurred_at'),
    updatedAt: updatedAt(),
    /**
     * Who created the intent (a charge): the signed-in user, or for a guest checkout the guest's e-mail (lower-case,
     * the proof a guest pays their order with). Only they may place an order with it or confirm it.
     */
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    guestEmail: text('guest_email'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('payments_kind_check', t.kind, PAYMENT_KINDS),
    oneOf('payments_method_check', t.method, PAYMENT_METHODS),
    index('payments_order_idx').on(t.orderId),
    // One charge per intent; a charge may be refunded in several parts (returns), each its own refund row.
    uniqueIndex('payments_charge_intent_idx').on(t.provider, t.intentId).where(sql`${t.kind} = 'charge'`),
    index('payments_refund_intent_idx').on(t.provider, t.intentId).where(sql`${t.kind} = 'refund'`),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.kind, t.providerRef),
    // Reconciliation walks charges still waiting for the provider's word, oldest first.
    index('payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'charge' AND ${t.status} NOT IN ('succeeded', 'failed', 'canceled')`),
    // Revenue analytics read settled money by day.
    index('payments_settled_idx').on(t.createdAt).where(sql`${t.status} = 'succeeded'`),
  ],
);

/**
 * Provider webhook events already applied, by the provider's event id: a redelivered event is acknowledged and
 * changes nothing.
 */
export const paymentProviderEvents = pgTable(
  'payment_provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    intentId: text('intent_id'),
    /** What applying it did: applied, ignored (unknown intent, older news), or refused (amount or currency differ). */
    outcome: text('outcome').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A customer's saved payment methods: only the provider's token and the last 4 digits are kept. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull().default('card'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: idColumn(),
    couponId: refId('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: refId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: refId('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The buyer's e-mail as couponEmailKey() normalises it (the guest's, or the customer's account e-mail when the
     * order was placed): per-customer limits count a person's uses by it, as a guest or signed in alike.
     */
    emailKey: text('email_key'),
    discountAmount: money('discount_amount').notNull(),
    /** Set when the order is cancelled or refunded: the use is given back. */
    releasedAt: tstz('released_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.createdAt),
    index('coupon_redemptions_customer_idx').on(t.customerId),
    index('coupon_redemptions_email_idx').on(t.couponId, t.emailKey).where(sql`${t.releasedAt} IS NULL`),
    // The coupon report's uses of a range, without reading every use of every coupon.
    index('coupon_redemptions_created_idx').on(t.createdAt).where(sql`${t.releasedAt} IS NULL`),
  ],
);

/** Replays of POSTs carrying an Idempotency-Key return the first answer (scope = operation and caller). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** A return (refund request) of some units of an order: asked by the customer, approved or declined by staff once. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: idColumn(),
    orderId: refId('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason').notNull(),
    requestedBy: refId('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The refund given on approval (null until then). */
    refundAmount: money('refund_amount'),
    declineReason: text('decline_reason'),
    decidedBy: refId('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('return_requests_status_check', t.status, RETURN_STATUSES),
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** The units of one order line a return asks back, and how many of them staff put back in stock. */
export const returnRequestItems = pgTable(
  'return_request_items',
  {
    id: idColumn(),
    returnId: refId('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: refId('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restocked: integer('restocked').notNull().default(0),
  },
  (t) => [
    uniqueIndex('return_request_items_line_idx').on(t.returnId, t.orderItemId),
    index('return_request_items_order_item_idx').on(t.orderItemId),
  ],
);
