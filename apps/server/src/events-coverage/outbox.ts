import { EVENT_DATA, type EventType } from '@seamline/shared';
import { asc, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { events } from '../db/schema/index.js';

/** Where the outbox stands: the events a test drives are those after it. */
export async function outboxMark(app: FastifyInstance): Promise<number> {
  const rows = await app.db.select({ seq: events.seq }).from(events);
  return rows.reduce((max, row) => Math.max(max, row.seq), 0);
}

/**
 * The events recorded after `mark`, in order, each checked against its type's data schema (a payload that does not
 * match throws). Optionally only those of some types.
 */
export async function eventsAfter(app: FastifyInstance, mark: number, types?: readonly EventType[]) {
  const rows = await app.db.select().from(events).where(gt(events.seq, mark)).orderBy(asc(events.seq));
  return rows
    .filter((row) => !types || types.includes(row.type))
    .map((row) => ({
      type: row.type,
      objectId: row.objectId,
      data: EVENT_DATA[row.type].parse(row.data) as Record<string, unknown>,
    }));
}
