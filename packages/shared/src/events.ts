import { z } from 'zod';

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
  'return.requested',
  'return.decided',
  'product.created',
  'product.updated',
  'product.deleted',
  'inventory.low_stock',
  'inventory.changed',
  'customer.created',
  'customer.updated',
  'coupon.redeemed',
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
