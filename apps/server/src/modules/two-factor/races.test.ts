import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, codeFor, previousStepCode, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { twoSessions, withTwoFactor } from '../../../test/two-factor.js';
import { recoveryCodes } from '../../db/schema/index.js';

/**
 * Two-factor and sessions under parallel calls: they run truly at once on PostgreSQL and would find a lock-order
 * deadlock or a code accepted twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PARALLEL = 20;
const statusesOf = (responses: { status: number }[]) => responses.map((r) => r.status);
function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function challengeOf(email: string, password: string, ip: string) {
  const first = await call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip });
  return first.body.data.twoFactor.challengeToken as string;
}

const secondStep = (challengeToken: string, code: string, ip: string) =>
  call(t.app, 'POST', '/api/auth/login/two-factor', { body: { challengeToken, code }, ip });

describe('two-factor sign-in under parallel calls', () => {
  it(`the same authenticator code sent ${PARALLEL} times at once signs in once`, async () => {
    const me = await withTwoFactor(t.app);
    const ip = '203.0.113.10';
    const challenge = await challengeOf(me.user.email, me.user.password, ip);
    const code = codeFor(me.secret);
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: PARALLEL }, () => secondStep(challenge, code, ip))),
    );
    expect(tally(statuses)[200]).toBe(1);
    expect(
      statuses.every((s) => s === 200 || s === 401 || s === 429),
      JSON.stringify(tally(statuses)),
    ).toBe(true);
  });

  it(`a recovery code sent ${PARALLEL} times at once signs in once and is spent`, async () => {
    const me = await withTwoFactor(t.app);
    const setup = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token: me.token,
      body: { currentPassword: me.user.password },
    });
    expect(setup.status).toBe(200);
    // Turned on again through the profile so the recovery codes are known to the test.
    const start = await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
    const secret = start.body.data.secret as string;
    const enable = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
      token: me.token,
      body: { code: await previousStepCode(secret) },
    });
    const [recoveryCode] = enable.body.data.recoveryCodes as string[];
    const ip = '203.0.113.11';
    const challenge = await challengeOf(me.user.email, me.user.password, ip);
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: PARALLEL }, () => secondStep(challenge, recoveryCode!, ip))),
    );
    expect(tally(statuses)[200]).toBe(1);
    expect(
      statuses.every((s) => s === 200 || s === 401 || s === 429),
      JSON.stringify(tally(statuses)),
    ).toBe(true);
    const [left] = await t.app.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, me.user.id), isNull(recoveryCodes.usedAt)));
    expect(left!.n).toBe(9);
  });

  it(`${PARALLEL} wrong codes at once: only the throttle's budget is checked, then even the right code gets 429`, async () => {
    const me = await withTwoFactor(t.app);
    const ip = '203.0.113.12';
    const challenge = await challengeOf(me.user.email, me.user.password, ip);
    const statuses = statusesOf(
      await Promise.all(Array.from({ length: PARALLEL }, () => secondStep(challenge, '000000', ip))),
    );
    // The password step claimed one of the five attempts; four codes at most reach the check.
    expect(tally(statuses)[401]).toBeLessThanOrEqual(4);
    expect(tally(statuses)[429]).toBeGreaterThanOrEqual(PARALLEL - 4);
    expect((await secondStep(challenge, codeFor(me.secret), ip)).status).toBe(429);
  });

  it(`${PARALLEL} confirmations of one setup at once turn it on once, with one set of recovery codes`, async () => {
    const me = await signedIn(t.app, 'moderator');
    const start = await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
    const code = codeFor(start.body.data.secret);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t.app, 'POST', '/api/auth/two-factor/enable', { token: me.token, body: { code } }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(tally(statuses)).toEqual({ 200: 1, 409: PARALLEL - 1 });
    const [rows] = await t.app.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, me.user.id));
    expect(rows!.n).toBe(10);
  });
});

describe('new recovery codes under parallel calls', () => {
  it('10 regenerations at once leave exactly one set of 10 codes', async () => {
    const me = await withTwoFactor(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t.app, 'POST', '/api/auth/two-factor/recovery-codes', {
          token: me.token,
          body: { currentPassword: me.user.password },
          ip: `203.0.113.${100 + i}`,
        }),
      ),
    );
    const statuses = statusesOf(answers);
    expect(
      statuses.filter((s) => s !== 200 && s !== 429),
      JSON.stringify(tally(statuses)),
    ).toEqual([]);
    const [rows] = await t.app.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, me.user.id));
    expect(rows!.n).toBe(10);
  });
});

describe('sessions under parallel calls', () => {
  it('refreshes racing "end this session" and an admin\'s "end all": no 5xx, and the session is over after', async () => {
    const admin = await signedIn(t.app, 'admin');
    const me = await twoSessions(t.app, 'support');
    const list = await call(t.app, 'GET', '/api/auth/sessions', { token: me.token });
    const current = (list.body.data.sessions as { id: string; current: boolean }[]).find((s) => s.current)!;
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken: me.refreshToken } }),
      ),
      call(t.app, 'DELETE', `/api/auth/sessions/${me.otherSessionId}`, { token: me.token }),
      call(t.app, 'DELETE', `/api/admin/users/${me.user.id}/sessions`, { token: admin.token }),
      call(t.app, 'DELETE', `/api/admin/users/${me.user.id}/sessions/${current.id}`, { token: admin.token }),
    ]);
    const statuses = statusesOf(answers);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(tally(statuses)),
    ).toEqual([]);
    // Whatever refresh won the race, its new token belongs to an ended session.
    for (const answer of answers.slice(0, 10).filter((a) => a.status === 200)) {
      const again = await call(t.app, 'POST', '/api/auth/refresh', {
        headers: API_CLIENT,
        body: { refreshToken: answer.body.data.tokens.refreshToken },
      });
      expect(again.status).toBe(401);
    }
    const after = await call(t.app, 'GET', `/api/admin/users/${me.user.id}/sessions`, { token: admin.token });
    expect(after.body.data.sessions).toEqual([]);
  });
});
