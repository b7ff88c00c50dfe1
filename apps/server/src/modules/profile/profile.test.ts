import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/customer-factories.js';
import { API_CLIENT, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, addresses, orders, paymentMethods, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const customer = () => signedIn(t.app, 'customer', { phone: '5550123456' });

describe('GET and PUT /api/users/profile', () => {
  it('returns the own profile with default preferences, never secrets', async () => {
    const me = await customer();
    const res = await call(t.app, 'GET', '/api/users/profile', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: me.user.id,
      email: me.user.email,
      role: 'customer',
      phone: '5550123456',
      preferences: { newsletter: false, preferredSizes: [], preferredColors: [], currency: 'USD' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|tokensRevokedAt/);
  });

  it('updates name and phone and logs the change', async () => {
    const me = await customer();
    const res = await call(t.app, 'PUT', '/api/users/profile', {
      token: me.token,
      body: { firstName: 'Emma', lastName: 'Stone', phone: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data.user).toMatchObject({ firstName: 'Emma', lastName: 'Stone', phone: null });
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resourceId, me.user.id), eq(activityLogs.resource, 'profile')));
    expect(log!.details).toMatchObject({ changes: { phone: { before: '5550123456', after: null } } });
  });

  it('gives the validation messages and refuses fields the customer does not own', async () => {
    const me = await customer();
    const cases: [unknown, string][] = [
      [{ lastName: 'Stone' }, 'First name is required'],
      [{ firstName: 'E', lastName: 'Stone' }, 'First name must be at least 2 characters long'],
      [{ firstName: 'Emma', lastName: '' }, 'Last name is required'],
      [{ firstName: 'Emma', lastName: 'Stone', phone: 'abc' }, 'Please enter a valid phone number'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'PUT', '/api/users/profile', { token: me.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    for (const extra of [
      { role: 'admin' },
      { isActive: false },
      { emailVerified: true },
      { email: 'new@example.com' },
      { id: 'a'.repeat(24) },
    ]) {
      const res = await call(t.app, 'PUT', '/api/users/profile', {
        token: me.token,
        body: { firstName: 'Emma', lastName: 'Stone', ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ role: 'customer', isActive: true, emailVerified: true, email: me.user.email });
  });

  it('is for customers only (the password change is for everyone): 401 anonymous, 403 staff', async () => {
    const admin = await signedIn(t.app, 'admin');
    expect((await call(t.app, 'PUT', '/api/users/change-password', { body: {} })).status).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/users/profile'],
      ['PUT', '/api/users/profile'],
      ['GET', '/api/users/addresses'],
      ['POST', '/api/users/addresses'],
      ['PUT', `/api/users/addresses/${'a'.repeat(24)}`],
      ['DELETE', `/api/users/addresses/${'a'.repeat(24)}`],
      ['PUT', '/api/users/preferences'],
      ['DELETE', '/api/users/account'],
    ] as const) {
      expect((await call(t.app, method, url, { body: {} })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method, url, { token: admin.token, body: {} })).status, `${method} ${url}`).toBe(403);
    }
  });
});

describe('PUT /api/users/change-password', () => {
  it('needs the current password, ends other sessions and keeps the caller signed in', async () => {
    const me = await customer();
    const other = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: me.user.email, password: me.user.password },
    });
    const otherToken = other.body.data.tokens.accessToken;

    const wrong = await call(t.app, 'PUT', '/api/users/change-password', {
      token: me.token,
      body: { currentPassword: 'not-my-password', newPassword: 'BrandNew123!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD', error: 'Current password is incorrect' });

    // Tokens issued in the same millisecond as the revocation would survive it; step past it.
    await new Promise((r) => setTimeout(r, 5));
    const res = await call(t.app, 'PUT', '/api/users/change-password', {
      token: me.token,
      headers: API_CLIENT,
      body: { currentPassword: me.user.password, newPassword: 'BrandNew123!' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully. Other sessions have been signed out.');
    const { accessToken, refreshToken } = res.body.data.tokens;

    expect((await call(t.app, 'GET', '/api/users/profile', { token: otherToken })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: me.token })).status).toBe(401);
    const stale = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: me.refreshToken },
    });
    expect(stale.status).toBe(401);
    expect((await call(t.app, 'GET', '/api/users/profile', { token: accessToken })).status).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken } })).status,
    ).toBe(200);

    const oldLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: me.user.email, password: me.user.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: me.user.email, password: 'BrandNew123!' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('gives the validation messages', async () => {
    const me = await customer();
    const cases: [unknown, string][] = [
      [{ newPassword: 'BrandNew123!' }, 'Current password is required'],
      [{ currentPassword: me.user.password }, 'Password is required'],
      [{ currentPassword: me.user.password, newPassword: 'short' }, 'Password must be at least 8 characters long'],
      [
        { currentPassword: me.user.password, newPassword: 'x'.repeat(129) },
        'Password must be at most 128 characters long',
      ],
      [
        { currentPassword: me.user.password, newPassword: me.user.password },
        'New password must be different from the current password',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'PUT', '/api/users/change-password', { token: me.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('throttles password guesses with a stolen session like sign-in does', async () => {
    const me = await customer();
    const ip = '198.51.100.23';
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'PUT', '/api/users/change-password', {
        token: me.token,
        ip,
        body: { currentPassword: `guess-${i}-wrong`, newPassword: 'BrandNew123!' },
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call(t.app, 'PUT', '/api/users/change-password', {
      token: me.token,
      body: { currentPassword: me.user.password, newPassword: 'BrandNew123!' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('PUT /api/users/preferences', () => {
  it('merges the given preferences and keeps the rest', async () => {
    const me = await customer();
    const first = await call(t.app, 'PUT', '/api/users/preferences', {
      token: me.token,
      body: { newsletter: true, preferredSizes: ['M', 'L', 'M'], preferredColors: ['Navy'] },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.preferences).toEqual({
      newsletter: true,
      preferredSizes: ['M', 'L'],
      preferredColors: ['Navy'],
      currency: 'USD',
    });
    const second = await call(t.app, 'PUT', '/api/users/preferences', { token: me.token, body: { currency: 'EUR' } });
    expect(second.body.data.preferences).toMatchObject({
      newsletter: true,
      preferredSizes: ['M', 'L'],
      currency: 'EUR',
    });
    const profile = await call(t.app, 'GET', '/api/users/profile', { token: me.token });
    expect(profile.body.data.user.preferences.currency).toBe('EUR');
  });

  it('refuses unknown sizes, colors, currencies and fields', async () => {
    const me = await customer();
    for (const body of [
      { preferredSizes: ['XXXL'] },
      { preferredColors: ['Chartreuse'] },
      { preferredColors: 'Navy' },
      { currency: 'BTC' },
      { newsletter: 'yes' },
      { theme: 'dark' },
    ]) {
      const res = await call(t.app, 'PUT', '/api/users/preferences', { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('DELETE /api/users/account', () => {
  it('anonymises and deactivates the account, removes addresses and payment methods, keeps orders', async () => {
    const me = await customer();
    const id = me.user.id;
    await t.app.db.insert(addresses).values({
      userId: id,
      firstName: 'Emma',
      lastName: 'Wilson',
      street: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'USA',
      phone: '5550123456',
    });
    await t.app.db
      .insert(paymentMethods)
      .values({ userId: id, provider: 'test', providerToken: 'tok_1', last4: '4242' });
    const order = await buildOrder(t.app.db, { customerId: id, total: 42 });

    const wrong = await call(t.app, 'DELETE', '/api/users/account', {
      token: me.token,
      body: { password: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Password is incorrect');
    const missing = await call(t.app, 'DELETE', '/api/users/account', { token: me.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Password is required');

    const res = await call(t.app, 'DELETE', '/api/users/account', {
      token: me.token,
      body: { password: me.user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Account deleted successfully' });

    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      email: `deleted-${id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'Customer',
      phone: null,
      isActive: false,
    });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await t.app.db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
    expect(await t.app.db.select().from(paymentMethods).where(eq(paymentMethods.userId, id))).toEqual([]);
    const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept!.customerId).toBe(id);

    expect((await call(t.app, 'GET', '/api/users/profile', { token: me.token })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken: me.refreshToken } }))
        .status,
    ).toBe(401);
    for (const email of [me.user.email, `deleted-${id}@deleted.invalid`]) {
      const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: me.user.password } });
      expect(login.status).toBe(401);
    }
    const [log] = await t.app.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resourceId, id), eq(activityLogs.action, 'delete')))
      .orderBy(desc(activityLogs.createdAt));
    expect(log).toMatchObject({ resource: 'user', userEmail: `deleted-${id}@deleted.invalid` });
    // The e-mail is free again for a new registration.
    const again = await call(t.app, 'POST', '/api/auth/register', {
      body: { email: me.user.email, password: 'Another123!', firstName: 'Emma', lastName: 'Again' },
    });
    expect(again.status).toBe(201);
  });
});
