import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, searchTag as tag } from '../../../test/customer-factories.js';
import { API_CLIENT, buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, users } from '../../db/schema/index.js';
import { assertCustomerCanOrder, CUSTOMER_CANNOT_ORDER } from './customer-guard.js';

let t: TestApp;
let admin: string;
let support: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  support = (await signedIn(t.app, 'support')).token;
  moderator = (await signedIn(t.app, 'moderator')).token;
});
afterAll(async () => t.close());

async function lastActivity(resourceId: string) {
  const [row] = await t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resourceId, resourceId), eq(activityLogs.resource, 'customer')))
    .orderBy(desc(activityLogs.createdAt))
    .limit(1);
  return row;
}

describe('GET /api/admin/customers/{id}', () => {
  it('returns the customer with their orders, newest first, and their saved addresses', async () => {
    const c = await buildUser(t.app.db);
    const older = await buildOrder(t.app.db, {
      customerId: c.id,
      total: 120.5,
      createdAt: new Date(Date.UTC(2026, 0, 1)),
      items: [
        { price: 50, quantity: 2 },
        { price: 20.5, quantity: 1 },
      ],
    });
    const newer = await buildOrder(t.app.db, { customerId: c.id, total: 30, status: 'cancelled' });
    const res = await call(t.app, 'GET', `/api/admin/customers/${c.id}`, { token: moderator });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: c.id, orderCount: 2, totalSpent: 120.5, tier: 'Standard' });
    expect(res.body.data.orders).toEqual([
      expect.objectContaining({ id: newer.id, _id: newer.id, status: 'cancelled', total: 30, itemsCount: 1 }),
      expect.objectContaining({
        id: older.id,
        orderNumber: older.orderNumber,
        status: 'delivered',
        paymentStatus: 'paid',
        total: 120.5,
        itemsCount: 3,
        createdAt: '2026-01-01T00:00:00.000Z',
      }),
    ]);
    expect(res.body.data.addresses).toEqual([]);
  });

  it('is 404 for staff and unknown ids, 400 for malformed ids', async () => {
    const staff = await buildUser(t.app.db, { role: 'moderator' });
    const staffRes = await call(t.app, 'GET', `/api/admin/customers/${staff.id}`, { token: admin });
    expect(staffRes.status).toBe(404);
    expect(staffRes.body.error).toBe('Customer not found');
    expect((await call(t.app, 'GET', `/api/admin/customers/${'a'.repeat(24)}`, { token: admin })).status).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/customers/abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid customer ID format. Expected 24 characters, got 3');
    const notHex = await call(t.app, 'GET', `/api/admin/customers/${'z'.repeat(24)}`, { token: admin });
    expect(notHex.body.error).toBe('Expected 24-character hexadecimal string.');
  });
});

describe('PUT /api/admin/customers/{id}', () => {
  it('edits name and phone and logs before/after', async () => {
    const c = await buildUser(t.app.db, { firstName: 'Old', lastName: 'Name', phone: '5550001111' });
    const res = await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, {
      token: support,
      body: { firstName: ' New ', lastName: 'Name', phone: '+1 555 000 2222' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Customer updated successfully');
    expect(res.body.data.user).toMatchObject({ firstName: 'New', lastName: 'Name', phone: '+1 555 000 2222' });
    const log = await lastActivity(c.id);
    expect(log).toMatchObject({ action: 'update', status: 'success' });
    expect(log!.details).toEqual({
      email: c.email,
      changes: {
        firstName: { before: 'Old', after: 'New' },
        phone: { before: '5550001111', after: '+1 555 000 2222' },
      },
    });
    const cleared = await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, {
      token: support,
      body: { firstName: 'New', lastName: 'Name', phone: '' },
    });
    expect(cleared.body.data.user.phone).toBeNull();
  });

  it('gives the validation messages', async () => {
    const c = await buildUser(t.app.db);
    const cases: [unknown, string][] = [
      [{ lastName: 'Name' }, 'First name is required'],
      [{ firstName: '', lastName: 'Name' }, 'First name is required'],
      [{ firstName: 'A', lastName: 'Name' }, 'First name must be at least 2 characters long'],
      [{ firstName: 'Emma', lastName: 'B' }, 'Last name must be at least 2 characters long'],
      [{ firstName: 'Emma', lastName: 'Wilson', phone: 'call me' }, 'Please enter a valid phone number'],
      [{ firstName: 'Emma', lastName: 'Wilson', phone: 12345 }, 'Invalid input: expected string, received number'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it('cannot change role, status, e-mail or the verified flag through the edit', async () => {
    const c = await buildUser(t.app.db);
    for (const extra of [
      { role: 'admin' },
      { isActive: false },
      { email: 'x@example.com' },
      { emailVerified: false },
    ]) {
      const res = await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, {
        token: admin,
        body: { firstName: 'Emma', lastName: 'Wilson', ...extra },
      });
      expect(res.status).toBe(400);
    }
    const [row] = await t.app.db.select().from(users).where(eq(users.id, c.id));
    expect(row).toMatchObject({ role: 'customer', isActive: true, email: c.email, emailVerified: true });
  });

  it('never edits staff (404), refuses moderators (403) and bad bodies (400)', async () => {
    const staff = await buildUser(t.app.db, { role: 'admin' });
    const body = { firstName: 'Hacked', lastName: 'Admin' };
    expect((await call(t.app, 'PUT', `/api/admin/customers/${staff.id}`, { token: admin, body })).status).toBe(404);
    const c = await buildUser(t.app.db);
    expect((await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, { token: moderator, body })).status).toBe(403);
    const raw = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/customers/${c.id}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(raw.statusCode).toBe(400);
    for (const bad of [null, [], 'text', 42]) {
      const res = await call(t.app, 'PUT', `/api/admin/customers/${c.id}`, {
        token: admin,
        body: JSON.stringify(bad),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('PUT /api/admin/customers/{id}/status', () => {
  it('deactivation ends their sessions, blocks sign-in and ordering; reactivation lets them back', async () => {
    const customer = await signedIn(t.app, 'customer');
    const id = customer.user.id;
    expect((await call(t.app, 'GET', '/api/auth/verify', { token: customer.token })).status).toBe(200);

    const res = await call(t.app, 'PUT', `/api/admin/customers/${id}/status`, {
      token: support,
      body: { isActive: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Customer deactivated successfully' });
    expect(res.body.data.user.isActive).toBe(false);

    expect((await call(t.app, 'GET', '/api/auth/verify', { token: customer.token })).status).toBe(401);
    const refresh = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: customer.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: customer.user.email, password: customer.user.password },
    });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Your account has been deactivated. Please contact support.');
    await expect(assertCustomerCanOrder(t.app.db, id)).rejects.toMatchObject({
      statusCode: 403,
      code: 'ACCOUNT_DEACTIVATED',
      message: CUSTOMER_CANNOT_ORDER,
    });
    expect((await lastActivity(id))!).toMatchObject({
      action: 'update_status',
      details: { email: customer.user.email, changes: { isActive: { before: true, after: false } } },
    });

    const back = await call(t.app, 'PUT', `/api/admin/customers/${id}/status`, {
      token: admin,
      body: { isActive: true },
    });
    expect(back.body.message).toBe('Customer activated successfully');
    const again = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: customer.user.email, password: customer.user.password },
    });
    expect(again.status).toBe(200);
    await expect(assertCustomerCanOrder(t.app.db, id)).resolves.toBeUndefined();
  });

  it('assertCustomerCanOrder is 404 for staff and unknown ids', async () => {
    const staff = await buildUser(t.app.db, { role: 'admin' });
    await expect(assertCustomerCanOrder(t.app.db, staff.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(assertCustomerCanOrder(t.app.db, 'b'.repeat(24))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses bad bodies, moderators and staff targets', async () => {
    const c = await buildUser(t.app.db);
    for (const body of [{}, { isActive: 'no' }, { isActive: 0 }, { isActive: false, role: 'admin' }]) {
      const res = await call(t.app, 'PUT', `/api/admin/customers/${c.id}/status`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const deny = await call(t.app, 'PUT', `/api/admin/customers/${c.id}/status`, {
      token: moderator,
      body: { isActive: false },
    });
    expect(deny.status).toBe(403);
    const staff = await buildUser(t.app.db, { role: 'support' });
    const res = await call(t.app, 'PUT', `/api/admin/customers/${staff.id}/status`, {
      token: admin,
      body: { isActive: false },
    });
    expect(res.status).toBe(404);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, staff.id));
    expect(row!.isActive).toBe(true);
  });

  it('does not log a change that changes nothing', async () => {
    const c = await buildUser(t.app.db);
    await call(t.app, 'PUT', `/api/admin/customers/${c.id}/status`, { token: admin, body: { isActive: true } });
    expect(await lastActivity(c.id)).toBeUndefined();
  });
});

describe('anonymised accounts', () => {
  it('are neither listed nor managed', async () => {
    const word = tag();
    const gone = await buildUser(t.app.db, { lastName: word, deletedAt: new Date(), isActive: false });
    const res = await call(t.app, 'GET', `/api/admin/customers?search=${word}`, { token: admin });
    expect(res.body.data.users).toEqual([]);
    expect((await call(t.app, 'GET', `/api/admin/customers/${gone.id}`, { token: admin })).status).toBe(404);
    const reactivate = await call(t.app, 'PUT', `/api/admin/customers/${gone.id}/status`, {
      token: admin,
      body: { isActive: true },
    });
    expect(reactivate.status).toBe(404);
  });
});

describe('deactivation while an order is being placed', () => {
  it('waits for the order transaction that checked the customer, then takes effect', async () => {
    const c = await buildUser(t.app.db);
    const events: string[] = [];
    let deactivation: Promise<unknown> | undefined;
    await t.app.db.transaction(async (tx) => {
      await assertCustomerCanOrder(tx, c.id);
      deactivation = call(t.app, 'PUT', `/api/admin/customers/${c.id}/status`, {
        token: admin,
        body: { isActive: false },
      }).then((res) => events.push(`deactivated ${res.status}`));
      await new Promise((r) => setTimeout(r, 300));
      events.push('order committed');
    });
    await deactivation;
    expect(events).toEqual(['order committed', 'deactivated 200']);
    await expect(assertCustomerCanOrder(t.app.db, c.id)).rejects.toMatchObject({ statusCode: 403 });
  });
});
