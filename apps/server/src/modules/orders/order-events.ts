import type { OrderStatus, OrderView, PaymentStatus } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { orders } from '../../db/schema/index.js';
import { eventsInStatement, type NewEvent, recordEvents } from '../../lib/events.js';
import type { NewOrder } from './order-stock.js';

type OrderRow = typeof orders.$inferSelect;

/**
 * The row a new order's INSERT (order-stock.ts `insertOrders`) writes: its values with the columns' defaults. The
 * order.created event is built from it before the statement runs, so the statement writes the event too (the tests
 * check the event against the order the API answers).
 */
export function newOrderRow(values: NewOrder): OrderRow {
  return {
    id: values.id,
    orderNumber: values.orderNumber,
    customerId: values.customerId ?? null,
    guestEmail: values.guestEmail ?? null,
    paymentMethod: values.paymentMethod ?? 'stripe',
    shippingMethod: values.shippingMethod ?? 'standard',
    pickupLocationId: values.pickupLocationId ?? null,
    subtotal: values.subtotal,
    discount: values.discount ?? 0,
    shipping: values.shipping ?? 0,
    tax: values.tax ?? 0,
    total: values.total,
    couponId: values.couponId ?? null,
    couponCode: values.couponCode ?? null,
    shippingAddress: values.shippingAddress,
    billingAddress: values.billingAddress,
    notes: values.notes ?? '',
    paymentIntentId: values.paymentIntentId ?? null,
    paymentReference: values.paymentReference ?? null,
    paymentDueAt: values.paymentDueAt ?? null,
    disputedAt: null,
    createdBy: values.createdBy ?? null,
    createdAt: values.createdAt,
    updatedAt: values.updatedAt,
    status: values.status ?? 'pending',
    paymentStatus: 'pending',
    stockState: 'reserved',
    adminNotes: '',
    trackingNumber: null,
    trackingUrl: null,
    estimatedDelivery: null,
    paidAt: null,
    shippedAt: null,
    deliveredAt: null,
    cancelledAt: null,
    cancelReason: null,
    refundReason: null,
  };
}

/**
 * order.created of each new order of the statement, written only for the orders inserted (`placed`, a CTE of their
 * rows): `orders` is the statement's CTE of the orders (`id`, `event_id`, and `view`: the order's view before its
 * lines were allocated); `lines` the CTE of the inserted lines.
 */
export function orderCreatedEvents(orders: SQL, placed: SQL, lines: SQL) {
  // The lines as allocated (order-stock.ts insertItemsAfter: a line split over locations is several rows): each
  // ordered line's view, with the id, units, total and location of each row it became.
  const items = sql`(SELECT jsonb_agg(e.item || jsonb_build_object('_id', l.id, 'id', l.id, 'quantity', l.quantity,
      'total', l.total::float8, 'locationId', l.location_id) ORDER BY e.ord, l.id <> e.item->>'_id', l.location_id)
    FROM jsonb_array_elements(b.view->'items') WITH ORDINALITY AS e (item, ord)
    JOIN ${lines} AS l ON l.order_id = p.id AND l.product_id = e.item->>'productId' AND l.size = e.item->>'size'
      AND l.color = e.item->>'color')`;
  return eventsInStatement(
    'placed',
    sql`SELECT b.event_id, 'order.created', p.id, jsonb_set(b.view, '{items}', ${items})
      FROM ${placed} AS p JOIN ${orders} AS b ON b.id = p.id`,
  );
}

type Before = { status: OrderStatus; paymentStatus: PaymentStatus };

/**
 * The events of a change to an existing order, from where it stood (`before`) and its view after the change:
 * order.paid when it became paid, order.status_changed when its status moved (and order.cancelled when it moved to
 * cancelled), order.refunded when the change gave money back (`refunded` > 0).
 */
export function orderChangeEvents(before: Before, view: OrderView, refunded = 0): NewEvent[] {
  const list: NewEvent[] = [];
  const objectId = view.id;
  if (view.paymentStatus === 'paid' && before.paymentStatus !== 'paid')
    list.push({ type: 'order.paid', objectId, data: view });
  if (view.status !== before.status) {
    list.push({ type: 'order.status_changed', objectId, data: { ...view, from: before.status, to: view.status } });
    if (view.status === 'cancelled') list.push({ type: 'order.cancelled', objectId, data: view });
  }
  if (refunded > 0) list.push({ type: 'order.refunded', objectId, data: { ...view, amount: refunded } });
  return list;
}

/** Records the events of a change to an existing order (orderChangeEvents) in the change's transaction. */
export async function recordOrderChange(tx: DbOrTx, before: Before, view: OrderView, refunded = 0): Promise<void> {
  await recordEvents(tx, orderChangeEvents(before, view, refunded));
}
