import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const now = () => Math.floor(Date.now() / 1000);

describe('access tokens', () => {
  it('refuses a correctly signed token that lacks exp or iat', async () => {
    const { user } = await signedIn(t.app, 'admin');
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const base = () =>
      new SignJWT({ role: 'admin', iatMs: Date.now() })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer('seamline')
        .setAudience('seamline-api');
    const complete = await base()
      .setIssuedAt(now())
      .setExpirationTime(now() + 600)
      .sign(key);
    const noExpiry = await base().setIssuedAt(now()).sign(key);
    const noIssuedAt = await base()
      .setExpirationTime(now() + 600)
      .sign(key);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: complete })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: noExpiry })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: noIssuedAt })).status).toBe(401);
  });
});

describe('deactivated accounts', () => {
  it('answer a wrong and a right password the same', async () => {
    const user = await buildUser(t.app.db, { isActive: false });
    const wrong = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'not-the-password' },
    });
    const right = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
    expect(right.status).toBe(403);
  });
});

describe(`registration of a taken e-mail`, () => {
  it('answers the same whatever the existing account is', async () => {
    const customer = await buildUser(t.app.db);
    const staff = await buildUser(t.app.db, { role: 'moderator' });
    const inactive = await buildUser(t.app.db, { isActive: false });
    const answers = await Promise.all(
      [customer.email, staff.email.toUpperCase(), inactive.email].map((email) =>
        call(t.app, 'POST', '/api/auth/register', { body: { email, password: 'longenough1' } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
  });

  it('parallel registrations of one new e-mail: one account, every other answer the same 409', async () => {
    const email = `race-${Date.now()}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', '/api/auth/register', { body: { email, password: 'longenough1' } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    }
  });
});
