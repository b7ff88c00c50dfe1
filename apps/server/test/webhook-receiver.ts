import { EventEmitter } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookSettings } from '../src/config.js';

/** A request the receiver took, with the time it arrived (`Date.now()`). */
export type ReceivedHook = { headers: IncomingHttpHeaders; body: string; status: number; at: number };

/** Webhook settings for tests: loopback receivers allowed, retries due within milliseconds. */
export const TEST_WEBHOOKS: WebhookSettings = {
  timeoutMs: 5_000,
  allowPrivateHosts: true,
  retryBaseMs: 20,
  retryWindowMs: 3 * 86_400_000,
  yieldAtRequests: 16,
};

/**
 * A webhook receiver on loopback that keeps every request and answers `status` (200 unless told otherwise). It can be
 * stopped and started again on the same port, to play a receiver that is down (connection refused).
 */
export async function startReceiver(port = 0) {
  const received: ReceivedHook[] = [];
  const arrivals = new EventEmitter();
  let status = 200;
  let server: http.Server;

  const listen = async (onPort: number) => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status, at: Date.now() });
        res.statusCode = status;
        res.end();
        arrivals.emit('request');
      });
    });
    await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const boundPort = await listen(port);

  return {
    url: `http://127.0.0.1:${boundPort}/hooks`,
    received,
    /** The bodies answered 2xx, parsed. */
    accepted: () => received.filter((r) => r.status < 300).map((r) => JSON.parse(r.body)),
    answerWith(next: number) {
      status = next;
    },
    /** Resolves once `count` requests have arrived (answered with any status). */
    waitFor(count: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (received.length < count) return;
          arrivals.off('request', check);
          resolve();
        };
        arrivals.on('request', check);
        check();
      });
    },
    /** Resolves once `count` requests have been answered 2xx. */
    waitForAccepted(count: number): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (received.filter((r) => r.status < 300).length < count) return;
          arrivals.off('request', check);
          resolve();
        };
        arrivals.on('request', check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    restart: () => listen(boundPort),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Calls `read` until `done` holds for its answer (condition waits, no fixed sleeps), and answers it. */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 3000; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`gave up waiting for ${what}`);
}
