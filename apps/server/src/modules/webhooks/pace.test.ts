import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { recordMarkerEvent } from '../../../test/marker-events.js';
import { type Receiver, startReceiver, TEST_WEBHOOKS, waitUntil } from '../../../test/webhook-receiver.js';
import { BUSY_PACE_MS } from './pace.js';

const YIELD_AT = 3;
const EVENTS = 200;
/** Deliveries one claim takes. */
const CLAIM = 64;

/** Deliveries give way to the instance's requests while it is busy, and go on at full speed once it is calm. */
describe('webhook deliveries on a busy instance', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await createTestApp({ webhooks: { ...TEST_WEBHOOKS, yieldAtRequests: YIELD_AT } });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.stop();
    await t?.close();
  });

  /** Requests that stay in flight until released: their bodies never end. */
  function holdRequests(count: number) {
    const bodies = Array.from({ length: count }, () => new PassThrough());
    const answers = bodies.map((payload) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/guest',
        headers: { 'content-type': 'application/json' },
        payload,
      }),
    );
    return async () => {
      for (const body of bodies) body.end('{');
      return Promise.all(answers);
    };
  }

  it('sends one claim a second while the instance answers many requests, then the rest at once', async () => {
    const admin = (await signedIn(t.app, 'admin')).token;
    const made = await call(t.app, 'POST', '/api/admin/webhooks', {
      token: admin,
      body: { url: receiver.url, topics: ['order.paid'] },
    });
    expect(made.status).toBe(201);

    const release = holdRequests(YIELD_AT);
    await waitUntil(
      async () => t.app.requestsInFlight(),
      (n) => n >= YIELD_AT,
      'the held requests',
    );
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < EVENTS; i++)
        await recordMarkerEvent(tx, { type: 'order.paid', objectId: `order-${i}`, data: { n: i } });
    });

    // Busy: the first claim at once, the second a second later (sending slows, it never stops). "At once" is within
    // the pace less its margin: sending a claim took up to half a second on a loaded 2-core machine, and anything
    // paced shows a gap of a whole second.
    const atOnce = BUSY_PACE_MS - 100;
    await receiver.waitFor(2 * CLAIM);
    const arrived = receiver.received;
    expect(arrived[CLAIM]!.at - arrived[0]!.at).toBeGreaterThanOrEqual(BUSY_PACE_MS - 100);
    expect(arrived[CLAIM - 1]!.at - arrived[0]!.at).toBeLessThan(atOnce);

    // Calm again: the next run sends everything left, claim after claim.
    const answers = await release();
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 400));
    expect(t.app.requestsInFlight()).toBe(0);
    await receiver.waitFor(EVENTS);
    expect(arrived).toHaveLength(EVENTS);
    expect(arrived[EVENTS - 1]!.at - arrived[2 * CLAIM]!.at).toBeLessThan(atOnce);
    const numbers = new Set(receiver.accepted().map((event) => event.data.n));
    expect(numbers.size).toBe(EVENTS);
  });
});
