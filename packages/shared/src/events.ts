import { z } from 'zod';
import { ORDER_STATUSES } from './constants.js';
import { adminCustomer } from './customers.js';
import { locationView } from './locations.js';
import { orderView } from './order-view.js';
import { productView } from './product-views.js';
import { returnRequestView } from './returns.js';
import { REVIEW_MODERATIONS, reviewView } from './reviews.js';
import { STOCK_MOVEMENT_OPERATIONS } from './stock.js';
import { transferView } from './transfers.js';

/**
 * Every business change the store publishes: written in the transaction that makes the change (the event outbox),
 * then delivered to webhook endpoints subscribed to its type. A type's `data` schema is in EVENT_DATA; a change to a
 * type's data that is not purely additive gets a new `version`.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'order.cancelled',
  'order.refunded',
  'order.line_reassigned',
  'return.requested',
  'return.decided',
  'review.moderated',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory.low_stock',
  'inventory.changed',
  'customer.created',
  'customer.updated',
  'coupon.redeemed',
  'location.created',
  'location.updated',
  'transfer.created',
  'transfer.updated',
  'transfer.shipped',
  'transfer.received',
  'transfer.cancelled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by "Send test event" on an endpoint only: never recorded in the outbox, never sent to other endpoints. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** What every delivered event looks like: the body of a webhook delivery, signed as a whole. */
export const eventEnvelope = z.object({
  /** Stable across retries and resends: a receiver drops an id it has already handled. */
  id: z.string(),
  type: z.string(),
  version: z.number().int().positive(),
  /** When the change was committed-to (ISO 8601, UTC). */
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.infer<typeof eventEnvelope>;

/** A variant's stock after one change: what moved, by how much, and where quantity and reserved stand now. */
const inventoryChangeData = z.object({
  productId: z.string(),
  /** The size/color combination (its inventory row). */
  variantId: z.string(),
  sku: z.string(),
  size: z.string(),
  color: z.string(),
  operation: z.enum(STOCK_MOVEMENT_OPERATIONS),
  /** The units the operation moved (≥ 0; `set` gives the new quantity). */
  change: z.number().int(),
  previousQuantity: z.number().int(),
  quantity: z.number().int(),
  previousReserved: z.number().int(),
  reserved: z.number().int(),
  /** quantity − reserved: what can still be sold. */
  available: z.number().int(),
  /** The order that moved the stock (reserve, release, commit, return), else null. */
  orderId: z.string().nullable(),
  /**
   * The stock location whose level moved (quantity and reserved above are the variant's totals over every location);
   * null for an order's reservation split over several locations.
   */
  locationId: z.string().nullable(),
});

/**
 * The `data` of each event type: the object's staff view as its contract defines it (an order as the admin order
 * contract shows it, a product as the product contract does, a customer as the back office sees them — never a
 * password hash or token), plus what the change was where the view alone does not say it.
 */
export const EVENT_DATA = {
  'order.created': orderView,
  'order.paid': orderView,
  'order.status_changed': orderView.extend({ from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES) }),
  'order.cancelled': orderView,
  /** `amount`: the money this refund gave back. */
  'order.refunded': orderView.extend({ amount: z.number() }),
  /** Staff moved a line's reservation to another stock location before it shipped. */
  'order.line_reassigned': orderView.extend({
    itemId: z.string(),
    fromLocationId: z.string(),
    toLocationId: z.string(),
  }),
  'return.requested': returnRequestView,
  'return.decided': returnRequestView,
  /** A staff step on a review (`reply`: the store's public reply was set), with the review after it. */
  'review.moderated': reviewView.extend({ action: z.enum([...REVIEW_MODERATIONS, 'reply']) }),
  'product.created': productView,
  'product.updated': productView,
  /** The product is gone: what named it. */
  'product.deleted': productView.pick({ _id: true, id: true, name: true, slug: true, sku: true }),
  /** The change that took the variant's quantity to or below its low-stock threshold. */
  'inventory.low_stock': inventoryChangeData.extend({ threshold: z.number().int() }),
  'inventory.changed': inventoryChangeData,
  'customer.created': adminCustomer,
  'customer.updated': adminCustomer,
  'coupon.redeemed': z.object({
    couponId: z.string(),
    code: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    customerId: z.string().nullable(),
    guestEmail: z.string().nullable(),
    discount: z.number(),
  }),
  'location.created': locationView,
  /** Any change to a stock location: its fields, its fulfilment priority, activation or deactivation. */
  'location.updated': locationView,
  'transfer.created': transferView,
  /** A draft's locations, note or lines were replaced. */
  'transfer.updated': transferView,
  'transfer.shipped': transferView,
  /** One receipt (partial or the last: `status` says which), with the units of each line it brought. */
  'transfer.received': transferView.extend({
    receipt: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })),
  }),
  /** `previousStatus` in_transit: the units not received went back to the source. */
  'transfer.cancelled': transferView.extend({ previousStatus: z.enum(['draft', 'in_transit']) }),
} satisfies Record<EventType, z.ZodType>;

/** The `data` of an event of type T. */
export type EventData<T extends EventType = EventType> = { [K in EventType]: z.infer<(typeof EVENT_DATA)[K]> }[T];
