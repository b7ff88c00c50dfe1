import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const ONE_IP = { ip: '10.9.9.9' };
const env = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;

describe('health endpoints', () => {
  it('live answers while the process is up; ready checks the database', async () => {
    testApp = await createTestApp();
    const live = await call(testApp.app, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual({ status: 'ok' });
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('ready checks Redis when one is configured', async () => {
    testApp = await createTestApp({ redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' });
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
  });

  it('ready reports an unreachable Redis as degraded and stays 200: the instance still serves', async () => {
    testApp = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'degraded', database: 'ok', redis: 'degraded' });
    expect((await call(testApp.app, 'GET', '/api/health/live')).status).toBe(200);
  });

  it('ready answers 503 naming Redis when READINESS_REQUIRES names it, with every dependency in the details', async () => {
    const runtime = { ...loadConfig(env).runtime, readinessRequires: ['redis' as const] };
    testApp = await createTestApp({ redisUrl: 'redis://127.0.0.1:1', runtime });
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({ success: false, code: 'UNAVAILABLE', message: 'Unavailable: redis' });
    expect(ready.body.details).toEqual([
      { field: 'database', message: 'ok' },
      { field: 'redis', message: 'unavailable' },
    ]);
  });

  it('READINESS_REQUIRES takes a comma list of optional dependencies and refuses anything else', () => {
    expect(loadConfig(env).runtime.readinessRequires).toEqual([]);
    expect(loadConfig({ ...env, READINESS_REQUIRES: 'redis, storage' }).runtime.readinessRequires).toEqual([
      'redis',
      'storage',
    ]);
    expect(() => loadConfig({ ...env, READINESS_REQUIRES: 'redis,database' })).toThrow(/READINESS_REQUIRES/);
  });

  it('are exempt from the per-IP request budget a load balancer would spend', async () => {
    testApp = await createTestApp({
      rateLimitMax: undefined,
      rateLimits: { anonymous: 2, customer: 600, staff: 3000, apiKey: 3000, publicWrites: 20 },
    });
    for (let i = 0; i < 5; i++) {
      expect((await call(testApp.app, 'GET', '/api/health/live', ONE_IP)).status).toBe(200);
      expect((await call(testApp.app, 'GET', '/api/health/ready', ONE_IP)).status).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(testApp.app, 'GET', '/api/categories', ONE_IP)).status);
    expect(statuses).toContain(429);
  });
});

describe('under overload', () => {
  it('sheds requests with 503 and Retry-After; live still answers and ready reports the overload', async () => {
    // A heap threshold of 1 byte: every sample is over it.
    testApp = await createTestApp({ overload: { maxEventLoopDelayMs: 0, maxHeapBytes: 1, maxRssBytes: 0 } });
    let shed = await call(testApp.app, 'GET', '/api/categories');
    for (let i = 0; i < 40 && shed.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 100));
      shed = await call(testApp.app, 'GET', '/api/categories');
    }
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect((await call(testApp.app, 'GET', '/api/health/live')).status).toBe(200);
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('Overloaded');
  });
});
