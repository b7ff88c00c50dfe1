import { Writable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { mailSettled } from '../../../test/queue.js';
import { buildApp } from '../../app.js';
import { mailOutbox } from '../../db/schema/index.js';
import { FORGOT_PASSWORD_ANSWER } from './auth.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function mailsTo(email: string, kind: string) {
  return t.app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toEmail, email), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt));
}
const tokenFrom = (body: string) => /token=([A-Za-z0-9_-]+)/.exec(body)![1]!;

async function requestReset(email: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  return tokenFrom((await mailsTo(email, 'password_reset'))[0]!.body);
}

const reset = (token: string, password: string) =>
  call(t.app, 'POST', '/api/auth/reset-password', { body: { token, password } });

describe('password reset tokens', () => {
  it('a new reset request invalidates the older reset link', async () => {
    const user = await buildUser(t.app.db);
    const older = await requestReset(user.email);
    const newer = await requestReset(user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older, 'older-link-pass')).status).toBe(400);
    expect((await reset(newer, 'newer-link-pass')).status).toBe(200);
  });

  it('a reset revokes every other mail token of the user', async () => {
    const user = await buildUser(t.app.db, { emailVerified: false });
    await call(t.app, 'POST', '/api/auth/resend-verification', { body: { email: user.email } });
    const verification = tokenFrom((await mailsTo(user.email, 'email_verification'))[0]!.body);
    const resetToken = await requestReset(user.email);
    expect((await reset(resetToken, 'fresh-pass-123')).status).toBe(200);
    const verify = await call(t.app, 'POST', '/api/auth/verify-email', { body: { token: verification } });
    expect(verify.status).toBe(400);
  });

  it('a password change revokes an outstanding reset link', async () => {
    const { user, token } = await signedIn(t.app, 'customer');
    const resetToken = await requestReset(user.email);
    const change = await call(t.app, 'PUT', '/api/users/change-password', {
      token,
      body: { currentPassword: user.password, newPassword: 'changed-pass-123' },
    });
    expect(change.status).toBe(200);
    expect((await reset(resetToken, 'attacker-pass-1')).status).toBe(400);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'changed-pass-123' },
    });
    expect(login.status).toBe(200);
  });
});

describe(`forgot-password throttle per account`, () => {
  it('mails at most three reset links an hour per account, answering every request the same', async () => {
    const user = await buildUser(t.app.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: FORGOT_PASSWORD_ANSWER });
    }
    expect((await mailsTo(user.email, 'password_reset')).length).toBe(3);
    const later = await call(t.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(later.body).toEqual(answers[0]!.body);
    expect((await mailsTo(user.email, 'password_reset')).length).toBe(3);
  });
});

describe('mail and the log', () => {
  it('logs that a mail was queued and its id, never its body, link or address', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // An instance of its own, so its queue worker (the one logging here) is the one that handles the mail.
    const logged = await createTestApp({ logLevel: 'info' }, { logStream });
    try {
      const user = await buildUser(logged.app.db);
      const asked = await call(logged.app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
      expect(asked.status).toBe(200);
      await mailSettled(logged.app.db);
      const [mail] = await logged.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, user.email));
      const log = lines.join('');
      expect(log).toContain(mail!.id);
      expect(log).not.toContain(tokenFrom(mail!.body));
      expect(log).not.toContain('reset-password');
      expect(log).not.toContain(user.email);
    } finally {
      await logged.close();
    }
  });

  it('keeps mailed tokens out of the request log when a link is opened', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({ config: { ...t.config, logLevel: 'info' }, database: t.database, logStream });
    try {
      for (const url of [
        '/reset-password?token=secret-reset-token',
        '/api/auth/verify-email?x=1&token=secret-mail-token',
      ])
        await logged.inject({ method: 'GET', url });
    } finally {
      await logged.close();
    }
    expect(lines.join('')).toContain('/reset-password');
    expect(lines.join('')).not.toMatch(/secret-(reset|mail)-token/);
  });
});
