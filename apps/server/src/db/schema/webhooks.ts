import { DELIVERY_STATUSES, EVENT_TYPES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, refId, tstz, updatedAt } from './common.js';
import { users } from './users.js';

/**
 * A URL that receives the events of its `topics`, signed with its secret (sealed with the app's key, never stored in
 * clear). After a rotation the previous secret keeps signing until `previous_secret_expires_at`. `failing_since` is
 * the first failed attempt since the last success; `given_up_in_row` counts deliveries given up since then: either one
 * past its limit turns the endpoint off (docs/decisions/0063-webhooks.md).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: idColumn(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  topics: text('topics', { enum: EVENT_TYPES }).array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretExpiresAt: tstz('previous_secret_expires_at'),
  failingSince: tstz('failing_since'),
  givenUpInRow: integer('given_up_in_row').notNull().default(0),
  createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One event for one endpoint, and how sending it went. `seq` is the order the deliveries were made in (the events'
 * order): a pending delivery waits while an earlier one of the same endpoint and `object_id` is still pending. A test
 * event is not in the outbox, so its envelope is kept in `payload`; other deliveries read theirs from `events`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: refId('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    objectId: text('object_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    lastAttemptAt: tstz('last_attempt_at'),
    /** When a pending delivery is next due; while one is being sent, the end of its sender's lease. */
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    /** The start of the retry window (the first attempt, or the last resend). */
    firstAttemptAt: tstz('first_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('webhook_deliveries_status_check', t.status, DELIVERY_STATUSES),
    // Publishing an event twice (a retried job) adds nothing.
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_log_idx').on(t.endpointId, t.seq),
    index('webhook_deliveries_pending_idx').on(t.endpointId, t.objectId, t.seq).where(sql`${t.status} = 'pending'`),
    // A delivery run's claim takes the oldest pending ones in order: read past the delivered log, its cost grew with
    // the endpoint's history.
    index('webhook_deliveries_due_idx').on(t.endpointId, t.seq).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One row: the highest event `seq` already handed to endpoints by a sweep, so one `events.publish` job hands on every
 * event committed since in one go (each event's own job still hands on its own event, in case it committed late).
 */
export const webhookPublishCursor = pgTable('webhook_publish_cursor', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
