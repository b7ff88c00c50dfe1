import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { buildApp } from '../app.js';

type LogLine = Record<string, unknown>;

let t: TestApp;
let logged: FastifyInstance;
const lines: LogLine[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
      done();
    },
  });
  logged = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.database, logStream });
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

const completionOf = (requestId: unknown) =>
  lines.find((line) => line.reqId === requestId && line.msg === 'request completed');

describe('request log', () => {
  it('writes one JSON completion line per request with request id, user id and route pattern', async () => {
    const { user, token } = await signedIn(logged, 'admin');
    const response = await call(logged, 'GET', '/api/admin/users?page=1', { token });
    expect(response.status).toBe(200);

    const line = completionOf(response.headers['x-request-id']);
    expect(line).toMatchObject({ userId: user.id, route: '/api/admin/users', res: { statusCode: 200 } });
    expect(typeof line?.responseTime).toBe('number');
    // The bearer token never reaches the log.
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('names the route but no user for an anonymous call, and the pattern rather than the address', async () => {
    const response = await call(logged, 'GET', '/api/products/slug/log-probe-slug');
    const line = completionOf(response.headers['x-request-id']);
    expect(line).toMatchObject({ route: '/api/products/slug/:slug', res: { statusCode: 404 } });
    expect(line).not.toHaveProperty('userId');
  });

  it('keeps the user id of a signed-in call that its role may not make', async () => {
    const { user, token } = await signedIn(logged, 'support');
    const response = await call(logged, 'GET', '/api/metrics', { token });
    expect(response.status).toBe(403);
    expect(completionOf(response.headers['x-request-id'])).toMatchObject({ userId: user.id, route: '/api/metrics' });
  });

  it("keeps a caller's short request id for tracing and replaces an oversized or odd one", async () => {
    const kept = await call(logged, 'GET', '/api/health', { headers: { 'x-request-id': 'trace-42.a' } });
    expect(kept.headers['x-request-id']).toBe('trace-42.a');
    expect(completionOf('trace-42.a')).toBeDefined();

    for (const given of ['x'.repeat(10_000), 'bad id\nwith newline', '']) {
      const replaced = await call(logged, 'GET', '/api/health', { headers: { 'x-request-id': given } });
      const id = replaced.headers['x-request-id'];
      expect(id).not.toBe(given);
      expect(String(id)).toMatch(/^[0-9a-f-]{36}$/);
      expect(completionOf(id)).toBeDefined();
    }
  });
});
