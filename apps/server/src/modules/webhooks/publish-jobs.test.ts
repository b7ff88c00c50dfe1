import { asc, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { type Receiver, startReceiver, TEST_WEBHOOKS } from '../../../test/webhook-receiver.js';
import { queryRows } from '../../db/client.js';
import { events, webhookDeliveries } from '../../db/schema/index.js';
import { type NewEvent, PUBLISH_EVENTS_TASK, recordEvents } from '../../lib/events.js';
import { newId } from '../../lib/ids.js';
import { addJob } from '../../lib/queue.js';
import { publishEvents } from './publish.js';

/** The publishing jobs: one per statement naming its events, and the older one-event jobs still handed on. */
describe('event publishing jobs', () => {
  let t: TestApp;
  let receiver: Receiver;

  let admin: string;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestApp({ webhooks: TEST_WEBHOOKS }), startReceiver()]);
    admin = (await signedIn(t.app, 'admin')).token;
    const made = await call(t.app, 'POST', '/api/admin/webhooks', {
      token: admin,
      body: { url: receiver.url, topics: ['order.status_changed'] },
    });
    expect(made.status).toBe(201);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), receiver?.stop()]);
  });

  const marker = (objectId: string, step: number) =>
    ({ type: 'order.status_changed', objectId, data: { step } }) as unknown as NewEvent;

  it("adds ONE job naming a statement's events in order, and the endpoint gets each of them", async () => {
    const objectIds = ['batch-a', 'batch-b', 'batch-c'];
    const jobs = await t.app.db.transaction(async (tx) => {
      await recordEvents(
        tx,
        objectIds.map((id, step) => marker(id, step)),
      );
      const recorded = await tx
        .select({ id: events.id })
        .from(events)
        .where(inArray(events.objectId, objectIds))
        .orderBy(asc(events.seq));
      // Read in the statement's transaction, so no worker can have taken the job yet (the queue's own table: its
      // public view leaves the payload out).
      const added = await queryRows<{ payload: { eventIds: string[] } }>(
        tx,
        sql`SELECT j.payload FROM graphile_worker._private_jobs j
          JOIN graphile_worker._private_tasks task ON task.id = j.task_id
          WHERE task.identifier = ${PUBLISH_EVENTS_TASK} AND j.payload::jsonb -> 'eventIds' ? ${recorded[0]!.id}`,
      );
      return { recorded: recorded.map((row) => row.id), added };
    });
    expect(jobs.added).toEqual([{ payload: { eventIds: jobs.recorded } }]);
    await receiver.waitForAccepted(3);
    // Different objects are sent side by side, so in any order.
    expect(
      receiver
        .accepted()
        .map((event) => event.id)
        .sort(),
    ).toEqual([...jobs.recorded].sort());
  });

  it('hands on an event whose job names it alone (jobs queued before jobs named a statement)', async () => {
    const before = receiver.accepted().length;
    const id = newId();
    await t.app.db.insert(events).values({ id, type: 'order.status_changed', objectId: 'single', data: { step: 1 } });
    await addJob(t.app.db, PUBLISH_EVENTS_TASK, { eventId: id }, { queueName: 'events' });
    await receiver.waitForAccepted(before + 1);
    expect(receiver.accepted().at(-1)?.id).toBe(id);
  });

  /** The publishing jobs still waiting that name any of `eventIds`. */
  async function jobsNaming(eventIds: string[]) {
    const rows = await queryRows<{ id: string }>(
      t.app.db,
      sql`SELECT j.id FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks task ON task.id = j.task_id
        WHERE task.identifier = ${PUBLISH_EVENTS_TASK}
          AND j.payload::jsonb -> 'eventIds' ?| ${sql`ARRAY[${sql.join(
            eventIds.map((id) => sql`${id}`),
            sql`, `,
          )}]::text[]`}`,
    );
    return rows.length;
  }

  it('completes the waiting jobs whose events a sweep handed on, and leaves the others', async () => {
    const before = receiver.accepted().length;
    // A burst queued while no worker runs: one job per statement, 30 of them.
    await t.app.queue.stop();
    try {
      const objectIds = Array.from({ length: 30 }, (_, step) => `burst-${step}`);
      for (const [step, id] of objectIds.entries()) await recordEvents(t.app.db, [marker(id, step)]);
      const burst = (
        await t.app.db
          .select({ id: events.id })
          .from(events)
          .where(inArray(events.objectId, objectIds))
          .orderBy(asc(events.seq))
      ).map((row) => row.id);
      expect(await jobsNaming(burst)).toBe(30);

      // The first job's run hands on the whole burst; the second finds that and completes every job of it.
      await publishEvents(t.app.db, { eventIds: [burst[0]!] });
      expect(await jobsNaming(burst)).toBe(30);
      await publishEvents(t.app.db, { eventIds: [burst[1]!] });
      const delivered = await t.app.db
        .select({ eventId: webhookDeliveries.eventId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.eventId, burst))
        .orderBy(asc(webhookDeliveries.seq));
      // One delivery per event, queued in the events' order (the endpoint's deliveries are sent by that order).
      expect(delivered.map((row) => row.eventId)).toEqual(burst);
      expect(await jobsNaming(burst)).toBe(0);

      // An event past the sweep keeps its job.
      await recordEvents(t.app.db, [marker('after-burst', 0)]);
      const [later] = await t.app.db
        .select({ id: events.id })
        .from(events)
        .where(inArray(events.objectId, ['after-burst']));
      await publishEvents(t.app.db, { eventIds: [] });
      expect(await jobsNaming([later!.id])).toBe(1);
    } finally {
      await t.app.queue.start();
    }
    // With the worker back, the endpoint gets all 31.
    await receiver.waitForAccepted(before + 31);
  });
  it('leaves out an endpoint deleted while a sweep hands events on, instead of failing the job', async () => {
    await t.app.queue.stop();
    const deleter = new pg.Client({ connectionString: t.config.databaseUrl });
    await deleter.connect();
    try {
      const made = await call(t.app, 'POST', '/api/admin/webhooks', {
        token: admin,
        body: { url: receiver.url, topics: ['order.status_changed'] },
      });
      const doomed = (made.body as { data: { endpoint: { id: string } } }).data.endpoint.id;
      await recordEvents(t.app.db, [marker('endpoint-deleted', 0)]);
      const [event] = await t.app.db
        .select({ id: events.id })
        .from(events)
        .where(inArray(events.objectId, ['endpoint-deleted']));

      // The deletion holds the endpoint's row, uncommitted, while the sweep starts; it commits once the sweep waits.
      await deleter.query('BEGIN');
      await deleter.query('DELETE FROM webhook_endpoints WHERE id = $1', [doomed]);
      const sweep = publishEvents(t.app.db, { eventIds: [event!.id] });
      await expect.poll(waitingOnALock, { timeout: 10_000 }).toBe(true);
      await deleter.query('COMMIT');

      await sweep;
      const handedTo = await t.app.db
        .select({ endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.eventId, [event!.id]));
      expect(handedTo.map((row) => row.endpointId)).not.toContain(doomed);
      expect(handedTo).toHaveLength(1);
    } finally {
      await deleter.end();
      await t.app.queue.start();
    }
  });

  /** Whether a session of this database is waiting on a lock (the sweep, on the deleted endpoint's row). */
  async function waitingOnALock(): Promise<boolean> {
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return (row?.n ?? 0) > 0;
  }
});
