import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { activityLogs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Failed sign-ins are logged only once a password was actually checked, so the log counts the checks. */
async function checkedFailures(where: { email?: string; ip?: string }) {
  const rows = await t.app.db
    .select({ id: activityLogs.id })
    .from(activityLogs)
    .where(
      and(
        eq(activityLogs.action, 'login'),
        eq(activityLogs.status, 'failure'),
        where.email ? eq(activityLogs.userEmail, where.email) : undefined,
        where.ip ? eq(activityLogs.ip, where.ip) : undefined,
      ),
    );
  return rows.length;
}

const PARALLEL = 50;

describe(`sign-in throttle under parallel attempts`, () => {
  it('lets at most five parallel wrong passwords reach the password check; the right one then gets 429', async () => {
    const user = await buildUser(t.app.db);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: `wrong-pass-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(PARALLEL - 5);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(await checkedFailures({ email: user.email })).toBeLessThanOrEqual(5);

    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds per address too: parallel attempts on many accounts from one IP check at most five passwords', async () => {
    const ip = '198.51.100.23';
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        call(t.app, 'POST', '/api/auth/login', {
          body: { email: `spray-${i}@example.com`, password: 'wrong-pass' },
          ip,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(await checkedFailures({ ip })).toBeLessThanOrEqual(5);
    const user = await buildUser(t.app.db);
    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      ip,
    });
    expect(right.status).toBe(429);
  });

  it('a correct sign-in racing wrong ones still succeeds while attempts are left', async () => {
    const user = await buildUser(t.app.db);
    const [good, ...bad] = await Promise.all([
      call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } }),
      call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-pass-a' } }),
      call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-pass-b' } }),
    ]);
    expect(good!.status).toBe(200);
    expect(bad.map((b) => b.status)).toEqual([401, 401]);
  });

  it('holds across two app instances sharing the database', async () => {
    // The second instance has its own connection pool, as a second server process would.
    const second = await openDatabase({ databaseUrl: t.config.databaseUrl });
    const other: FastifyInstance = await buildApp({ config: t.config, database: second, logger: false });
    try {
      const user = await buildUser(t.app.db);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          call(i % 2 ? other : t.app, 'POST', '/api/auth/login', {
            body: { email: user.email, password: `wrong-pass-${i}` },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
      expect(await checkedFailures({ email: user.email })).toBeLessThanOrEqual(5);
      const right = await call(other, 'POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(right.status).toBe(429);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it("a signed-in customer's password re-check is throttled the same way", async () => {
    const { user, token } = await signedIn(t.app, 'customer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, 'PUT', '/api/users/change-password', {
          token,
          body: { currentPassword: `wrong-pass-${i}`, newPassword: 'another-pass-123' },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 400).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
    const right = await call(t.app, 'PUT', '/api/users/change-password', {
      token,
      body: { currentPassword: user.password, newPassword: 'another-pass-123' },
    });
    expect(right.status).toBe(429);
  });
});
