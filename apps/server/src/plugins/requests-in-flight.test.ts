import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { orderBody } from '../../test/orders.js';
import { waitUntil } from '../../test/webhook-receiver.js';

/** The count of requests in flight, over real connections: it ends with the answer or with a caller who leaves. */
describe('requests in flight', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A POST whose body stops half-way, on a connection of its own. */
  async function halfSentRequest(): Promise<net.Socket> {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/orders/guest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"items"',
    );
    return socket;
  }
  const inFlight = (count: number, what: string) =>
    waitUntil(
      async () => t.app.requestsInFlight(),
      (n) => n === count,
      what,
    );

  it('counts a request until its caller leaves, and one until it is answered', async () => {
    const sockets = await Promise.all([halfSentRequest(), halfSentRequest()]);
    await inFlight(2, 'two requests waiting for their bodies');
    sockets[0]!.destroy();
    await inFlight(1, 'the request whose caller left to end');

    const answered = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(answered.status).toBe(200);
    const missing = await fetch(`http://127.0.0.1:${port}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    await inFlight(1, 'the answered requests to end');

    sockets[1]!.end('}');
    await inFlight(0, 'the last request, its body cut short, to end');
  });

  it('ends the count of a request whose caller leaves while it is being answered', async () => {
    const { product, inventory } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 5 }]);
    const body = JSON.stringify({
      ...orderBody([{ productId: product.id, size: 'M', color: 'Black', quantity: 1 }]),
      email: 'leaves@example.com',
    });
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    // The order's stock row held, so the order waits in its handler, its whole body read.
    const holder = t.app.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM inventory WHERE id = ${inventory[0]!.id} FOR UPDATE`);
      held();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await holding;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/orders/guest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await inFlight(1, 'the order waiting for its stock row');
    socket.destroy();
    await inFlight(0, 'the order whose caller left to end');
    release();
    await holder;
  });
});
