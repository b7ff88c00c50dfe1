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

/**
 * The publishing jobs of the rows of `recorded` (a CTE of inserted events with `id` and `seq`), as a FROM item with
 * one row per job: the job lib/queue.ts `addJob` adds, one per event in the order of the events, added by ONE call of
 * graphile-worker's `add_jobs` (what its `add_job` calls with a single job).
 */
function publishJobs(recorded: SQL): SQL {
  return sql`graphile_worker.add_jobs(ARRAY(
      SELECT (${PUBLISH_EVENTS_TASK}::text, json_build_object('eventId', r.id), 'events'::text, NULL::timestamptz,
        NULL::smallint, NULL::text, NULL::smallint, NULL::text[])::graphile_worker.job_spec
      FROM ${recorded} AS r ORDER BY r.seq))`;
}

/**
 * Records business changes as events, in the transaction `tx` that makes the changes, with the jobs that publish
 * them: all commit with the change or not at all. One statement (one round trip) however many events.
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
      ) SELECT count(*) FROM ${publishJobs(sql`recorded`)} AS job`,
  );
}

/** Records one business change as an event (see recordEvents). */
export async function recordEvent<T extends EventType>(tx: DbOrTx, event: NewEvent<T>): Promise<void> {
  await recordEvents(tx, [event as NewEvent]);
}

/**
 * Events as parts of a larger all-or-nothing statement, for a change made by one statement outside a transaction
 * (the guest checkout): `rows` is a SELECT of (id, type, object_id, data) columns in that order, whose data the caller
 * builds to its type's schema (the tests check it). `ctes` go in the statement's WITH list under the names
 * `<name>_events` and `<name>_published`; `count` (SQL) must be selected by the statement, which makes the jobs run.
 */
export function eventsInStatement(name: string, rows: SQL) {
  const recorded = sql.raw(`${name}_events`);
  const published = sql.raw(`${name}_published`);
  return {
    ctes: sql`${recorded} AS (INSERT INTO events (id, type, object_id, data) ${rows} RETURNING id, seq),
      ${published} AS (SELECT count(*) AS jobs FROM ${publishJobs(recorded)} AS job)`,
    count: sql`(SELECT jobs FROM ${published})`,
  };
}

/** An event row as it is delivered. */
export function toEnvelope(row: typeof events.$inferSelect): EventEnvelope {
  return { id: row.id, type: row.type, version: row.version, occurredAt: row.occurredAt.toISOString(), data: row.data };
}
