import { COUNT_EXACT_LIMIT, PAGE_SIZES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let other: Awaited<ReturnType<typeof signedIn>>;
const URL = '/api/admin/activity-logs';

const ctxOf = (user: { id: string; email: string }): AuditContext => ({
  userId: user.id,
  userEmail: user.email,
  ip: '10.0.0.1',
  userAgent: 'test-agent',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin', { firstName: 'Ada', lastName: 'Admin' });
  other = await signedIn(t.app, 'moderator');
  const a = ctxOf(admin.user);
  const o = ctxOf(other.user);
  // Two sign-ins already logged; now a known set of changes with distinct texts.
  await writeActivity(t.app.db, a, {
    action: 'create',
    resource: 'product',
    resourceId: 'a'.repeat(24),
    details: { name: 'Linen Shirt 100% cotton' },
  });
  await writeActivity(t.app.db, a, {
    action: 'update',
    resource: 'coupon',
    resourceId: 'b'.repeat(24),
    details: { changes: { name: { before: 'SUMMER_SALE', after: 'Winter (sale)' } } },
  });
  await writeActivity(t.app.db, o, {
    action: 'delete',
    resource: 'brand',
    resourceId: 'c'.repeat(24),
    status: 'failure',
    details: { name: 'Nordic.*Wear' },
  });
  await writeActivity(t.app.db, o, { action: 'stock_add', resource: 'inventory', resourceId: 'd'.repeat(24) });
});
afterAll(() => t.close());

const list = (query = '', token = admin.token) => call(t.app, 'GET', `${URL}${query}`, { token });

describe('GET /api/admin/activity-logs', () => {
  it('lists newest first with user, action, resource, status, details, ip, user agent and pagination', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const { logs, pagination } = res.body.data;
    expect(pagination).toEqual({
      page: 1,
      limit: PAGE_SIZES.activityLogs,
      total: 6,
      pages: 1,
      totalPages: 1,
      exact: true,
    });
    expect(logs.map((l: { action: string }) => l.action)).toEqual([
      'stock_add',
      'delete',
      'update',
      'create',
      'login',
      'login',
    ]);
    const create = logs[3];
    expect(create).toMatchObject({
      _id: create.id,
      user: { email: admin.user.email, firstName: 'Ada', lastName: 'Admin' },
      action: 'create',
      resource: 'product',
      resourceId: 'a'.repeat(24),
      status: 'success',
      details: { name: 'Linen Shirt 100% cotton' },
      ip: '10.0.0.1',
      userAgent: 'test-agent',
    });
    expect(new Date(create.createdAt).toISOString()).toBe(create.createdAt);
  });

  it('filters by user, action, resource, status and dates', async () => {
    const byUser = await list(`?userId=${other.user.id}`);
    expect(byUser.body.data.logs.map((l: { action: string }) => l.action)).toEqual(['stock_add', 'delete', 'login']);
    expect((await list('?action=update')).body.data.logs).toHaveLength(1);
    expect((await list('?resource=brand')).body.data.logs[0].action).toBe('delete');
    const failures = (await list('?status=failure')).body.data.logs;
    expect(failures.map((l: { resource: string }) => l.resource)).toEqual(['brand']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?startDate=${today}&endDate=${today}`)).body.data.pagination.total).toBe(6);
    expect((await list('?endDate=2000-01-01')).body.data.logs).toEqual([]);
    expect((await list('?startDate=2999-01-01T00:00:00Z')).body.data.pagination).toMatchObject({ total: 0, pages: 1 });
  });

  it('searches action, resource, e-mail and details as plain case-insensitive text', async () => {
    const hits = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.data.logs.map(
        (l: { action: string; resource: string }) => `${l.action}:${l.resource}`,
      );
    expect(await hits('STOCK_A')).toEqual(['stock_add:inventory']);
    expect(await hits('coupon')).toEqual(['update:coupon']);
    expect(await hits(other.user.email.toUpperCase())).toEqual(['stock_add:inventory', 'delete:brand', 'login:auth']);
    expect(await hits('winter (sale)')).toEqual(['update:coupon']);
    // %, _ and regex characters match themselves only.
    expect(await hits('100%')).toEqual(['create:product']);
    expect(await hits('%')).toEqual(['create:product']);
    expect(await hits('SUMMER_SALE')).toEqual(['update:coupon']);
    expect(await hits('Linen_Shirt')).toEqual([]);
    expect(await hits('Nordic.*Wear')).toEqual(['delete:brand']);
    expect(await hits('.*')).toEqual(['delete:brand']);
    expect(await hits('(sale')).toEqual(['update:coupon']);
    expect(await hits("' OR 1=1 --")).toEqual([]);
    expect(await hits('\\')).toEqual([]);
  });

  it('pages with limit and page, and reports the page count', async () => {
    const first = await list('?limit=4&page=1');
    const second = await list('?limit=4&page=2');
    expect(first.body.data.pagination).toMatchObject({ page: 1, limit: 4, total: 6, pages: 2, totalPages: 2 });
    expect(first.body.data.logs).toHaveLength(4);
    expect(second.body.data.logs).toHaveLength(2);
    const ids = [...first.body.data.logs, ...second.body.data.logs].map((l: { id: string }) => l.id);
    expect(new Set(ids).size).toBe(6);
    expect((await list('?page=9')).body.data.logs).toEqual([]);
  });

  it('rejects bad query values with 400 (never 500)', async () => {
    for (const query of ['?page=0', '?limit=0', '?limit=abc', '?status=maybe', '?userId=123', '?startDate=yesterday'])
      expect((await list(query)).status, query).toBe(400);
    expect((await list(`?search=${'x'.repeat(500)}`)).status).toBe(400);
  });

  it('is admin-only: moderator, support and customer get 403, anonymous 401', async () => {
    for (const role of ['moderator', 'support', 'customer'] as const) {
      const { token } = await signedIn(t.app, role);
      expect((await list('', token)).status, role).toBe(403);
    }
    expect((await call(t.app, 'GET', URL)).status).toBe(401);
  });
});

describe('GET /api/admin/activity-logs/:id', () => {
  it('returns one log, 404 for an unknown id and 400 for a malformed one', async () => {
    const [log] = (await list('?action=update')).body.data.logs;
    const one = await call(t.app, 'GET', `${URL}/${log.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body.data.log).toEqual(log);
    expect((await call(t.app, 'GET', `${URL}/${'f'.repeat(24)}`, { token: admin.token })).status).toBe(404);
    const bad = await call(t.app, 'GET', `${URL}/123`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Invalid activity log ID format. Expected 24 characters, got 3');
    expect((await call(t.app, 'GET', `${URL}/${log.id}`, { token: other.token })).status).toBe(403);
  });
});

describe('the audit trail is append-only through the API', () => {
  it('PUT, PATCH and DELETE on logs do not exist and change nothing', async () => {
    const before = await t.app.db.select().from(activityLogs);
    const [log] = (await list('?action=create')).body.data.logs;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [URL, `${URL}/${log.id}`]) {
        const res = await call(t.app, method, url, { token: admin.token, body: { action: 'tampered' } });
        expect([404, 405], `${method} ${url}`).toContain(res.status);
      }
    }
    expect(t.app.routeTable.filter((r) => r.url.startsWith(URL)).map((r) => r.method)).toEqual(
      expect.not.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
    );
    expect(await t.app.db.select().from(activityLogs)).toEqual(before);
  });
});

describe('sign-ins', () => {
  it('logs successful and failed sign-ins with IP and user agent', async () => {
    const { user } = await signedIn(t.app, 'support');
    const headers = { 'user-agent': 'Mozilla/5.0 AuditTest' };
    const okLogin = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      ip: '192.0.2.10',
      headers,
    });
    expect(okLogin.status).toBe(200);
    const bad = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: 'wrong-password-1' },
      ip: '192.0.2.11',
      headers,
    });
    expect(bad.status).toBe(401);
    const unknown = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong-password-1' },
      ip: '192.0.2.12',
      headers,
    });
    expect(unknown.status).toBe(401);
    const logs = (await list('?action=login&limit=3')).body.data.logs;
    expect(logs).toMatchObject([
      { status: 'failure', user: { email: 'nobody@example.com' }, ip: '192.0.2.12', userAgent: headers['user-agent'] },
      {
        status: 'failure',
        resourceId: user.id,
        user: { email: user.email },
        ip: '192.0.2.11',
        userAgent: headers['user-agent'],
      },
      {
        status: 'success',
        resourceId: user.id,
        user: { email: user.email },
        ip: '192.0.2.10',
        userAgent: headers['user-agent'],
      },
    ]);
    expect(JSON.stringify(logs)).not.toContain('wrong-password-1');
  });
});

describe('GET /api/admin/activity-logs paging (ids first)', () => {
  it('pages deep in created_at desc, id desc order, ties included, with filters, user and details intact', async () => {
    // 12 rows at 3 instants (4 ties each), alternating status; one by the admin, with details.
    await t.app.db.execute(sql`
      INSERT INTO activity_logs (id, user_id, action, resource, status, details, created_at)
      SELECT 'f' || lpad(to_hex(g), 23, '0'), CASE WHEN g = 5 THEN ${admin.user.id} END, 'page_walk', 'report',
        CASE WHEN g % 2 = 0 THEN 'success' ELSE 'failure' END, jsonb_build_object('n', g),
        timestamptz '2001-02-03T04:05:06Z' + (g / 4) * interval '1 minute'
      FROM generate_series(0, 11) AS g`);
    const expected = Array.from({ length: 12 }, (_, g) => ({ g, at: Math.floor(g / 4) }))
      .sort((a, b) => b.at - a.at || b.g - a.g)
      .map(({ g }) => `f${g.toString(16).padStart(23, '0')}`);
    const walk = async (query: string, pages: number) => {
      const ids: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await list(`?action=page_walk&limit=5&page=${page}${query}`);
        expect(res.status).toBe(200);
        ids.push(...res.body.data.logs.map((l: { id: string }) => l.id));
      }
      return ids;
    };
    expect(await walk('', 3)).toEqual(expected);
    const failures = expected.filter((id) => Number.parseInt(id.slice(1), 16) % 2 === 1);
    expect(await walk('&status=failure', 2)).toEqual(failures);
    const dated = await walk('&startDate=2001-02-03T04:06:00Z&endDate=2001-02-03T04:07:00Z', 1);
    expect(dated).toEqual(expected.filter((id) => Math.floor(Number.parseInt(id.slice(1), 16) / 4) === 1));

    const byAdmin = (await list(`?action=page_walk&userId=${admin.user.id}`)).body.data.logs;
    expect(byAdmin).toHaveLength(1);
    expect(byAdmin[0]).toMatchObject({
      id: `f${'5'.padStart(23, '0')}`,
      user: { email: admin.user.email, firstName: 'Ada', lastName: 'Admin' },
      status: 'failure',
      details: { n: 5 },
      createdAt: '2001-02-03T04:06:06.000Z',
    });
  });
});

// Last in this file: it adds more rows than COUNT_EXACT_LIMIT.
describe('GET /api/admin/activity-logs on a long trail', () => {
  it('counts exactly up to COUNT_EXACT_LIMIT and says the total is an estimate past it', async () => {
    await t.app.db.execute(sql`
      INSERT INTO activity_logs (id, action, resource, status, created_at)
      SELECT 'e' || lpad(to_hex(g), 23, '0'), 'bulk_import', 'product', 'success', now() - g * interval '1 second'
      FROM generate_series(1, ${COUNT_EXACT_LIMIT + 1}::int) AS g`);
    const long = (await list('?action=bulk_import')).body.data.pagination;
    expect(long.exact).toBe(false);
    expect(long.total).toBeGreaterThan(COUNT_EXACT_LIMIT);
    expect(long.pages).toBe(Math.ceil(long.total / PAGE_SIZES.activityLogs));
    const short = (await list('?action=stock_add')).body.data.pagination;
    expect(short).toMatchObject({ total: 1, exact: true });
  });
});
