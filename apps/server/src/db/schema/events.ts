import { EVENT_TYPES } from '@seamline/shared';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, oneOf, tstz } from './common.js';

/**
 * The event outbox: one row per business change, inserted in the transaction that makes the change, so an event
 * exists exactly when its change does (a crash after the commit loses nothing: the publishing job was added in the
 * same transaction). `seq` orders the events; `object_id` names what the event is about, and deliveries of one
 * object to one endpoint keep that order.
 */
export const events = pgTable(
  'events',
  {
    id: idColumn(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    version: integer('version').notNull().default(1),
    objectId: text('object_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: tstz('occurred_at').notNull().defaultNow(),
  },
  (t) => [oneOf('events_type_check', t.type, EVENT_TYPES), index('events_occurred_at_idx').on(t.occurredAt)],
);
