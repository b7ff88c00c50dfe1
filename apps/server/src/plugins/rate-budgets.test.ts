import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { type Config, loadConfig, type RateLimits } from '../config.js';
import { AccessTokens } from '../lib/jwt.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;
const roomy: RateLimits = { anonymous: 1000, customer: 1000, staff: 1000, apiKey: 1000, publicWrites: 1000 };

/** An app with the given budgets and no RATE_LIMIT_MAX override (the harness sets one for every other test). */
function appWith(limits: Partial<RateLimits>, extra: Partial<Config> = {}) {
  return createTestApp({ rateLimitMax: undefined, rateLimits: { ...roomy, ...limits }, ...extra });
}

async function withApp(app: Promise<TestApp>, body: (t: TestApp) => Promise<void>) {
  const t = await app;
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

let addresses = 0;
/** A new client address each time (these apps count in memory, so addresses only need to differ within a file). */
const uniqueIp = () => `203.0.113.${++addresses}`;
const statusesOf = async (requests: (() => Promise<{ status: number }>)[]) => {
  const statuses = [];
  for (const request of requests) statuses.push((await request()).status);
  return statuses;
};

describe('per signed-in user budget', () => {
  it('counts a staff member across every IP they use; another staff member has their own budget', async () => {
    await withApp(appWith({ staff: 4 }), async (t) => {
      const script = await signedIn(t.app, 'admin');
      const colleague = await signedIn(t.app, 'support');
      // call() gives every request its own IP, as a script spread over addresses (or an office NAT) would look.
      const verify = (token: string) => () => call(t.app, 'GET', '/api/auth/verify', { token });
      expect(await statusesOf(Array.from({ length: 5 }, () => verify(script.token)))).toEqual([
        200, 200, 200, 200, 429,
      ]);
      const limited = await call(t.app, 'GET', '/api/auth/verify', { token: script.token });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect((await verify(colleague.token)()).status).toBe(200);
    });
  });

  it('customers have their own (smaller) budget, counted per customer', async () => {
    await withApp(appWith({ customer: 2, staff: 50 }), async (t) => {
      const shopper = await signedIn(t.app, 'customer');
      const verify = () => call(t.app, 'GET', '/api/auth/verify', { token: shopper.token });
      expect(await statusesOf([verify, verify, verify])).toEqual([200, 200, 429]);
    });
  });

  it('the default staff budget lets a script run 20 requests a second', () => {
    expect(loadConfig(env).rateLimits.staff).toBeGreaterThanOrEqual(20 * 60);
  });

  it('two instances sharing one Redis share a user budget', async () => {
    const a = await appWith({ staff: 3 }, { redisUrl });
    const b = await appWith({ staff: 3 }, { redisUrl });
    try {
      const { token } = await signedIn(a.app, 'admin');
      const hit = (t: TestApp) => () => call(t.app, 'GET', `/api/auth/verify?${randomUUID()}`, { token });
      // b has no such user (401), but the verified token still charges the same shared budget.
      expect(await statusesOf([hit(a), hit(b), hit(a), hit(b), hit(a)])).toEqual([200, 401, 200, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('anonymous budget', () => {
  it('is per IP, and a forged or foreign token counts against its IP instead of spreading the budget', async () => {
    await withApp(appWith({ anonymous: 3, staff: 100, customer: 100 }), async (t) => {
      const ip = uniqueIp();
      const forger = new AccessTokens('another-secret-another-secret-another-0');
      const forged = async () => forger.sign(randomUUID(), 'admin');
      const requests = [
        async () => call(t.app, 'GET', '/api/auth/verify', { ip }),
        async () => call(t.app, 'GET', '/api/auth/verify', { ip, token: await forged() }),
        async () => call(t.app, 'GET', '/api/auth/verify', { ip, headers: { authorization: 'Bearer not.a.token' } }),
        async () => call(t.app, 'GET', '/api/auth/verify', { ip, token: await forged() }),
      ];
      expect(await statusesOf(requests)).toEqual([401, 401, 401, 429]);
      expect((await call(t.app, 'GET', '/api/auth/verify', { ip: uniqueIp() })).status).toBe(401);
    });
  });
});

describe('expensive public writes', () => {
  it('share one tighter per-IP budget, apart from the anonymous one', async () => {
    await withApp(appWith({ publicWrites: 3, anonymous: 50 }), async (t) => {
      const ip = uniqueIp();
      const post = (url: string) => () => call(t.app, 'POST', url, { ip, body: {} });
      const statuses = await statusesOf([
        post('/api/auth/register'),
        post('/api/auth/forgot-password'),
        post('/api/checkout/create-guest-session'),
        post('/api/orders/guest'),
      ]);
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await call(t.app, 'GET', '/api/auth/verify', { ip })).status).toBe(401);
      expect((await post('/api/auth/register')()).status).toBe(429);
      expect((await call(t.app, 'POST', '/api/auth/register', { body: {} })).status).toBe(400);
    });
  });

  it('count review photo uploads (each photo is re-encoded) against the same budget', async () => {
    await withApp(appWith({ publicWrites: 2, anonymous: 50 }), async (t) => {
      const ip = uniqueIp();
      const upload = () => call(t.app, 'POST', '/api/reviews/64b7f0c2a1b2c3d4e5f60719/photos', { ip, body: {} });
      expect(await statusesOf([upload, upload, upload])).toEqual([401, 401, 429]);
      expect((await call(t.app, 'POST', '/api/auth/register', { ip, body: {} })).status).toBe(429);
    });
  });
});

describe('RATE_LIMIT_MAX', () => {
  const guestSessions = (t: TestApp, count: number) => {
    const ip = uniqueIp();
    return statusesOf(
      Array.from(
        { length: count },
        () => () => call(t.app, 'POST', '/api/checkout/create-guest-session', { ip, body: {} }),
      ),
    );
  };

  it('by default the 21st expensive public write from one IP in a minute is refused', async () => {
    const { rateLimitMax, rateLimits } = loadConfig(env);
    await withApp(createTestApp({ rateLimitMax, rateLimits }), async (t) => {
      const statuses = await guestSessions(t, 21);
      expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(statuses[20]).toBe(429);
    });
  });

  it('set, it raises every request budget at once', async () => {
    const { rateLimitMax, rateLimits } = loadConfig({ ...env, RATE_LIMIT_MAX: '100' });
    await withApp(createTestApp({ rateLimitMax, rateLimits }), async (t) => {
      expect((await guestSessions(t, 30)).every((s) => s === 400)).toBe(true);
    });
  });
});
