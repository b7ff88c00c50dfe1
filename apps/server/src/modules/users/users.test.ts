import { ADMIN_PROTECTED_MESSAGE, ASSIGN_ROLE_MESSAGE, CREATE_ROLE_MESSAGE, PHONE_MESSAGE } from '@seamline/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

let seq = 0;
const newUserBody = (overrides: Record<string, unknown> = {}) => {
  seq += 1;
  return {
    email: `staff${seq}-${Date.now()}@example.com`,
    password: 'Str0ngPassw0rd',
    firstName: 'Maria',
    lastName: `Staff${seq}`,
    ...overrides,
  };
};
const createUser = (body: unknown, token = admin.token) => call(t.app, 'POST', '/api/admin/users', { token, body });
const setStatus = (id: string, body: unknown, token = admin.token) =>
  call(t.app, 'PUT', `/api/admin/users/${id}/status`, { token, body });
const list = (query: string, token = admin.token) => call(t.app, 'GET', `/api/admin/users?${query}`, { token });
const logsFor = (resourceId: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resource, 'user'), eq(activityLogs.resourceId, resourceId)))
    .orderBy(desc(activityLogs.createdAt));

describe('POST /api/admin/users', () => {
  it('creates a support user by default, logs it without the password, and the user can sign in', async () => {
    const body = newUserBody({ email: '  New.Person@Example.com ', phone: '555 123-4567' });
    const res = await createUser(body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('User created successfully');
    const user = res.body.data.user;
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'Maria',
      lastName: body.lastName,
      phone: '5551234567',
      role: 'support',
      isActive: true,
      lastLogin: null,
    });
    expect(user._id).toBe(user.id);
    expect(user.id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);

    const [log] = await logsFor(user.id);
    expect(log).toMatchObject({ action: 'create', resource: 'user', status: 'success', userId: admin.user.id });
    expect(log!.details).toMatchObject({ changes: { role: { before: null, after: 'support' } } });
    expect(JSON.stringify(log!.details)).not.toContain(body.password);
    expect(JSON.stringify(log!.details)).not.toMatch(/argon2/);

    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'new.person@example.com', password: body.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('support');
  });

  it('creates a moderator and treats an empty phone as none', async () => {
    const res = await createUser(newUserBody({ role: 'moderator', phone: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'moderator', phone: null });
  });

  it.each(['admin', 'customer', 'superuser', 7])('refuses to create role %s', async (role) => {
    const res = await createUser(newUserBody({ role }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: CREATE_ROLE_MESSAGE });
  });

  it.each([
    ['email', undefined, 'Email is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-address', 'Please enter a valid email address'],
    ['password', undefined, 'Password is required'],
    ['password', '', 'Password is required'],
    ['password', 'short1!', 'Password must be at least 8 characters long'],
    ['firstName', undefined, 'First name is required'],
    ['firstName', '   ', 'First name is required'],
    ['firstName', 'A', 'First name must be at least 2 characters long'],
    ['lastName', undefined, 'Last name is required'],
    ['lastName', '', 'Last name is required'],
    ['lastName', ' B ', 'Last name must be at least 2 characters long'],
    ['phone', '0551234567', PHONE_MESSAGE],
    ['phone', '12345', PHONE_MESSAGE],
    ['phone', 'call me', PHONE_MESSAGE],
    ['phone', 5551234567, PHONE_MESSAGE],
  ])('%s = %j gives "%s"', async (field, value, message) => {
    const body: Record<string, unknown> = newUserBody();
    if (value === undefined) delete body[field];
    else body[field] = value;
    const res = await createUser(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details).toContainEqual({ field, message });
  });

  it('accepts an international number with a plus sign', async () => {
    const res = await createUser(newUserBody({ phone: '+44 20 7946 0958' }));
    expect(res.status).toBe(201);
    expect(res.body.data.user.phone).toBe('+442079460958');
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const body = newUserBody();
    expect((await createUser(body)).status).toBe(201);
    const again = await createUser({ ...newUserBody(), email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'An account with this email already exists', code: 'EMAIL_TAKEN' });
    const customer = await buildUser(t.app.db);
    expect((await createUser({ ...newUserBody(), email: customer.email })).status).toBe(409);
  });

  it('lets exactly one of two simultaneous creations with the same e-mail win', async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all([createUser(newUserBody({ email })), createUser(newUserBody({ email }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('An account with this email already exists');
  });
});

describe('access', () => {
  it('refuses anonymous callers with 401 on every call', async () => {
    const target = await buildUser(t.app.db, { role: 'support' });
    const responses = [
      await call(t.app, 'GET', '/api/admin/users'),
      await call(t.app, 'GET', `/api/admin/users/${target.id}`),
      await call(t.app, 'POST', '/api/admin/users', { body: newUserBody() }),
      await call(t.app, 'PUT', `/api/admin/users/${target.id}/status`, { body: { isActive: false } }),
    ];
    for (const res of responses) expect(res.status).toBe(401);
  });

  it('refuses customers everything with 403', async () => {
    const { token } = await signedIn(t.app, 'customer');
    const target = await buildUser(t.app.db, { role: 'support' });
    expect((await list('', token)).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/admin/users/${target.id}`, { token })).status).toBe(403);
    expect((await createUser(newUserBody(), token)).status).toBe(403);
    expect((await setStatus(target.id, { isActive: false }, token)).status).toBe(403);
  });

  it.each(['support', 'moderator'] as const)('lets %s read but not write', async (role) => {
    const { token } = await signedIn(t.app, role);
    const target = await buildUser(t.app.db, { role: 'support' });
    expect((await list('', token)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/admin/users/${target.id}`, { token })).status).toBe(200);
    const created = await createUser(newUserBody(), token);
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('FORBIDDEN');
    expect((await setStatus(target.id, { isActive: false }, token)).status).toBe(403);
    expect((await setStatus(target.id, { role: 'moderator' }, token)).status).toBe(403);
    const [after] = await logsFor(target.id);
    expect(after).toBeUndefined();
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('returns a staff user', async () => {
    const target = await buildUser(t.app.db, { role: 'moderator' });
    const res = await call(t.app, 'GET', `/api/admin/users/${target.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: target.id, _id: target.id, role: 'moderator' });
  });

  it('does not show customers (404) or unknown ids (404)', async () => {
    const customer = await buildUser(t.app.db);
    for (const id of [customer.id, 'f'.repeat(24)]) {
      const res = await call(t.app, 'GET', `/api/admin/users/${id}`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'User not found', code: 'NOT_FOUND' });
    }
  });

  it('answers malformed ids with 400', async () => {
    const short = await call(t.app, 'GET', '/api/admin/users/abc', { token: admin.token });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Invalid user ID format. Expected 24 characters, got 3');
    const notHex = await call(t.app, 'GET', `/api/admin/users/${'z'.repeat(24)}`, { token: admin.token });
    expect(notHex.status).toBe(400);
    expect(notHex.body.error).toBe('Expected 24-character hexadecimal string.');
  });
});

describe('PUT /api/admin/users/{id}/status', () => {
  it('changes the role, logs before/after, and the new role applies at once', async () => {
    const target = await signedIn(t.app, 'moderator');
    const res = await setStatus(target.user.id, { role: 'support' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.data.user).toMatchObject({ role: 'support', isActive: true });
    const [log] = await logsFor(target.user.id);
    expect(log).toMatchObject({ action: 'update_status', userId: admin.user.id });
    expect(log!.details).toMatchObject({ changes: { role: { before: 'moderator', after: 'support' } } });
    // The moderator's own token still works (not a deactivation) but now carries support's rights.
    expect((await list('', target.token)).status).toBe(200);
  });

  it('deactivates: sessions end at once, sign-in is refused, and it is logged', async () => {
    const target = await signedIn(t.app, 'support');
    const res = await setStatus(target.user.id, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${target.user.firstName} ${target.user.lastName} deactivated successfully`);
    expect(res.body.data.user.isActive).toBe(false);

    expect((await call(t.app, 'GET', '/api/auth/verify', { token: target.token })).status).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: target.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: target.user.email, password: target.user.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Your account has been deactivated. Please contact support.');

    const [log] = await logsFor(target.user.id);
    expect(log).toMatchObject({ action: 'deactivate', resource: 'user', status: 'success' });
    expect(log!.details).toMatchObject({ changes: { isActive: { before: true, after: false } } });
  });

  it('reactivates a deactivated user, who can sign in again (old tokens stay dead)', async () => {
    const target = await signedIn(t.app, 'support');
    await setStatus(target.user.id, { isActive: false });
    const res = await setStatus(target.user.id, { isActive: true, role: 'moderator' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.data.user).toMatchObject({ isActive: true, role: 'moderator' });
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: target.token })).status).toBe(401);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: target.user.email, password: target.user.password },
    });
    expect(login.status).toBe(200);
    const [log] = await logsFor(target.user.id);
    expect(log).toMatchObject({ action: 'update_status' });
    expect(log!.details).toMatchObject({
      changes: { isActive: { before: false, after: true }, role: { before: 'support', after: 'moderator' } },
    });
  });

  it('writes nothing when nothing changes', async () => {
    const target = await buildUser(t.app.db, { role: 'support' });
    const res = await setStatus(target.id, { isActive: true, role: 'support' });
    expect(res.status).toBe(200);
    expect(await logsFor(target.id)).toEqual([]);
  });

  it('protects admin accounts, including the caller, with 403', async () => {
    const otherAdmin = await buildUser(t.app.db, { role: 'admin' });
    for (const id of [otherAdmin.id, admin.user.id]) {
      for (const body of [{ isActive: false }, { role: 'support' }, { isActive: true }]) {
        const res = await setStatus(id, body);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe(ADMIN_PROTECTED_MESSAGE);
      }
    }
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: admin.token })).status).toBe(200);
  });

  it('does not manage customers (404)', async () => {
    const customer = await buildUser(t.app.db);
    const res = await setStatus(customer.id, { isActive: false });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('User not found');
  });

  it.each([
    [{ role: 'admin' }, ASSIGN_ROLE_MESSAGE],
    [{ role: 'customer' }, ASSIGN_ROLE_MESSAGE],
    [{ isActive: 'false' }, 'isActive must be true or false'],
    [{}, 'Provide isActive, role or both'],
  ])('refuses %j', async (body, message) => {
    const target = await buildUser(t.app.db, { role: 'support' });
    const res = await setStatus(target.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers malformed ids with 400 and unknown ones with 404', async () => {
    expect((await setStatus('123', { isActive: false })).body.error).toBe(
      'Invalid user ID format. Expected 24 characters, got 3',
    );
    expect((await setStatus('0'.repeat(24), { isActive: false })).status).toBe(404);
  });
});
