import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, codeFor, previousStepCode, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, twoFactorSecrets } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A staff member with two-factor on: answers the secret and the recovery codes. */
async function withTwoFactor(role: 'admin' | 'moderator' | 'support' = 'support') {
  const me = await signedIn(t.app, role);
  const setup = await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl, qrCode } = setup.body.data;
  expect(otpauthUrl).toContain(`secret=${secret}`);
  expect(qrCode).toMatch(/^data:image\/png;base64,/);
  // The first code confirms; it belongs to the previous step, so the current one is still free for the sign-in.
  const enable = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
    token: me.token,
    body: { code: await previousStepCode(secret) },
  });
  expect(enable.status).toBe(200);
  return { ...me, secret: secret as string, recoveryCodes: enable.body.data.recoveryCodes as string[] };
}

const login = (email: string, password: string, ip?: string) =>
  call(t.app, 'POST', '/api/auth/login', { body: { email, password }, ip });
const second = (challengeToken: string, code: string, ip?: string) =>
  call(t.app, 'POST', '/api/auth/login/two-factor', { body: { challengeToken, code }, ip });

describe('turning two-factor on', () => {
  it('stores the secret encrypted, answers 10 recovery codes once, and the status says so', async () => {
    const me = await withTwoFactor();
    expect(me.recoveryCodes).toHaveLength(10);
    expect(new Set(me.recoveryCodes).size).toBe(10);
    const [row] = await t.app.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, me.user.id));
    expect(row!.secretEncrypted).not.toContain(me.secret);
    const status = await call(t.app, 'GET', '/api/auth/two-factor', { token: me.token });
    expect(status.body.data).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
    const again = await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
    expect(again.status).toBe(409);
  });

  it('refuses a wrong first code and a customer', async () => {
    const me = await signedIn(t.app, 'moderator');
    await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
    const wrong = await call(t.app, 'POST', '/api/auth/two-factor/enable', {
      token: me.token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Invalid verification code');
    const customer = await signedIn(t.app, 'customer');
    expect((await call(t.app, 'POST', '/api/auth/two-factor/setup', { token: customer.token })).status).toBe(403);
  });
});

describe('signing in with two-factor', () => {
  it('asks for a code after the password, then signs in with it (never the same code twice)', async () => {
    const me = await withTwoFactor();
    const first = await login(me.user.email, me.user.password);
    expect(first.status).toBe(200);
    expect(first.body.data.tokens).toBeUndefined();
    const { step, challengeToken } = first.body.data.twoFactor;
    expect(step).toBe('verify');
    const code = codeFor(me.secret);
    const done = await second(challengeToken, code);
    expect(done.status).toBe(200);
    expect(done.body.data.user.email).toBe(me.user.email);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: done.body.data.tokens.accessToken })).status).toBe(
      200,
    );
    const replay = await second(
      (await login(me.user.email, me.user.password)).body.data.twoFactor.challengeToken,
      code,
    );
    expect(replay.status).toBe(401);
  });

  it('a recovery code works once', async () => {
    const me = await withTwoFactor();
    const [recovery] = me.recoveryCodes;
    const first = await login(me.user.email, me.user.password);
    expect((await second(first.body.data.twoFactor.challengeToken, recovery!.toUpperCase())).status).toBe(200);
    const again = await login(me.user.email, me.user.password);
    const reused = await second(again.body.data.twoFactor.challengeToken, recovery!);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('Invalid verification code');
    const status = await call(t.app, 'GET', '/api/auth/two-factor', { token: me.token });
    expect(status.body.data.recoveryCodesLeft).toBe(9);
  });

  it('wrong codes count toward the sign-in throttle: 5 tries and even the right code is refused with 429', async () => {
    const me = await withTwoFactor();
    const ip = '198.51.100.23';
    const { challengeToken } = (await login(me.user.email, me.user.password, ip)).body.data.twoFactor;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await second(challengeToken, '000000', ip)).status);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    const throttled = await second(challengeToken, codeFor(me.secret), ip);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const failures = await t.app.db.select().from(activityLogs).where(eq(activityLogs.userId, me.user.id));
    const text = JSON.stringify(failures);
    expect(text).toContain('invalid two-factor code');
    expect(text).not.toContain(me.secret);
    expect(text).not.toContain(me.recoveryCodes[0]);
  });

  it('refuses a forged, an access token or a tampered challenge', async () => {
    const me = await withTwoFactor();
    const { challengeToken } = (await login(me.user.email, me.user.password)).body.data.twoFactor;
    for (const token of [me.token, `${challengeToken}x`, 'not-a-token']) {
      const res = await second(token, codeFor(me.secret));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Your sign-in took too long. Please sign in again.');
    }
  });

  it('turning it off asks for the current password', async () => {
    const me = await withTwoFactor();
    const wrong = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token: me.token,
      body: { currentPassword: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    const right = await call(t.app, 'POST', '/api/auth/two-factor/disable', {
      token: me.token,
      body: { currentPassword: me.user.password },
    });
    expect(right.status).toBe(200);
    const plain = await login(me.user.email, me.user.password);
    expect(plain.body.data.tokens.accessToken).toBeTruthy();
  });
});

describe('new recovery codes', () => {
  it('replace the old ones (which stop working) and ask for the current password', async () => {
    const me = await withTwoFactor();
    const path = '/api/auth/two-factor/recovery-codes';
    const wrong = await call(t.app, 'POST', path, { token: me.token, body: { currentPassword: 'not-it-at-all' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const fresh = await call(t.app, 'POST', path, { token: me.token, body: { currentPassword: me.user.password } });
    expect(fresh.status).toBe(200);
    const codes = fresh.body.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(codes).not.toContain(me.recoveryCodes[0]);
    const status = await call(t.app, 'GET', '/api/auth/two-factor', { token: me.token });
    expect(status.body.data.recoveryCodesLeft).toBe(10);

    const ip = '198.51.100.41';
    const old = (await login(me.user.email, me.user.password, ip)).body.data.twoFactor.challengeToken;
    expect((await second(old, me.recoveryCodes[0]!, ip)).status).toBe(401);
    expect((await second(old, codes[0]!, ip)).status).toBe(200);
  });

  it('are refused while two-factor is off', async () => {
    const me = await signedIn(t.app, 'support');
    const res = await call(t.app, 'POST', '/api/auth/two-factor/recovery-codes', {
      token: me.token,
      body: { currentPassword: me.user.password },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Two-factor sign-in is not on');
  });
});

describe('requiring two-factor for all staff', () => {
  it('only an admin sets it; staff without it set it up at their next sign-in; customers are untouched', async () => {
    const admin = await signedIn(t.app, 'admin');
    const moderator = await signedIn(t.app, 'moderator');
    const body = { requireTwoFactorForStaff: true };
    expect((await call(t.app, 'PUT', '/api/admin/settings/security', { token: moderator.token, body })).status).toBe(
      403,
    );
    const set = await call(t.app, 'PUT', '/api/admin/settings/security', { token: admin.token, body });
    expect(set.body.data).toEqual(body);

    const member = await buildUser(t.app.db, { role: 'support' });
    const first = await login(member.email, member.password);
    expect(first.body.data.twoFactor.step).toBe('setup');
    const { challengeToken } = first.body.data.twoFactor;
    // A setup challenge is not a code challenge.
    expect((await second(challengeToken, '123456')).status).toBe(401);
    const setup = await call(t.app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } });
    expect(setup.status).toBe(200);
    const done = await call(t.app, 'POST', '/api/auth/login/two-factor/enable', {
      body: { challengeToken, code: codeFor(setup.body.data.secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    expect(done.body.data.tokens.accessToken).toBeTruthy();

    const customer = await buildUser(t.app.db, { role: 'customer' });
    expect((await login(customer.email, customer.password)).body.data.tokens).toBeTruthy();

    await call(t.app, 'PUT', '/api/admin/settings/security', {
      token: admin.token,
      body: { requireTwoFactorForStaff: false },
    });
    const [entry] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.action, 'update_settings'));
    expect(entry).toMatchObject({ userId: admin.user.id, resource: 'settings' });
  });
});
