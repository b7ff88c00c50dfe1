import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder, searchTag as tag } from '../../../test/customer-factories.js';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { indexPlan } from '../../../test/plans.js';
import { orderSearchDocuments, users } from '../../db/schema/index.js';
import { customerSearchCondition } from './customers.service.js';

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

describe('GET /api/admin/customers', () => {
  it('lists customers with their order figures and tier, and never staff', async () => {
    const word = tag();
    const big = await buildUser(t.app.db, { firstName: 'Big', lastName: word, phone: '5551112222' });
    const mid = await buildUser(t.app.db, { firstName: 'Mid', lastName: word });
    const small = await buildUser(t.app.db, { firstName: 'Small', lastName: word });
    const staff = await buildUser(t.app.db, { role: 'support', lastName: word });
    await buildOrder(t.app.db, { customerId: big.id, total: 900.1, status: 'delivered' });
    await buildOrder(t.app.db, { customerId: big.id, total: 99.9, status: 'pending' });
    await buildOrder(t.app.db, { customerId: big.id, total: 5000, status: 'cancelled' });
    await buildOrder(t.app.db, { customerId: mid.id, total: 500, status: 'shipped' });
    await buildOrder(t.app.db, { customerId: mid.id, total: 250, status: 'refunded' });
    await buildOrder(t.app.db, { customerId: null, total: 777 });

    const res = await call(t.app, 'GET', `/api/admin/customers?search=${word}`, { token: support });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const byId = new Map(res.body.data.users.map((u: { id: string }) => [u.id, u]));
    expect(byId.has(staff.id)).toBe(false);
    expect(res.body.data.users).toHaveLength(3);
    expect(byId.get(big.id)).toMatchObject({
      _id: big.id,
      orderCount: 3,
      totalSpent: 1000,
      tier: 'High Value',
      emailVerified: true,
      phone: '5551112222',
      role: 'customer',
      isActive: true,
      lastLogin: null,
    });
    expect(byId.get(mid.id)).toMatchObject({ orderCount: 2, totalSpent: 500, tier: 'Medium Value' });
    expect(byId.get(small.id)).toMatchObject({ orderCount: 0, totalSpent: 0, tier: 'Standard' });
    expect(res.body.data.users[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|argon2|tokensRevokedAt/);
  });

  it('pages by 10 by default, newest first, with pages and totalPages', async () => {
    const word = tag();
    for (let i = 0; i < 12; i++) {
      await buildUser(t.app.db, { firstName: `P${i}`, lastName: word, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    const first = await call(t.app, 'GET', `/api/admin/customers?search=${word}`, { token: admin });
    expect(first.body.data.users).toHaveLength(10);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total: 12, pages: 2, totalPages: 2, exact: true });
    expect(first.body.data.users[0].firstName).toBe('P11');
    const second = await call(t.app, 'GET', `/api/admin/customers?search=${word}&page=2`, { token: admin });
    expect(second.body.data.users.map((u: { firstName: string }) => u.firstName)).toEqual(['P1', 'P0']);
    const big = await call(t.app, 'GET', `/api/admin/customers?search=${word}&limit=100`, { token: admin });
    expect(big.body.data.users).toHaveLength(12);
  });

  it('searches first name, last name, full name, e-mail and phone, case-insensitively', async () => {
    const word = tag();
    const c = await buildUser(t.app.db, {
      firstName: `Ingrid${word}`,
      lastName: `Olsen${word}`,
      email: `ingrid.${word}@shop.example.com`,
      phone: '(555) 987-6543',
    });
    const ids = async (search: string) => {
      const res = await call(t.app, 'GET', `/api/admin/customers?search=${encodeURIComponent(search)}&limit=100`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      return res.body.data.users.map((u: { id: string }) => u.id);
    };
    expect(await ids(`INGRID${word}`)).toEqual([c.id]);
    expect(await ids(`olsen${word}`)).toEqual([c.id]);
    expect(await ids(`Ingrid${word} Olsen`)).toEqual([c.id]);
    expect(await ids(`${word}@SHOP`)).toEqual([c.id]);
    expect(await ids('(555) 987-6543')).toContain(c.id);
    expect(await ids('5559876543')).toContain(c.id);
  });

  it('matches a phone by its digits only in the phone, and answers the unsearched total beside the matches', async () => {
    const word = tag();
    const withPhone = await buildUser(t.app.db, { firstName: 'Phone', lastName: word, phone: '555-246-8000' });
    // Digits in the e-mail are not a phone number: '(246) 800' must not find this one.
    await buildUser(t.app.db, { firstName: 'Mail', lastName: word, email: `m2468000${word}@example.com` });
    const inactive = await buildUser(t.app.db, { firstName: 'Off', lastName: word, isActive: false });
    const digits = await call(t.app, 'GET', `/api/admin/customers?search=${encodeURIComponent('(246) 800')}`, {
      token: admin,
    });
    expect(digits.body.data.users.map((u: { id: string }) => u.id)).toEqual([withPhone.id]);

    const all = await call(t.app, 'GET', '/api/admin/customers?status=inactive', { token: admin });
    const searched = await call(t.app, 'GET', `/api/admin/customers?status=inactive&search=${word}`, {
      token: admin,
    });
    expect(searched.body.data.users.map((u: { id: string }) => u.id)).toEqual([inactive.id]);
    expect(searched.body.data.pagination).toMatchObject({ total: 1, exact: true });
    expect(searched.body.data.overall).toEqual(all.body.data.overall);
    expect(all.body.data.overall).toEqual({ total: all.body.data.pagination.total, exact: true });
  });

  it('searches customers and orders through their trigram indexes', async () => {
    const plan = (query: SQL) => indexPlan(t.app.db, query);
    const customers = t.app.db.select({ id: users.id }).from(users).where(customerSearchCondition('Ann Smith'));
    expect(await plan(customers.getSQL())).toContain('users_search_text_idx');
    const byDigits = t.app.db.select({ id: users.id }).from(users).where(customerSearchCondition('555-019'));
    expect(await plan(byDigits.getSQL())).toContain('users_search_text_idx');
    const docs = orderSearchDocuments;
    const ordersPlan = await plan(sql`SELECT ${docs.orderId} FROM ${docs} WHERE ${docs.document} LIKE '%smith%'`);
    expect(ordersPlan).toContain('order_search_documents_trgm_idx');
  });

  it('treats the search as plain text, not a pattern', async () => {
    const word = tag();
    await buildUser(t.app.db, { lastName: word });
    for (const search of ['%', '_', '\\', "' or 1=1 --", '.*']) {
      const res = await call(t.app, 'GET', `/api/admin/customers?search=${encodeURIComponent(search)}`, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.users).toEqual([]);
    }
  });

  it('filters by status', async () => {
    const word = tag();
    const active = await buildUser(t.app.db, { lastName: word });
    const inactive = await buildUser(t.app.db, { lastName: word, isActive: false });
    const only = async (status: string) =>
      (
        await call(t.app, 'GET', `/api/admin/customers?search=${word}&status=${status}`, { token: admin })
      ).body.data.users.map((u: { id: string }) => u.id);
    expect(await only('active')).toEqual([active.id]);
    expect(await only('inactive')).toEqual([inactive.id]);
  });

  it('filters by registration dates and by whether they ordered, combined with the search', async () => {
    const word = tag();
    const early = await buildUser(t.app.db, { lastName: word, createdAt: new Date('2025-03-10T12:00:00Z') });
    const late = await buildUser(t.app.db, { lastName: word, createdAt: new Date('2025-06-01T08:00:00Z') });
    await buildOrder(t.app.db, { customerId: late.id, total: 40 });
    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/api/admin/customers?search=${word}&${query}`, { token: support })).body.data.users
        .map((u: { id: string }) => u.id)
        .sort();
    expect(await ids('registeredFrom=2025-03-10&registeredTo=2025-03-10')).toEqual([early.id]);
    expect(await ids('registeredFrom=2025-03-11')).toEqual([late.id]);
    expect(await ids('registeredTo=2025-06-01T07:00:00Z')).toEqual([early.id]);
    expect(await ids('hasOrders=yes')).toEqual([late.id]);
    expect(await ids('hasOrders=no')).toEqual([early.id]);
    expect(await ids('hasOrders=no&registeredFrom=2025-04-01')).toEqual([]);
  });

  it('refuses bad queries with 400, never 500', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'limit=0',
      'limit=-1',
      'status=deleted',
      `search=${'x'.repeat(101)}`,
      'registeredFrom=yesterday',
      'registeredTo=2025-13-01',
      'hasOrders=maybe',
    ]) {
      const res = await call(t.app, 'GET', `/api/admin/customers?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('is for staff only: 401 anonymous, 403 for a customer', async () => {
    expect((await call(t.app, 'GET', '/api/admin/customers')).status).toBe(401);
    const customer = await signedIn(t.app, 'customer');
    expect((await call(t.app, 'GET', '/api/admin/customers', { token: customer.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/customers', { token: moderator })).status).toBe(200);
  });
});
