import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { startTestRedis, type TestRedis } from '../../test/redis.js';
import type { Config, RateLimits } from '../config.js';

/*
 * Request budgets while Redis fails: each instance counts in its own memory (looser, never unlimited) and no request
 * waits for Redis longer than its timeout; Redis is used again once it answers. Real Redis servers throughout: a
 * closed port, and a redis-server of this file's own that is stopped, frozen and started again.
 */
const roomy: RateLimits = { anonymous: 1000, customer: 1000, staff: 1000, apiKey: 1000, publicWrites: 1000 };
const quick: Config['redisFallback'] = { timeoutMs: 200, retryMs: 300 };

function appWith(redisUrl: string, limits: Partial<RateLimits>) {
  return createTestApp({
    redisUrl,
    redisFallback: quick,
    rateLimitMax: undefined,
    rateLimits: { ...roomy, ...limits },
  });
}

let addresses = 0;
const uniqueIp = () => `198.18.0.${++addresses}`;

const forgotPassword = (t: TestApp, ip: string) =>
  call(t.app, 'POST', '/api/auth/forgot-password', { ip, body: { email: 'nobody@example.com' } });
const verify = (t: TestApp, ip: string) => call(t.app, 'GET', '/api/auth/verify', { ip });

async function statusesOf(requests: (() => Promise<{ status: number }>)[]) {
  const statuses = [];
  for (const request of requests) statuses.push((await request()).status);
  return statuses;
}

describe('with REDIS_URL pointing at a closed port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith('redis://127.0.0.1:1', { publicWrites: 3 });
  });
  afterAll(async () => t?.close());

  it('answers anonymous reads at once instead of waiting for Redis', async () => {
    const started = performance.now();
    const statuses = await statusesOf(Array.from({ length: 20 }, () => () => call(t.app, 'GET', '/api/categories')));
    const seconds = (performance.now() - started) / 1000;
    expect(statuses).toEqual(Array(20).fill(200));
    // One after another: each used to wait for a Redis reconnect attempt (up to seconds apiece); none waits now.
    expect(seconds).toBeLessThan(2);
  });

  it('still enforces the public-write budget, counted by this instance', async () => {
    const ip = uniqueIp();
    const calls = Array.from({ length: 4 }, () => () => forgotPassword(t, ip));
    expect(await statusesOf(calls)).toEqual([200, 200, 200, 429]);
    const refused = await forgotPassword(t, ip);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('reports Redis as degraded and stays ready', async () => {
    const ready = await call(t.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'degraded', database: 'ok', redis: 'degraded' });
  });
});

describe('with a Redis that stops, freezes and comes back', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startTestRedis();
    [a, b] = await Promise.all([appWith(redis.url, { anonymous: 3 }), appWith(redis.url, { anonymous: 3 })]);
  });
  afterAll(async () => {
    try {
      await a?.close();
      await b?.close();
    } finally {
      await redis?.stop();
    }
  });

  /** Polls readiness (whose Redis check is also the breaker's probe) until Redis is reported as `state`. */
  async function untilRedisIs(t: TestApp, state: 'ok' | 'degraded') {
    for (let i = 0; i < 100; i++) {
      const ready = await call(t.app, 'GET', '/api/health/ready');
      if (ready.status === 200 && ready.body.data.redis === state) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Redis was never reported ${state}`);
  }

  /** a, b, a, b: two instances sharing one budget of 3 refuse the fourth call. */
  const alternating = (ip: string) => statusesOf([a, b, a, b].map((t) => () => verify(t, ip)));

  it('shares one budget between two instances while Redis answers', async () => {
    expect(await alternating(uniqueIp())).toEqual([401, 401, 401, 429]);
  });

  it('counts per instance while Redis is down: each instance keeps its own budget', async () => {
    await redis.stop();
    await untilRedisIs(a, 'degraded');
    const ip = uniqueIp();
    expect(await statusesOf(Array.from({ length: 4 }, () => () => verify(a, ip)))).toEqual([401, 401, 401, 429]);
    // Looser, as documented: the other instance has not seen this client yet.
    expect((await verify(b, ip)).status).toBe(401);
  });

  it('shares the budget again once Redis is back', async () => {
    await redis.start();
    await untilRedisIs(a, 'ok');
    await untilRedisIs(b, 'ok');
    expect(await alternating(uniqueIp())).toEqual([401, 401, 401, 429]);
  });

  it('answers within the Redis timeout while Redis is frozen, and still counts', async () => {
    redis.freeze();
    try {
      const ip = uniqueIp();
      const started = performance.now();
      const statuses = await statusesOf(Array.from({ length: 5 }, () => () => verify(a, ip)));
      const seconds = (performance.now() - started) / 1000;
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // A few calls wait one 0.2 s timeout each until the breaker opens; nothing waits for the frozen server itself.
      expect(seconds).toBeLessThan(3);
      const ready = await call(a.app, 'GET', '/api/health/ready');
      expect(ready.body.data).toMatchObject({ status: 'degraded', redis: 'degraded' });
    } finally {
      redis.thaw();
    }
    await untilRedisIs(a, 'ok');
  });
});
