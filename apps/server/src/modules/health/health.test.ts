import { afterEach, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

const ONE_IP = { ip: '10.9.9.9' };

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

  it('ready answers 503 naming Redis when the configured Redis does not answer', async () => {
    testApp = await createTestApp({ redisUrl: 'redis://127.0.0.1:1' });
    const ready = await call(testApp.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ success: false, code: 'UNAVAILABLE', message: 'Unavailable: redis' });
    expect((await call(testApp.app, 'GET', '/api/health/live')).status).toBe(200);
  });

  it('are exempt from the per-IP request budget a load balancer would spend', async () => {
    testApp = await createTestApp({
      rateLimitMax: undefined,
      rateLimits: { anonymous: 2, customer: 600, staff: 3000, publicWrites: 20 },
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
