import { desc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CLIENT, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { mailOutbox, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function lastMailTo(email: string) {
  const [mail] = await t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toEmail, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}
const tokenFrom = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)![1]!;

describe('login', () => {
  it('returns the user and both tokens to an API client, never the password hash', async () => {
    const user = await buildUser(t.app.db, { role: 'admin' });
    const res = await call(t.app, 'POST', '/api/auth/login', {
      headers: API_CLIENT,
      body: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({ id: user.id, _id: user.id, email: user.email, role: 'admin' });
    expect(res.body.data.tokens.accessToken).toMatch(/^ey/);
    expect(res.body.data.tokens.refreshToken.length).toBeGreaterThan(30);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2/);
  });

  it('without X-Seamline-Client hands out the access token only: no refresh token, no cookie', async () => {
    const user = await buildUser(t.app.db, { role: 'admin' });
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.tokens)).toEqual(['accessToken']);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an unknown X-Seamline-Client with a 400 naming the header', async () => {
    const user = await buildUser(t.app.db);
    const res = await call(t.app, 'POST', '/api/auth/login', {
      headers: { 'x-seamline-client': 'mobile' },
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('x-seamline-client');
  });

  it('gives an unknown e-mail and a wrong password the same status and text', async () => {
    const user = await buildUser(t.app.db);
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const unknown = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'nobody-here@example.com', password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe(unknown.body.error);
    expect(wrong.body).toMatchObject({ success: false, error: 'Invalid email or password', code: 'UNAUTHORIZED' });
  });

  it('throttles an account after five failures with 429 and Retry-After', async () => {
    const user = await buildUser(t.app.db);
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: `wrong-${i}-pass` },
      });
      expect(res.status).toBe(401);
    }
    const sixth = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.body.error).toMatch(/Too many failed sign-in attempts/);
  });

  it('throttles an address after five failures, whatever the accounts', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 5; i++) {
      await call(t.app, 'POST', '/api/auth/login', {
        body: { email: `unknown${i}@example.com`, password: 'wrong-pass' },
        ip,
      });
    }
    const user = await buildUser(t.app.db);
    const blocked = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      ip,
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses a deactivated user', async () => {
    const user = await buildUser(t.app.db, { isActive: false });
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/deactivated/);
  });

  it('rejects malformed bodies with 4xx, never 500', async () => {
    const bodies: unknown[] = [
      {},
      { email: 5, password: [] },
      { email: 'a'.repeat(1_000_000), password: 'x' },
      { email: 'x@y.z', password: 'p'.repeat(1_100_000) },
      'null',
      '[]',
      '{"email":',
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(res.statusCode, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('register', () => {
  it('creates a customer, deriving the first name from the e-mail and an empty last name', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'New.Shopper@Example.com', password: 'longenough1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({
      email: 'new.shopper@example.com',
      firstName: 'new.shopper',
      lastName: '',
      role: 'customer',
      emailVerified: false,
    });
    expect(res.body.data.tokens.accessToken).toBeTruthy();
    const dup = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'new.shopper@example.com', password: 'longenough1' },
    });
    expect(dup.status).toBe(409);
  });

  it('uses the spec messages for bad input', async () => {
    const short = await call(t.app, 'POST', '/api/auth/register', { body: { email: 'a@b.co', password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters long');
    const badEmail = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'nope', password: 'longenough1' },
    });
    expect(badEmail.body.error).toBe('Please enter a valid email address');
    const missing = await call(t.app, 'POST', '/api/auth/register', { body: { password: 'longenough1' } });
    expect(missing.body.error).toBe('Email is required');
  });

  it('ignores a role in the body: registration always makes a customer', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'sneaky@example.com', password: 'longenough1', role: 'admin' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.user.role).toBe('customer');
  });
});

describe('tokens', () => {
  it('verify returns the user for a good token and 401 for garbage, alg none, expired or wrong-key tokens', async () => {
    const { user, token } = await signedIn(t.app, 'moderator');
    const ok = await call(t.app, 'GET', '/api/auth/verify', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.id).toBe(user.id);

    const [header, payload] = token.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const expired = await new SignJWT({ role: 'admin', iatMs: Date.now() - 3_600_000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('seamline')
      .setAudience('seamline-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const wrongKey = await new SignJWT({ role: 'admin', iatMs: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('seamline')
      .setAudience('seamline-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));
    for (const bad of ['garbage', `${noneHeader}.${payload}.`, expired, wrongKey, `${header}.${payload}.AAAA`]) {
      const res = await call(t.app, 'GET', '/api/auth/verify', { token: bad });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
    expect((await call(t.app, 'GET', '/api/auth/verify')).status).toBe(401);
  });

  it('a token verified once still stops at its expiry and when its user is deactivated', async () => {
    const { token } = await signedIn(t.app, 'moderator');
    expect((await call(t.app, 'GET', '/api/auth/verify', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await call(t.app, 'GET', '/api/auth/verify', { token })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    const other = await signedIn(t.app, 'support');
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: other.token })).status).toBe(200);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, other.user.id));
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: other.token })).status).toBe(401);
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
    const { refreshToken } = await signedIn(t.app, 'customer');
    const first = await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken } });
    expect(first.status).toBe(200);
    const next = first.body.data.tokens.refreshToken;
    expect(next).not.toBe(refreshToken);
    expect(first.body.data.tokens.accessToken).toBeTruthy();

    const reuse = await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken } });
    expect(reuse.status).toBe(401);
    const killed = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: next },
    });
    expect(killed.status).toBe(401);
  });

  it('logout revokes the refresh token family', async () => {
    const { token, refreshToken } = await signedIn(t.app, 'support');
    const out = await call(t.app, 'POST', '/api/auth/logout', { token, headers: API_CLIENT, body: { refreshToken } });
    expect(out.status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken } })).status,
    ).toBe(401);
  });

  it('a deactivated user loses access and refresh at once', async () => {
    const { user, token, refreshToken } = await signedIn(t.app, 'customer');
    const { users } = await import('../../db/schema/index.js');
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(t.app, 'GET', '/api/auth/verify', { token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken } })).status,
    ).toBe(401);
  });
});

describe('password reset and e-mail verification', () => {
  it('gives the same answer for known and unknown e-mails and mails a single-use token', async () => {
    const user = await buildUser(t.app.db);
    const known = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const unknown = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mail = await lastMailTo(user.email);
    expect(mail?.kind).toBe('password_reset');
    const token = tokenFrom(mail!.body);

    const { token: oldAccess } = await signedIn(t.app, 'customer', { email: `other-${Date.now()}@example.com` });
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { body: { token, password: 'again-new-pass' } })).status,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: 'brand-new-pass' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: oldAccess })).status).toBe(200);
  });

  it('a password reset ends the sessions of that user', async () => {
    const { user, token } = await signedIn(t.app, 'customer');
    await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const resetToken = tokenFrom((await lastMailTo(user.email))!.body);
    await call(t.app, 'POST', '/api/auth/reset-password', { body: { token: resetToken, password: 'another-pass-1' } });
    expect((await call(t.app, 'GET', '/api/auth/verify', { token })).status).toBe(401);
  });

  it('verifies an e-mail with the mailed token, once; resend mails a new one', async () => {
    await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'verify-me@example.com', password: 'longenough1' },
    });
    const token = tokenFrom((await lastMailTo('verify-me@example.com'))!.body);
    const res = await call(t.app, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/verify-email', { body: { token } })).status).toBe(400);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'verify-me@example.com', password: 'longenough1' },
    });
    expect(login.body.data.user.emailVerified).toBe(true);

    await call(t.app, 'POST', '/api/auth/register', {
      body: { email: 'resend-me@example.com', password: 'longenough1' },
    });
    const resend = await call(t.app, 'POST', '/api/auth/resend-verification', {
      body: { email: 'resend-me@example.com' },
    });
    expect(resend.status).toBe(200);
    const second = tokenFrom((await lastMailTo('resend-me@example.com'))!.body);
    expect((await call(t.app, 'POST', '/api/auth/verify-email', { body: { token: second } })).status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/verify-email', { body: { token: 'made-up' } })).status).toBe(400);
  });

  it('logs sign-ins, failed sign-ins and registrations', async () => {
    const { activityLogs } = await import('../../db/schema/index.js');
    const user = await buildUser(t.app.db);
    await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-password' },
      headers: { 'user-agent': 'probe/1' },
    });
    await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    const rows = await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failure', 'success']);
    const failure = rows.find((r) => r.status === 'failure')!;
    expect(failure).toMatchObject({ action: 'login', userEmail: user.email, userAgent: 'probe/1' });
    expect(failure.ip).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });
});
