import type { EventType } from '@seamline/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { recordMarkerEvent } from '../../../test/marker-events.js';
import { type Receiver, startReceiver, TEST_WEBHOOKS, waitUntil } from '../../../test/webhook-receiver.js';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { events, webhookDeliveries } from '../../db/schema/index.js';

/** Another app instance on `t`'s database (as a second server process would be), its worker started. */
async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase(t.config);
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return { app, database };
}

async function endpointFor(t: TestApp, receiver: Receiver, topics: EventType[]) {
  const { token } = await signedIn(t.app, 'admin');
  const made = await call(t.app, 'POST', '/api/admin/webhooks', { token, body: { url: receiver.url, topics } });
  expect(made.status).toBe(201);
}

describe('webhooks across app instances', () => {
  let t: TestApp;
  let receiver: Receiver;
  let other: Awaited<ReturnType<typeof secondInstance>> | undefined;

  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestApp({ webhooks: TEST_WEBHOOKS }), startReceiver()]);
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
    await Promise.all([t?.close(), receiver?.stop()]);
  });

  it('loses nothing recorded while no worker ran (a crash after the commit), once an instance starts', async () => {
    await endpointFor(t, receiver, ['customer.created', 'customer.updated', 'product.created']);
    // Every worker is down: the events and their publishing jobs are only committed rows.
    await t.app.queue.stop();
    for (let i = 0; i < 5; i++)
      await t.app.db.transaction((tx) =>
        recordMarkerEvent(tx, { type: 'customer.updated', objectId: 'customer-7', data: { step: i } }),
      );
    expect(receiver.received).toHaveLength(0);

    other = await secondInstance(t);
    await receiver.waitForAccepted(5);
    expect(receiver.accepted().map((e) => e.data.step)).toEqual([0, 1, 2, 3, 4]);
  });

  it('delivers 1,000 events exactly once with two instances working the queue', async () => {
    // `t`'s own worker starts again: two instances now take jobs from the same database.
    await t.app.queue.start();
    const before = receiver.received.length;
    const types: EventType[] = ['customer.created', 'product.created'];
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < 1000; i++)
        await recordMarkerEvent(tx, { type: types[i % 2]!, objectId: `object-${i % 50}`, data: { n: i } });
    });
    await receiver.waitForAccepted(before + 1000);
    const ids = (await t.app.db.select({ id: events.id, objectId: events.objectId, seq: events.seq }).from(events))
      .filter((e) => e.objectId.startsWith('object-'))
      .sort((a, b) => a.seq - b.seq);
    const delivered = receiver.accepted().slice(before);
    expect(new Set(delivered.map((e) => e.id)).size).toBe(1000);
    expect(delivered.map((e) => e.id).sort()).toEqual(ids.map((e) => e.id).sort());
    // Each object's events arrived in the order they were recorded.
    const order = new Map(ids.map((e, i) => [e.id, i]));
    const byObject = new Map<string, number[]>();
    for (const e of delivered) {
      const key = ids[order.get(e.id)!]!.objectId;
      byObject.set(key, [...(byObject.get(key) ?? []), order.get(e.id)!]);
    }
    for (const positions of byObject.values()) expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Nothing arrives twice later either: every delivery is recorded as delivered once.
    await waitUntil(
      async () =>
        (
          await t.app.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'delivered'))
        )[0]!.n,
      (n) => n === 1005,
      'every delivery recorded',
    );
    expect(receiver.received.length).toBe(before + 1000);
  }, 120_000);
});
