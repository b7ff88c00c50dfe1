import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutContracts } from '@seamline/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import type { RetryOptions } from './retry';
import { createSessionStore } from './session-store';

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
type Received = { method: string; url: string; headers: IncomingHttpHeaders };

/**
 * A real HTTP server on a free local port: each path answers its scripted answers in turn (the last one again and
 * again), and every request is recorded.
 */
function scriptedServer() {
  const scripts = new Map<string, Answer[]>();
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ method: request.method ?? '', url, headers: request.headers });
      const script = scripts.get(url) ?? [{ status: 404, body: { success: false, error: 'No script' } }];
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body ?? { success: answer.status < 400, data: answer.status }));
    });
  });
  return {
    received,
    script(path: string, ...answers: Answer[]) {
      scripts.set(`/api${path}`, answers);
    },
    reset() {
      scripts.clear();
      received.length = 0;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const shed = (retryAfter = '5'): Answer => ({
  status: 503,
  headers: { 'retry-after': retryAfter },
  body: { success: false, error: 'The server is busy, please try again shortly', code: 'UNAVAILABLE' },
});
const limited = (retryAfter?: string): Answer => ({
  status: 429,
  headers: retryAfter ? { 'retry-after': retryAfter } : {},
  body: { success: false, error: 'Too many requests', code: 'RATE_LIMITED' },
});
const done: Answer = { status: 200, body: { success: true, data: 'done' } };

const server = scriptedServer();
let origin = '';
beforeAll(async () => {
  origin = await server.start();
});
afterAll(() => server.stop());
beforeEach(() => server.reset());

/**
 * A client of the test server whose waits are recorded and skipped (the rules, not the clock, are under test), whose
 * dice always roll 0.5 (so each wait is its base lengthened by a quarter) and whose clock stands still unless moved.
 */
function client(retry: RetryOptions = {}) {
  const clock = { now: Date.UTC(2030, 0, 1) };
  const waits: number[] = [];
  const { apiRequest, api } = createApiClient({
    session: createSessionStore('back-office', {
      userData: 'u',
      sessionTimestamp: 't',
      legacyAccessToken: 'a',
      legacyRefreshToken: 'r',
    }),
    onExpired: () => undefined,
    origin,
    retry: {
      random: () => 0.5,
      now: () => clock.now,
      wait: async (ms) => {
        waits.push(ms);
      },
      ...retry,
    },
  });
  return { apiRequest, api, waits, clock };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('retrying a call the server could not take now', () => {
  it('retries a shed read after Retry-After (lengthened by the jitter) until it succeeds', async () => {
    server.script('/products', shed(), shed(), done);
    const { apiRequest, waits } = client();
    await expect(apiRequest('/products')).resolves.toMatchObject({ data: 'done' });
    expect(server.received.map((r) => r.method)).toEqual(['GET', 'GET', 'GET']);
    // Retry-After 5 s outweighs the 1 s and 2 s back-off; half the jitter of 0.5 makes it 6.25 s.
    expect(waits).toEqual([6250, 6250]);
  });

  it('backs off 1, 2, 4 s (lengthened by the jitter) without Retry-After, then gives up with the answer', async () => {
    server.script('/products', limited());
    const { apiRequest, waits } = client();
    const error = await failureOf(apiRequest('/products'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests' });
    expect(server.received).toHaveLength(4);
    expect(waits).toEqual([1250, 2500, 5000]);
  });

  it('reads an HTTP-date Retry-After', async () => {
    const { apiRequest, waits, clock } = client({ jitter: 0 });
    server.script('/products', shed(new Date(clock.now + 3000).toUTCString()), done);
    await expect(apiRequest('/products')).resolves.toMatchObject({ data: 'done' });
    expect(waits).toEqual([3000]);
  });

  it('caps the wait, and fails at once when the server asks for longer than the cap', async () => {
    server.script('/products', shed('8'), done);
    const first = client();
    await expect(first.apiRequest('/products')).resolves.toMatchObject({ data: 'done' });
    expect(first.waits).toEqual([10_000]);

    server.reset();
    server.script('/auth/login', limited('900'));
    const second = client();
    const error = await failureOf(second.apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.co' } }));
    expect(error).toMatchObject({ status: 429 });
    expect(server.received).toHaveLength(1);
    expect(second.waits).toEqual([]);
  });

  it('never repeats a shed write without an Idempotency-Key: it may have been done', async () => {
    server.script('/orders', shed());
    const { apiRequest, waits } = client();
    const error = await failureOf(apiRequest('/orders', { method: 'POST', body: { items: [] } }));
    expect(error).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'The server is busy, please try again shortly',
    });
    expect(server.received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('repeats a shed write that carries an Idempotency-Key, with the same key', async () => {
    server.script('/orders', shed(), done);
    const { apiRequest } = client();
    const answer = apiRequest('/orders', {
      method: 'POST',
      body: { items: [] },
      headers: { 'Idempotency-Key': 'k-1' },
    });
    await expect(answer).resolves.toMatchObject({ data: 'done' });
    expect(server.received.map((r) => [r.method, r.headers['idempotency-key']])).toEqual([
      ['POST', 'k-1'],
      ['POST', 'k-1'],
    ]);
  });

  it("repeats a shed POST that its contract calls idempotent (pricing a cart), as a read's", async () => {
    server.script('/orders/calculate-shipping', shed(), done);
    const { api, waits } = client();
    const items = [{ productId: '64b7f0c2a1b2c3d4e5f60718', size: 'M', color: 'Black', quantity: 1 }];
    const answer = api.call(checkoutContracts.calculateShipping, { body: { items } });
    await expect(answer).resolves.toMatchObject({ data: 'done' });
    expect(server.received.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(waits).toEqual([6250]);
  });

  it('repeats a rate-limited write (the spec: a 429 is refused before any work)', async () => {
    server.script('/coupons', limited('1'), done);
    const { apiRequest } = client();
    await expect(apiRequest('/coupons', { method: 'POST', body: {} })).resolves.toMatchObject({ data: 'done' });
    expect(server.received).toHaveLength(2);
  });

  it('does not retry other failures', async () => {
    server.script('/a', { status: 500, body: { success: false, error: 'Internal server error' } });
    server.script('/b', { status: 502, body: { success: false, error: 'Bad gateway' } });
    const { apiRequest, waits } = client();
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 500 });
    await expect(apiRequest('/b')).rejects.toMatchObject({ status: 502 });
    expect(server.received).toHaveLength(2);
    expect(waits).toEqual([]);
  });

  it('spends a budget shared by all calls of the client, refilled with time', async () => {
    const { apiRequest, clock } = client({ budget: 2, budgetRefillPerSecond: 0.5 });
    for (const path of ['/a', '/b', '/c', '/d']) server.script(path, shed(), done);
    // Two retries in the bucket: the first two calls get theirs, the third fails with the server's answer.
    await expect(apiRequest('/a')).resolves.toMatchObject({ data: 'done' });
    await expect(apiRequest('/b')).resolves.toMatchObject({ data: 'done' });
    await expect(apiRequest('/c')).rejects.toMatchObject({ status: 503 });
    // Two seconds at half a token per second: one retry again.
    clock.now += 2000;
    await expect(apiRequest('/d')).resolves.toMatchObject({ data: 'done' });
    expect(server.received.map((r) => r.url)).toEqual([
      '/api/a',
      '/api/a',
      '/api/b',
      '/api/b',
      '/api/c',
      '/api/d',
      '/api/d',
    ]);
  });

  it('stops waiting when the caller cancels the call', async () => {
    server.script('/products', shed());
    // The real wait, long enough that only the cancellation can end it.
    const { apiRequest } = client({ wait: undefined, initialDelayMs: 60_000, maxDelayMs: 60_000 });
    const controller = new AbortController();
    const call = failureOf(apiRequest('/products', { signal: controller.signal }));
    while (server.received.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(server.received).toHaveLength(1);
  });
});
