import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

// The machine (and CI) runs Redis on 127.0.0.1:6379; REDIS_URL points elsewhere when set.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('global rate limit', () => {
  it('answers 429 with Retry-After past the per-IP limit', async () => {
    const t = await createTestApp({ rateLimitMax: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await t.app.inject({ url: '/api/auth/verify', remoteAddress: '192.0.2.1' })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await t.app.inject({ url: '/api/auth/verify', remoteAddress: '192.0.2.1' });
      expect(limited.headers['retry-after']).toBeDefined();
      expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    } finally {
      await t.close();
    }
  });

  it('leaves the web app and uploaded pictures out of the API budget', async () => {
    const t = await createTestApp({ rateLimitMax: 2 });
    try {
      const ip = '192.0.2.7';
      for (let i = 0; i < 4; i++) {
        const picture = await t.app.inject({ url: `/uploads/products/missing-${i}.webp`, remoteAddress: ip });
        expect(picture.statusCode).toBe(404);
      }
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await t.app.inject({ url: '/api/auth/verify', remoteAddress: ip })).statusCode);
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('two instances sharing one Redis share the count', async () => {
    const a = await createTestApp({ rateLimitMax: 4, redisUrl });
    const b = await createTestApp({ rateLimitMax: 4, redisUrl });
    const ip = `198.51.100.${randomBytes(1)[0]! % 250}`;
    try {
      const hit = (app: typeof a.app) =>
        app.inject({ url: `/api/auth/verify?${randomBytes(4).toString('hex')}`, remoteAddress: ip });
      const statuses = [
        (await hit(a.app)).statusCode,
        (await hit(b.app)).statusCode,
        (await hit(a.app)).statusCode,
        (await hit(b.app)).statusCode,
        (await hit(a.app)).statusCode,
        (await hit(b.app)).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
