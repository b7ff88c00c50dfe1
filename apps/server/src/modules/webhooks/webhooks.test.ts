import { TEST_EVENT_TYPE, WEBHOOK_MESSAGES } from '@seamline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { recordMarkerEvent } from '../../../test/marker-events.js';
import { type Receiver, startReceiver, TEST_WEBHOOKS, waitUntil } from '../../../test/webhook-receiver.js';
import { activityLogs, webhookEndpoints } from '../../db/schema/index.js';

/** Managing endpoints through the API: validation, the host rule, secrets shown once, the delivery log. */
describe('webhook endpoints', () => {
  let strict: TestApp;
  let loose: TestApp;
  let receiver: Receiver;
  let admin: string;
  let looseAdmin: string;

  beforeAll(async () => {
    [strict, loose, receiver] = await Promise.all([
      createTestApp(),
      createTestApp({ webhooks: TEST_WEBHOOKS }),
      startReceiver(),
    ]);
    admin = (await signedIn(strict.app, 'admin')).token;
    looseAdmin = (await signedIn(loose.app, 'admin')).token;
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), loose?.close(), receiver?.stop()]);
  });

  const create = (app: TestApp, token: string, body: unknown) =>
    call(app.app, 'POST', '/api/admin/webhooks', { token, body });

  it('refuses private, loopback and reserved hosts without the allow flag, and non-http(s) URLs', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'https://10.0.0.5/hook',
      'http://[::1]/hook',
      'https://localhost/x',
    ]) {
      const res = await create(strict, admin, { url, topics: ['order.paid'] });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(WEBHOOK_MESSAGES.privateHost);
    }
    const ftp = await create(strict, admin, { url: 'ftp://example.com/x', topics: ['order.paid'] });
    expect(ftp.status).toBe(400);
    expect(JSON.stringify(ftp.body)).toContain(WEBHOOK_MESSAGES.scheme);
    const noTopics = await create(strict, admin, { url: 'https://93.184.215.14/hook', topics: [] });
    expect(noTopics.status).toBe(400);
    const unknownTopic = await create(strict, admin, { url: 'https://93.184.215.14/hook', topics: ['order.eaten'] });
    expect(unknownTopic.status).toBe(400);
    expect(await strict.app.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses a private host on update too', async () => {
    const made = await create(strict, admin, { url: 'https://93.184.215.14/hook', topics: ['order.paid'] });
    expect(made.status).toBe(201);
    const id = made.body.data.endpoint.id;
    const res = await call(strict.app, 'PATCH', `/api/admin/webhooks/${id}`, {
      token: admin,
      body: { url: 'http://192.168.1.10/hook' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WEBHOOK_MESSAGES.privateHost);
  });

  it('is for admins only', async () => {
    for (const role of ['moderator', 'support'] as const) {
      const { token } = await signedIn(strict.app, role);
      expect((await call(strict.app, 'GET', '/api/admin/webhooks', { token })).status).toBe(403);
    }
  });

  it('shows the secret once (create, rotate) and never in list, get or the activity log', async () => {
    const made = await create(strict, admin, {
      url: 'https://93.184.215.14/orders',
      description: 'Warehouse',
      topics: ['order.paid', 'order.cancelled', 'order.paid'],
    });
    expect(made.status).toBe(201);
    const { endpoint, secret } = made.body.data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint.topics).toEqual(['order.paid', 'order.cancelled']);
    const rotated = await call(strict.app, 'POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`, {
      token: admin,
    });
    expect(rotated.status).toBe(200);
    const next = rotated.body.data.secret;
    expect(next).not.toBe(secret);
    expect(rotated.body.data.endpoint.previousSecretExpiresAt).not.toBeNull();

    const list = await call(strict.app, 'GET', '/api/admin/webhooks', { token: admin });
    const one = await call(strict.app, 'GET', `/api/admin/webhooks/${endpoint.id}`, { token: admin });
    const logs = await strict.app.db.select().from(activityLogs).where(eq(activityLogs.resource, 'webhook_endpoint'));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(['create', 'rotate_signing_key']));
    const [stored] = await strict.app.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    for (const text of [JSON.stringify(list.body), JSON.stringify(one.body), JSON.stringify(logs)]) {
      for (const s of [
        secret,
        next,
        secret.slice(6),
        next.slice(6),
        stored!.secretSealed,
        stored!.previousSecretSealed!,
      ])
        expect(text).not.toContain(s);
    }
    // Sealed at rest: the stored value is not the secret.
    expect(JSON.stringify(stored)).not.toContain(next.slice(6));
  });

  it('updates, turns off and deletes an endpoint, each with an activity-log row', async () => {
    const made = await create(strict, admin, { url: 'https://93.184.215.14/a', topics: ['product.created'] });
    const id = made.body.data.endpoint.id;
    const updated = await call(strict.app, 'PATCH', `/api/admin/webhooks/${id}`, {
      token: admin,
      body: { topics: ['product.updated', 'product.deleted'], enabled: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.endpoint).toMatchObject({
      topics: ['product.updated', 'product.deleted'],
      enabled: false,
    });
    const [log] = await strict.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'update'));
    expect(log!.details).toMatchObject({ changes: { enabled: { before: true, after: false } } });
    expect((await call(strict.app, 'POST', `/api/admin/webhooks/${id}/test`, { token: admin })).status).toBe(409);
    expect((await call(strict.app, 'PATCH', `/api/admin/webhooks/${id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await call(strict.app, 'DELETE', `/api/admin/webhooks/${id}`, { token: admin })).status).toBe(200);
    expect((await call(strict.app, 'GET', `/api/admin/webhooks/${id}`, { token: admin })).status).toBe(404);
    expect((await call(strict.app, 'DELETE', `/api/admin/webhooks/${id}`, { token: admin })).status).toBe(404);
  });

  it('sends a test event to that endpoint only, lists deliveries newest first in pages of 20, and resends one', async () => {
    const first = await create(loose, looseAdmin, { url: receiver.url, topics: ['coupon.redeemed'] });
    const other = await create(loose, looseAdmin, { url: `${receiver.url}/other`, topics: ['coupon.redeemed'] });
    const id = first.body.data.endpoint.id;
    expect(other.status).toBe(201);

    const test = await call(loose.app, 'POST', `/api/admin/webhooks/${id}/test`, { token: looseAdmin });
    expect(test.status).toBe(202);
    expect(test.body.data.delivery).toMatchObject({ eventType: TEST_EVENT_TYPE, status: 'pending' });
    await receiver.waitFor(1);
    expect(receiver.received[0]!.headers['webhook-id']).toBe(test.body.data.delivery.eventId);
    expect(JSON.parse(receiver.received[0]!.body).type).toBe(TEST_EVENT_TYPE);

    await loose.app.db.transaction(async (tx) => {
      for (let i = 0; i < 22; i++)
        await recordMarkerEvent(tx, { type: 'coupon.redeemed', objectId: `coupon-${i}`, data: { n: i } });
    });
    // 1 test + 22 events to the first endpoint, 22 to the other.
    await receiver.waitFor(45);
    const deliveries = (cursor?: string) =>
      call(loose.app, 'GET', `/api/admin/webhooks/${id}/deliveries${cursor ? `?cursor=${cursor}` : ''}`, {
        token: looseAdmin,
      });
    const page1 = await waitUntil(
      () => deliveries(),
      (res) => res.body.data.deliveries.every((d: { status: string }) => d.status === 'delivered'),
      'the deliveries to be recorded',
    );
    expect(page1.body.data.deliveries).toHaveLength(20);
    expect(page1.body.data.deliveries[0]).toMatchObject({
      eventType: 'coupon.redeemed',
      responseCode: 200,
      attempts: 1,
    });
    const page2 = await deliveries(page1.body.data.nextCursor);
    expect(page2.body.data.deliveries).toHaveLength(3);
    expect(page2.body.data.nextCursor).toBeNull();
    expect(page2.body.data.deliveries.at(-1).eventType).toBe(TEST_EVENT_TYPE);

    const again = page2.body.data.deliveries.at(-1);
    const resent = await call(loose.app, 'POST', `/api/admin/webhooks/${id}/deliveries/${again.id}/resend`, {
      token: looseAdmin,
    });
    expect(resent.status).toBe(202);
    await receiver.waitFor(46);
    expect(receiver.received[45]!.headers['webhook-id']).toBe(again.eventId);
    const wrong = await call(
      loose.app,
      'POST',
      `/api/admin/webhooks/${other.body.data.endpoint.id}/deliveries/${again.id}/resend`,
      {
        token: looseAdmin,
      },
    );
    expect(wrong.status).toBe(404);
    const listed = await call(loose.app, 'GET', '/api/admin/webhooks', { token: looseAdmin });
    expect(listed.body.data.endpoints.find((e: { id: string }) => e.id === id).lastDelivery).toMatchObject({
      status: expect.any(String),
    });
  });
});
