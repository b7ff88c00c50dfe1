import { asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedStatement, queryRows, type Tx } from '../../db/client.js';
import { events, webhookDeliveries, webhookEndpoints, webhookPublishCursor } from '../../db/schema/index.js';
import { PUBLISH_EVENTS_TASK, type PublishPayload } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { wakeDeliverer } from './delivery-jobs.js';

/** Events handed on by one sweep at most; the next job takes the rest. */
const SWEEP = 500;

/**
 * The `events.publish` task: hands events to every enabled endpoint subscribed to their type (and added before the
 * event occurred: a new endpoint does not receive the store's history), as one pending delivery
 * each, and wakes those endpoints' delivery runs, all in one transaction. Its jobs run one at a time in event order
 * (queue `events`); each names the events of one statement (`eventIds`; jobs queued before that named one event,
 * `eventId`) and hands on those and every event committed since the last sweep, so a burst of events goes out
 * without waiting for each one's job. A repeat adds nothing (one delivery per endpoint and event).
 */
export async function publishEvents(db: Db, payload: PublishPayload): Promise<void> {
  const eventIds = 'eventIds' in payload ? payload.eventIds : [payload.eventId];
  if (eventIds.length > 0 && !(await alreadyHandedOn(db, eventIds))) return sweep(db, eventIds);
  // An earlier sweep handed these on: a burst, whose other waiting jobs are likely handed on as well.
  await completeHandedOnJobs(db);
}

/**
 * What a sweep reads of an event: not its data, which a delivery reads when it is sent (a burst's sweeps read every
 * event of the checkout, with or without an endpoint, and parsed each order's data for nothing).
 */
const SWEPT_COLUMNS = {
  id: events.id,
  seq: events.seq,
  type: events.type,
  objectId: events.objectId,
  occurredAt: events.occurredAt,
};

/** Hands on `eventIds` and every event committed since the last sweep, in one transaction. */
async function sweep(db: Db, eventIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const named = await tx.select(SWEPT_COLUMNS).from(events).where(inArray(events.id, eventIds));
    if (named.length === 0) return;
    // The first sweep starts at these events: events from before webhooks existed are not handed on.
    const lastSeq = (await sweptUpTo(tx)) ?? Math.min(...named.map((event) => event.seq));
    // Its own events first when an earlier sweep passed their place (committed late), then the sweep's. Two reads, each
    // on its index (by id above; by seq, in order, up to the limit): one `id IN … OR seq > …` read every event past the
    // cursor, thousands under a burst of checkouts, to keep 500 of them.
    const limit = SWEEP + eventIds.length;
    const following = await tx
      .select(SWEPT_COLUMNS)
      .from(events)
      .where(gt(events.seq, lastSeq))
      .orderBy(asc(events.seq))
      .limit(limit);
    const batch = [...new Map([...named, ...following].map((event) => [event.id, event])).values()]
      .sort((a, b) => a.seq - b.seq)
      .slice(0, limit);
    // Held until the deliveries are in: an endpoint being deleted meanwhile is waited for and then left out, instead
    // of failing the insert (and the job) on the deliveries' foreign key.
    const endpoints = await tx
      .select({ id: webhookEndpoints.id, topics: webhookEndpoints.topics, createdAt: webhookEndpoints.createdAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true))
      .for('key share');
    // Numbered in the order their `seq` must follow (the insert below sorts by it).
    const rows = batch
      .flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.topics.includes(event.type) && endpoint.createdAt <= event.occurredAt)
          .map((endpoint) => ({
            id: newId(),
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_type: event.type,
            object_id: event.objectId,
          })),
      )
      .map((row, n) => ({ n, ...row }));
    const highest = Math.max(...batch.map((event) => event.seq));
    if (highest > lastSeq)
      await tx
        .insert(webhookPublishCursor)
        .values({ id: 1, lastSeq: highest })
        .onConflictDoUpdate({
          target: webhookPublishCursor.id,
          set: { lastSeq: sql`greatest(${webhookPublishCursor.lastSeq}, ${highest})` },
        });
    if (rows.length === 0) return;
    const woken = await insertDeliveries(tx, { rows: JSON.stringify(rows) });
    for (const { endpoint_id } of woken) await wakeDeliverer(tx, endpoint_id);
  });
}

/**
 * A sweep's deliveries, sent as ONE JSON parameter in their order (the `seq` each takes follows it) to one statement
 * prepared once; the endpoints that got a new one come back, each once. The query builder's multi-row insert (a value
 * or DEFAULT per column and row, and a new statement text for every batch size) cost the server about 90 µs of CPU an
 * order in a checkout burst with one endpoint subscribed.
 */
const insertDeliveries = preparedStatement<{ endpoint_id: string }, { rows: string }>(
  () => sql`WITH added AS (
      INSERT INTO ${webhookDeliveries} (id, endpoint_id, event_id, event_type, object_id)
      SELECT d.id, d.endpoint_id, d.event_id, d.event_type, d.object_id
      FROM json_to_recordset(${sql.placeholder('rows')}::json)
        AS d (n int, id char(24), endpoint_id char(24), event_id text, event_type text, object_id text)
      ORDER BY d.n
      ON CONFLICT (endpoint_id, event_id) DO NOTHING
      RETURNING endpoint_id
    )
    SELECT DISTINCT endpoint_id FROM added ORDER BY endpoint_id`,
);

/**
 * The common case of a burst, in one read: an earlier sweep has passed these events' places and every endpoint that
 * wants one has its delivery, so there is nothing to do. Events gone (erased) need nothing either. Otherwise (past
 * the cursor, or committed after the sweep that passed their place) the sweep's transaction hands them on.
 */
async function alreadyHandedOn(db: Db, eventIds: readonly string[]): Promise<boolean> {
  const ids = sql.join(
    eventIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await queryRows<{ handed: boolean | null }>(
    db,
    sql`select bool_and(${handedOn(sql`e`)}) as handed from ${events} e where e.id in (${ids})`,
  );
  return row?.handed ?? true;
}

/**
 * Whether the event `e` needs no more publishing: a sweep has passed its place and every endpoint that wants it has
 * its delivery (an event committed after the sweep that passed its place may still lack one).
 */
function handedOn(e: SQL): SQL {
  return sql`(${e}.seq <= coalesce((select last_seq from ${webhookPublishCursor} where id = 1), -1)
    and not exists (
      select 1 from ${webhookEndpoints} w
      where w.enabled and ${e}.type = any(w.topics) and w.created_at <= ${e}.occurred_at
        and not exists (select 1 from ${webhookDeliveries} d where d.endpoint_id = w.id and d.event_id = ${e}.id)
    ))`;
}

/** Waiting publishing jobs looked at by one catch-up, at most. */
const CATCH_UP = 1_000;

/**
 * A burst of checkouts (hundreds a second, each statement adding its publishing job) would leave the one-at-a-time
 * queue behind by its jobs, not by its work: one sweep hands on the events of the jobs waiting behind it, which then
 * only find that out one at a time (a queue read, the check above and a completion each), slower than they arrive.
 * So the first job that finds its events handed on completes, in one statement, the waiting jobs whose events are all
 * handed on (events gone count as handed on, as in alreadyHandedOn). A job locked by a worker is left to it. A job
 * that had to sweep does not look: one at a time, each job sweeps, and the look would only add to its cost.
 */
async function completeHandedOnJobs(db: Db): Promise<void> {
  // The oldest waiting jobs first, then the test: a backlog the sweeps have not reached costs one bounded read.
  await db.execute(sql`SELECT count(*) FROM graphile_worker.complete_jobs(ARRAY(
      SELECT waiting.id FROM (
        SELECT j.id, j.payload::jsonb AS payload FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks task ON task.id = j.task_id
        WHERE task.identifier = ${PUBLISH_EVENTS_TASK} AND j.locked_at IS NULL
        ORDER BY j.id LIMIT ${CATCH_UP}
      ) AS waiting
      WHERE NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(coalesce(waiting.payload -> 'eventIds',
            jsonb_build_array(waiting.payload -> 'eventId'))) AS named(id)
          JOIN ${events} e ON e.id = named.id::char(24)
        WHERE NOT ${handedOn(sql`e`)})))`);
}

/** The cursor, locked for this transaction (jobs of queue `events` run one at a time anyway). */
async function sweptUpTo(tx: Tx): Promise<number | undefined> {
  const [row] = await tx.select().from(webhookPublishCursor).where(eq(webhookPublishCursor.id, 1)).for('update');
  return row?.lastSeq;
}
