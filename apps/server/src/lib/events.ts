import type { EventEnvelope, EventType } from '@seamline/shared';
import type { DbOrTx } from '../db/client.js';
import { events } from '../db/schema/index.js';
import { addJob } from './queue.js';

export type NewEvent = {
  type: EventType;
  /** The order, product, customer… the event is about (its id). */
  objectId: string;
  /** The object's view as the event type's schema defines it (EVENT_DATA in packages/shared). */
  data: Record<string, unknown>;
  version?: number;
};

/** The task that hands new events to their subscribers; its jobs run one at a time, in the order of the events. */
export const PUBLISH_EVENTS_TASK = 'events.publish';

/**
 * Records a business change as an event, in the transaction `tx` that makes the change, with the job that publishes
 * it: both commit with the change or not at all.
 */
export async function recordEvent(tx: DbOrTx, event: NewEvent): Promise<void> {
  const [row] = await tx
    .insert(events)
    .values({ type: event.type, objectId: event.objectId, data: event.data, version: event.version ?? 1 })
    .returning({ id: events.id });
  await addJob(tx, PUBLISH_EVENTS_TASK, { eventId: row!.id }, { queueName: 'events' });
}

/** An event row as it is delivered. */
export function toEnvelope(row: typeof events.$inferSelect): EventEnvelope {
  return { id: row.id, type: row.type, version: row.version, occurredAt: row.occurredAt.toISOString(), data: row.data };
}
