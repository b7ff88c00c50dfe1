import { REFRESH_COOKIE } from '@seamline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, buildUser, codeFor, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type JsonResponse, type TestApp } from '../../../test/harness.js';
import { setupChallenge, withTwoFactor } from '../../../test/two-factor.js';
import { activityLogs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BACK_OFFICE = { 'x-seamline-client': 'back-office' };
const SHOP = { 'x-seamline-client': 'shop' };
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

type Cookie = { name: string; value: string; attributes: Record<string, string | true> };

/** The one Set-Cookie of an answer, taken apart (name, value, lower-cased attributes). */
function setCookie(res: JsonResponse): Cookie {
  const header = res.headers['set-cookie'];
  const all: string[] = Array.isArray(header) ? header.map(String) : header === undefined ? [] : [String(header)];
  expect(all, 'exactly one Set-Cookie').toHaveLength(1);
  const [pair, ...rest] = all[0]!.split(';').map((part) => part.trim());
  const separator = pair!.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attribute of rest) {
    const [key, value] = attribute.split('=');
    attributes[key!.toLowerCase()] = value ?? true;
  }
  return { name: pair!.slice(0, separator), value: pair!.slice(separator + 1), attributes };
}

const cookieHeader = (cookie: Cookie) => ({ cookie: `${cookie.name}=${cookie.value}` });

async function browserSignIn(headers: Record<string, string>, role: 'support' | 'customer' = 'support') {
  const user = await buildUser(t.app.db, { role });
  const res = await call(t.app, 'POST', '/api/auth/login', {
    headers,
    body: { email: user.email, password: user.password },
  });
  expect(res.status).toBe(200);
  return { user, res, cookie: setCookie(res) };
}

const refresh = (headers: Record<string, string>, body?: unknown) =>
  call(t.app, 'POST', '/api/auth/refresh', { headers, ...(body === undefined ? {} : { body }) });

describe('browser sign-in', () => {
  it('sets the refresh token as an HttpOnly, Secure, SameSite=Strict cookie on the auth path, never in the answer', async () => {
    const { res, cookie } = await browserSignIn(BACK_OFFICE);
    expect(cookie.name).toBe('seamline_refresh');
    expect(cookie.value.length).toBeGreaterThan(30);
    expect(cookie.attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Strict', path: '/api/auth' });
    expect(REFRESH_COOKIE.path).toBe('/api/auth');
    const maxAge = Number(cookie.attributes['max-age']);
    expect(maxAge).toBeGreaterThan(SEVEN_DAYS_S - 60);
    expect(maxAge).toBeLessThanOrEqual(SEVEN_DAYS_S);
    expect(Object.keys(res.body.data.tokens)).toEqual(['accessToken']);
    expect(JSON.stringify(res.body)).not.toContain(cookie.value);
  });

  it('gives the storefront a cookie of its own, so a staff and a shopper session in one browser stay apart', async () => {
    const shop = await browserSignIn(SHOP, 'customer');
    expect(shop.cookie.name).toBe('seamline_shop_refresh');
    const office = await browserSignIn(BACK_OFFICE);
    // Both cookies travel together; each app's refresh reads its own.
    const both = { cookie: `${office.cookie.name}=${office.cookie.value}; ${shop.cookie.name}=${shop.cookie.value}` };
    const asShop = await refresh({ ...SHOP, ...both });
    expect(asShop.status).toBe(200);
    expect(setCookie(asShop).name).toBe('seamline_shop_refresh');
    const me = await call(t.app, 'GET', '/api/auth/verify', { token: asShop.body.data.tokens.accessToken });
    expect(me.body.data.user.id).toBe(shop.user.id);
  });

  it('registration, the two-factor step and the required setup set the cookie too', async () => {
    const register = await call(t.app, 'POST', '/api/auth/register', {
      headers: SHOP,
      body: { email: `cookie-${Date.now()}@example.com`, password: 'Register-pass-42' },
    });
    expect(register.status).toBe(201);
    expect(setCookie(register).name).toBe('seamline_shop_refresh');
    expect(register.body.data.tokens.refreshToken).toBeUndefined();

    const member = await withTwoFactor(t.app);
    const first = await call(t.app, 'POST', '/api/auth/login', {
      headers: BACK_OFFICE,
      body: { email: member.user.email, password: member.user.password },
    });
    expect(first.headers['set-cookie']).toBeUndefined();
    const verified = await call(t.app, 'POST', '/api/auth/login/two-factor', {
      headers: BACK_OFFICE,
      body: { challengeToken: first.body.data.twoFactor.challengeToken, code: codeFor(member.secret) },
    });
    expect(verified.status).toBe(200);
    expect(setCookie(verified).attributes).toMatchObject({ httponly: true, path: '/api/auth' });
    expect(verified.body.data.tokens.refreshToken).toBeUndefined();

    const { challengeToken } = await setupChallenge(t.app);
    const setup = await call(t.app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } });
    const enabled = await call(t.app, 'POST', '/api/auth/login/two-factor/enable', {
      headers: BACK_OFFICE,
      body: { challengeToken, code: codeFor(setup.body.data.secret) },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.recoveryCodes).toHaveLength(10);
    expect(setCookie(enabled).name).toBe('seamline_refresh');
    expect(enabled.body.data.tokens.refreshToken).toBeUndefined();
  });

  it('a password change replaces the cookie with the new session', async () => {
    const { user, res, cookie } = await browserSignIn(BACK_OFFICE);
    await new Promise((r) => setTimeout(r, 5));
    const changed = await call(t.app, 'PUT', '/api/users/change-password', {
      token: res.body.data.tokens.accessToken,
      headers: BACK_OFFICE,
      body: { currentPassword: user.password, newPassword: 'Changed-pass-42' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.tokens.refreshToken).toBeUndefined();
    const next = setCookie(changed);
    expect(next.value).not.toBe(cookie.value);
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(401);
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(next) })).status).toBe(200);
  });
});

describe('refresh by cookie', () => {
  it('rotates the cookie and answers a new access token only', async () => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    const res = await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.tokens)).toEqual(['accessToken']);
    const next = setCookie(res);
    expect(next.value).not.toBe(cookie.value);
    expect(next.attributes).toMatchObject({ httponly: true, secure: true, samesite: 'Strict', path: '/api/auth' });
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: res.body.data.tokens.accessToken })).status).toBe(
      200,
    );
  });

  it('a spent cookie is a reuse: 401, the cookie cleared and the whole session ended', async () => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    const next = setCookie(await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) }));
    const reuse = await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) });
    expect(reuse.status).toBe(401);
    const cleared = setCookie(reuse);
    expect(cleared).toMatchObject({ name: 'seamline_refresh', value: '' });
    expect(cleared.attributes).toMatchObject({ 'max-age': '0', path: '/api/auth' });
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(next) })).status).toBe(401);
  });

  it('without a cookie or token: 401 "please sign in", the cookie cleared', async () => {
    const res = await refresh(BACK_OFFICE);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('No session to refresh: please sign in');
    expect(setCookie(res).attributes['max-age']).toBe('0');
  });

  it.each([
    ['no X-Seamline-Client header', {}],
    ['a cross-site Origin', { ...BACK_OFFICE, origin: 'https://evil.example' }],
    ['an opaque Origin', { ...BACK_OFFICE, origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { ...BACK_OFFICE, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { ...BACK_OFFICE, 'sec-fetch-site': 'same-site' }],
  ])('with %s: 403, nothing rotated and the cookie left alone', async (_case, headers) => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    const refused = await refresh({ ...headers, ...cookieHeader(cookie) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'CSRF_REJECTED' });
    expect(refused.body.error).toMatch(/x-seamline-client|other sites/);
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The token was not spent: it still renews the session, once.
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(200);
  });

  it("accepts this site's own Origin and Sec-Fetch-Site: same-origin", async () => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    const res = await refresh({
      ...BACK_OFFICE,
      ...cookieHeader(cookie),
      host: 'shop.example.test',
      origin: 'https://shop.example.test',
      'sec-fetch-site': 'same-origin',
    });
    expect(res.status).toBe(200);
    const publicOrigin = await refresh({ ...BACK_OFFICE, ...cookieHeader(setCookie(res)), origin: t.config.publicUrl });
    expect(publicOrigin.status).toBe(200);
  });

  it('an `api` caller cannot trade a cookie for a token in the answer', async () => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    const res = await refresh({ ...API_CLIENT, ...cookieHeader(cookie) });
    expect(res.status).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(200);
  });

  it('moves a session kept in localStorage before the cookie: the old token once in the body sets the cookie', async () => {
    const { refreshToken } = await signedIn(t.app, 'support');
    const moved = await refresh(BACK_OFFICE, { refreshToken });
    expect(moved.status).toBe(200);
    expect(Object.keys(moved.body.data.tokens)).toEqual(['accessToken']);
    const cookie = setCookie(moved);
    expect(cookie.name).toBe('seamline_refresh');
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(200);
    // The old token was spent by the move.
    expect((await refresh(API_CLIENT, { refreshToken })).status).toBe(401);
  });
});

describe('logout by cookie', () => {
  it('needs no access token: ends the cookie’s session, clears the cookie and logs who left', async () => {
    const { user, res, cookie } = await browserSignIn(BACK_OFFICE);
    const out = await call(t.app, 'POST', '/api/auth/logout', { headers: { ...BACK_OFFICE, ...cookieHeader(cookie) } });
    expect(out.status).toBe(200);
    expect(setCookie(out)).toMatchObject({ name: 'seamline_refresh', value: '', attributes: { 'max-age': '0' } });
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: res.body.data.tokens.accessToken })).status).toBe(
      401,
    );
    const [entry] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'logout'), eq(activityLogs.resourceId, user.id)));
    expect(entry).toMatchObject({ userId: user.id, userEmail: user.email, status: 'success' });
    expect(JSON.stringify(entry)).not.toContain(cookie.value);
  });

  it('refuses a logout without the header or from another site (403) and the session lives on', async () => {
    const { cookie } = await browserSignIn(BACK_OFFICE);
    for (const headers of [{}, { ...BACK_OFFICE, origin: 'https://evil.example' }]) {
      const out = await call(t.app, 'POST', '/api/auth/logout', { headers: { ...headers, ...cookieHeader(cookie) } });
      expect(out.status).toBe(403);
      expect(out.headers['set-cookie']).toBeUndefined();
    }
    expect((await refresh({ ...BACK_OFFICE, ...cookieHeader(cookie) })).status).toBe(200);
  });

  it('without a cookie still clears it and answers 200 (signing out twice is no error)', async () => {
    const out = await call(t.app, 'POST', '/api/auth/logout', { headers: SHOP });
    expect(out.status).toBe(200);
    expect(setCookie(out)).toMatchObject({ name: 'seamline_shop_refresh', value: '' });
  });
});
