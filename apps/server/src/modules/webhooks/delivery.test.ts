import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { recordMarkerEvent } from '../../../test/marker-events.js';
import { type Receiver, startReceiver, TEST_WEBHOOKS, waitUntil } from '../../../test/webhook-receiver.js';
import { activityLogs, events, mailOutbox } from '../../db/schema/index.js';

/** Delivering events to a real receiver on loopback: signatures, retries in order, turning a failing endpoint off. */
describe('webhook delivery', () => {
  let t: TestApp;
  let admin: string;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await createTestApp({ webhooks: TEST_WEBHOOKS });
    admin = (await signedIn(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.stop().catch(() => undefined)));
    await t?.close();
  });

  async function receiverWithEndpoint(topics: string[]) {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const made = await call(t.app, 'POST', '/api/admin/webhooks', {
      token: admin,
      body: { url: receiver.url, topics },
    });
    expect(made.status).toBe(201);
    return { receiver, id: made.body.data.endpoint.id as string, secret: made.body.data.secret as string };
  }

  const headersOf = (hook: Receiver['received'][number]) => ({
    'webhook-id': String(hook.headers['webhook-id']),
    'webhook-timestamp': String(hook.headers['webhook-timestamp']),
    'webhook-signature': String(hook.headers['webhook-signature']),
  });

  it('signs deliveries as Standard Webhooks do, with both secrets during a rotation overlap', async () => {
    const { receiver, id, secret } = await receiverWithEndpoint(['order.paid']);
    await recordMarkerEvent(t.app.db, { type: 'order.paid', objectId: 'order-a', data: { total: 12.5 } });
    await receiver.waitFor(1);
    const first = receiver.received[0]!;
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['user-agent']).toMatch(/Seamline/);
    const verified = new Webhook(secret).verify(first.body, headersOf(first)) as { type: string; data: unknown };
    expect(verified).toMatchObject({ type: 'order.paid', data: { total: 12.5 } });
    expect(first.headers['webhook-id']).toBe(JSON.parse(first.body).id);

    const rotated = await call(t.app, 'POST', `/api/admin/webhooks/${id}/rotate-secret`, { token: admin });
    const next = rotated.body.data.secret as string;
    await recordMarkerEvent(t.app.db, { type: 'order.paid', objectId: 'order-b', data: { total: 3 } });
    await receiver.waitFor(2);
    const second = receiver.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(next).verify(second.body, headersOf(second))).not.toThrow();
    expect(() => new Webhook(secret).verify(second.body, headersOf(second))).not.toThrow();
    expect(() => new Webhook(next).verify(first.body, headersOf(first))).toThrow();
  });

  it('retries while the receiver is down, then delivers each event of one object once, in order', async () => {
    const { receiver, id } = await receiverWithEndpoint(['order.status_changed']);
    await receiver.stop();
    for (const status of ['processing', 'shipped', 'delivered'])
      await recordMarkerEvent(t.app.db, { type: 'order.status_changed', objectId: 'order-42', data: { status } });
    const ids = (
      await t.app.db
        .select({ id: events.id })
        .from(events)
        .where(eq(events.objectId, 'order-42'))
        .orderBy(asc(events.seq))
    ).map((e) => e.id);

    const log = () => call(t.app, 'GET', `/api/admin/webhooks/${id}/deliveries`, { token: admin });
    type Row = { eventId: string; attempts: number; lastError: string | null; status: string };
    const refused = await waitUntil(
      log,
      (res) => res.body.data.deliveries.some((d: Row) => d.attempts >= 2),
      'two refused attempts',
    );
    const first = refused.body.data.deliveries.find((d: Row) => d.attempts >= 2) as Row;
    expect(first).toMatchObject({ eventId: ids[0], status: 'pending', lastError: 'connection refused' });
    // The later events of the object wait for the first one: never tried yet.
    expect(refused.body.data.deliveries.filter((d: Row) => d.attempts > 0)).toHaveLength(1);

    receiver.answerWith(500);
    await receiver.restart();
    await receiver.waitFor(1);
    receiver.answerWith(204);
    await receiver.waitForAccepted(3);
    await waitUntil(
      log,
      (res) => res.body.data.deliveries.every((d: Row) => d.status === 'delivered'),
      'all three delivered',
    );
    expect(receiver.accepted().map((e) => e.id)).toEqual(ids);
    expect(receiver.received.filter((r) => r.status >= 300).every((r) => r.headers['webhook-id'] === ids[0])).toBe(
      true,
    );
    const done = (await log()).body.data.deliveries as { responseCode: number; lastError: string | null }[];
    expect(done.every((d) => d.responseCode === 204 && d.lastError === null)).toBe(true);
  });
});

describe('an endpoint that keeps failing', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    // A retry window of zero: the first failed attempt gives the delivery up and ends the endpoint's grace.
    [t, receiver] = await Promise.all([
      createTestApp({ webhooks: { ...TEST_WEBHOOKS, retryWindowMs: 0 } }),
      startReceiver(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), receiver?.stop()]);
  });

  it('is turned off, with an activity-log row and a mail to every active admin', async () => {
    const admin = await signedIn(t.app, 'admin');
    const formerAdmin = await buildUser(t.app.db, { role: 'admin', isActive: false });
    receiver.answerWith(500);
    const made = await call(t.app, 'POST', '/api/admin/webhooks', {
      token: admin.token,
      body: { url: receiver.url, topics: ['inventory.low_stock'] },
    });
    const id = made.body.data.endpoint.id as string;
    await recordMarkerEvent(t.app.db, { type: 'inventory.low_stock', objectId: 'sku-1', data: { stock: 1 } });

    const off = await waitUntil(
      () => call(t.app, 'GET', `/api/admin/webhooks/${id}`, { token: admin.token }),
      (res) => res.body.data.endpoint.enabled === false,
      'the endpoint to be turned off',
    );
    expect(off.body.data.endpoint.disabledReason).toMatch(/failed/);
    expect(off.body.data.endpoint.lastDelivery).toMatchObject({ status: 'failed', responseCode: 500 });
    const [log] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'disable'));
    expect(log).toMatchObject({ resource: 'webhook_endpoint', resourceId: id, userId: null });
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'webhook_disabled'));
    expect(mails.map((m) => m.toEmail)).toEqual([admin.user.email]);
    expect(mails[0]!.body).toContain(receiver.url);
    expect(mails.map((m) => m.toEmail)).not.toContain(formerAdmin.email);

    // Off: new events are not handed to it.
    await recordMarkerEvent(t.app.db, { type: 'inventory.low_stock', objectId: 'sku-2', data: { stock: 0 } });
    const log2 = await call(t.app, 'GET', `/api/admin/webhooks/${id}/deliveries`, { token: admin.token });
    expect(log2.body.data.deliveries).toHaveLength(1);
  });
});
