import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Signs an existing user in from a named browser; answers its tokens. */
async function signInFrom(email: string, password: string, userAgent: string) {
  const res = await call(t.app, 'POST', '/api/auth/login', {
    body: { email, password },
    headers: { ...API_CLIENT, 'user-agent': userAgent },
    ip: '203.0.113.7',
  });
  expect(res.status).toBe(200);
  return res.body.data.tokens as { accessToken: string; refreshToken: string };
}

describe('own sessions', () => {
  it('lists each sign-in with its device, address and times, and marks the current one', async () => {
    const user = await buildUser(t.app.db, { role: 'support' });
    const laptop = await signInFrom(user.email, user.password, 'Laptop Firefox');
    await signInFrom(user.email, user.password, 'Phone Safari');
    const res = await call(t.app, 'GET', '/api/auth/sessions', { token: laptop.accessToken });
    expect(res.status).toBe(200);
    const sessions = res.body.data.sessions as { userAgent: string; ip: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.current)).toMatchObject({ userAgent: 'Laptop Firefox', ip: '203.0.113.7' });
    expect(sessions.find((s) => !s.current)).toMatchObject({ userAgent: 'Phone Safari' });
    expect(JSON.stringify(res.body)).not.toContain(laptop.refreshToken);
  });

  it('ending another session refuses its refresh token and its access token at once', async () => {
    const user = await buildUser(t.app.db, { role: 'moderator' });
    const here = await signInFrom(user.email, user.password, 'Here');
    const there = await signInFrom(user.email, user.password, 'There');
    const list = await call(t.app, 'GET', '/api/auth/sessions', { token: here.accessToken });
    const other = (list.body.data.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!;

    const end = await call(t.app, 'DELETE', `/api/auth/sessions/${other.id}`, { token: here.accessToken });
    expect(end.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: there.accessToken })).status).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: there.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // This browser carries on.
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: here.accessToken })).status).toBe(200);
    const again = await call(t.app, 'DELETE', `/api/auth/sessions/${other.id}`, { token: here.accessToken });
    expect(again.status).toBe(404);

    const [entry] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'end_session'), eq(activityLogs.resourceId, other.id)));
    expect(entry).toMatchObject({ userId: user.id, status: 'success' });
    expect(JSON.stringify(entry)).not.toContain(there.refreshToken);
  });

  it('a refreshed session keeps its id and records when it was last used', async () => {
    const user = await buildUser(t.app.db, { role: 'support' });
    const first = await signInFrom(user.email, user.password, 'Browser');
    const before = await call(t.app, 'GET', '/api/auth/sessions', { token: first.accessToken });
    const refreshed = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: first.refreshToken },
    });
    const token = refreshed.body.data.tokens.accessToken;
    const after = await call(t.app, 'GET', '/api/auth/sessions', { token });
    expect(after.body.data.sessions).toHaveLength(1);
    expect(after.body.data.sessions[0]).toMatchObject({ id: before.body.data.sessions[0].id, current: true });
    expect(after.body.data.sessions[0].lastUsedAt >= before.body.data.sessions[0].lastUsedAt).toBe(true);
  });

  it("ends all others but this one, and never someone else's session", async () => {
    const user = await buildUser(t.app.db, { role: 'support' });
    const stranger = await signedIn(t.app, 'support');
    const here = await signInFrom(user.email, user.password, 'A');
    const b = await signInFrom(user.email, user.password, 'B');
    const c = await signInFrom(user.email, user.password, 'C');
    const theirs = await call(t.app, 'GET', '/api/auth/sessions', { token: stranger.token });
    const strangerSession = theirs.body.data.sessions[0].id;
    expect(
      (await call(t.app, 'DELETE', `/api/auth/sessions/${strangerSession}`, { token: here.accessToken })).status,
    ).toBe(404);

    const res = await call(t.app, 'DELETE', '/api/auth/sessions', { token: here.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 sessions ended');
    for (const gone of [b, c]) {
      expect((await call(t.app, 'GET', '/api/auth/verify', { token: gone.accessToken })).status).toBe(401);
    }
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: here.accessToken })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: stranger.token })).status).toBe(200);
  });

  it('refuses a malformed session id with the usual 400', async () => {
    const me = await signedIn(t.app, 'support');
    const res = await call(t.app, 'DELETE', '/api/auth/sessions/abc', { token: me.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('Invalid session ID format');
  });
});

describe("an admin and a staff member's sessions", () => {
  it('lists and ends them; other roles may not; customers are not staff', async () => {
    const admin = await signedIn(t.app, 'admin');
    const member = await signedIn(t.app, 'support');
    const customer = await buildUser(t.app.db, { role: 'customer' });
    const url = `/api/admin/users/${member.user.id}/sessions`;

    const list = await call(t.app, 'GET', url, { token: admin.token });
    expect(list.status).toBe(200);
    const [session] = list.body.data.sessions;
    expect(session.current).toBe(false);

    const moderator = await signedIn(t.app, 'moderator');
    expect((await call(t.app, 'GET', url, { token: moderator.token })).status).toBe(403);
    expect((await call(t.app, 'DELETE', url, { token: member.token })).status).toBe(403);
    const customerUrl = `/api/admin/users/${customer.id}/sessions`;
    expect((await call(t.app, 'GET', customerUrl, { token: admin.token })).status).toBe(404);

    const end = await call(t.app, 'DELETE', `${url}/${session.id}`, { token: admin.token });
    expect(end.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: member.token })).status).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: member.refreshToken },
    });
    expect(refresh.status).toBe(401);

    const [entry] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'end_session'), eq(activityLogs.resourceId, session.id)));
    expect(entry).toMatchObject({ userId: admin.user.id, details: { userId: member.user.id } });
  });

  it('ends every session of a staff member at once', async () => {
    const admin = await signedIn(t.app, 'admin');
    const member = await buildUser(t.app.db, { role: 'moderator' });
    const one = await signInFrom(member.email, member.password, 'one');
    const two = await signInFrom(member.email, member.password, 'two');
    const res = await call(t.app, 'DELETE', `/api/admin/users/${member.id}/sessions`, { token: admin.token });
    expect(res.body.message).toBe('2 sessions ended');
    for (const gone of [one, two]) {
      expect((await call(t.app, 'GET', '/api/auth/verify', { token: gone.accessToken })).status).toBe(401);
    }
  });
});

describe('re-authentication', () => {
  it('a staff member changes their password only with the current one', async () => {
    const member = await signedIn(t.app, 'support');
    const wrong = await call(t.app, 'PUT', '/api/users/change-password', {
      token: member.token,
      body: { currentPassword: 'not-my-password', newPassword: 'a-new-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const right = await call(t.app, 'PUT', '/api/users/change-password', {
      token: member.token,
      body: { currentPassword: member.user.password, newPassword: 'a-new-password-1' },
    });
    expect(right.status).toBe(200);
    const sessions = await call(t.app, 'GET', '/api/auth/sessions', { token: right.body.data.tokens.accessToken });
    expect(sessions.body.data.sessions).toHaveLength(1);
    expect(sessions.body.data.sessions[0].current).toBe(true);
  });
});
