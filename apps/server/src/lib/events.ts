import type { EventData, EventEnvelope, EventType } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { events } from '../db/schema/index.js';
import { newId } from './ids.js';

/** One event to record: its `data` must be what EVENT_DATA (packages/shared) defines for its type. */
export type NewEvent<T extends EventType = EventType> = {
  [K in T]: {
    type: K;
    /** The order, product, customer… the event is about (its id). */
    objectId: string;
    /** The object's view as the event type's schema defines it (EVENT_DATA in packages/shared). */
    data: EventData<K>;
    version?: number;
  };
}[T];

/** The task that hands new events to their subscribers; its jobs run one at a time, in the order of the events. */
export const PUBLISH_EVENTS_TASK = 'events.publish';

/** What an `events.publish` job carries: the events of one statement, in their order. */
export type PublishPayload = { eventIds: string[] } | { eventId: string };

/** The event ids of `recorded` (CTEs of inserted events with `id` and `seq`) as one array in `seq` order. */
function eventIdsOf(recorded: readonly SQL[]): SQL {
  const rows = sql.join(
    recorded.map((name) => sql`SELECT id, seq FROM ${name}`),
    sql` UNION ALL `,
  );
  return sql`SELECT array_agg(r.id ORDER BY r.seq) AS ids FROM (${rows}) AS r`;
}

/**
 * The publishing job of the events of `recorded`, as a FROM item with one row per job added: ONE job naming every
 * event of the statement in `seq` order (none when no event was inserted), added by ONE call of graphile-worker's
 * `add_jobs` (what its `add_job` calls with a single job). A job per statement rather than per event: each job costs
 * the statement a queue row and the one-at-a-time `events` queue a turn, and one sweep hands on all the events of a
 * statement anyway (they commit together).
 */
function publishJob(recorded: readonly SQL[]): SQL {
  return sql`graphile_worker.add_jobs(ARRAY(
      SELECT (${PUBLISH_EVENTS_TASK}::text, json_build_object('eventIds', s.ids), 'events'::text, NULL::timestamptz,
        NULL::smallint, NULL::text, NULL::smallint, NULL::text[])::graphile_worker.job_spec
      FROM (${eventIdsOf(recorded)}) AS s WHERE s.ids IS NOT NULL))`;
}

/**
 * Records business changes as events, in the transaction `tx` that makes the changes, with the job that publishes
 * them: all commit with the change or not at all. One statement (one round trip) and one job however many events.
 */
export async function recordEvents(tx: DbOrTx, list: readonly NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  const rows = list.map(
    (event) =>
      sql`(${newId()}, ${event.type}, ${event.objectId}, ${JSON.stringify(event.data)}::jsonb, ${event.version ?? 1}::int)`,
  );
  await tx.execute(
    sql`WITH recorded AS (
        INSERT INTO events (id, type, object_id, data, version) VALUES ${sql.join(rows, sql`, `)} RETURNING id, seq
      ) SELECT count(*) FROM ${publishJob([sql`recorded`])} AS job`,
  );
}

/** Records one business change as an event (see recordEvents). */
export async function recordEvent<T extends EventType>(tx: DbOrTx, event: NewEvent<T>): Promise<void> {
  await recordEvents(tx, [event as NewEvent]);
}

/**
 * Events as parts of a larger all-or-nothing statement, for a change made by one statement outside a transaction
 * (the guest checkout): `rows` is a SELECT of (id, type, object_id, data) columns in that order, whose data the caller
 * builds to its type's schema (the tests check it). `ctes` goes in the statement's WITH list under the name
 * `<name>_events` (`recorded`); the statement publishes all its recorded events with ONE `publishInStatement`.
 */
export function eventsInStatement(name: string, rows: SQL) {
  const recorded = sql.raw(`${name}_events`);
  return {
    ctes: sql`${recorded} AS (INSERT INTO events (id, type, object_id, data) ${rows} RETURNING id, seq)`,
    recorded,
  };
}

/**
 * The one publishing job of a statement's events (`recorded`: the eventsInStatement CTEs): `ctes` goes in its WITH
 * list after theirs as `events_published`; `count` (SQL, the jobs added) must be selected by the statement, which
 * makes the job be added (a plain SELECT in WITH runs only when read). The job is added without graphile-worker's
 * NOTIFY (`add_job_quietly`, migration 0047): a NOTIFY would make every checkout's commit wait for the one before it
 * across the server. The caller wakes the queue after its commit instead (`JobQueue.wake`).
 */
export function publishInStatement(recorded: readonly SQL[]) {
  return {
    ctes: sql`events_published AS (
      SELECT count(add_job_quietly(${PUBLISH_EVENTS_TASK}, json_build_object('eventIds', s.ids), 'events')) AS jobs
      FROM (${eventIdsOf(recorded)}) AS s WHERE s.ids IS NOT NULL)`,
    count: sql`(SELECT jobs FROM events_published)`,
  };
}

/** An event row as it is delivered. */
export function toEnvelope(row: typeof events.$inferSelect): EventEnvelope {
  return { id: row.id, type: row.type, version: row.version, occurredAt: row.occurredAt.toISOString(), data: row.data };
}
