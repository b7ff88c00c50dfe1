import { desc, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scenarios } from '../../../test/activity-log-coverage/index.js';
import {
  coverageProblems,
  mutatingStaffRoutes,
  refusedRole,
  routeKey,
} from '../../../test/activity-log-coverage/routes.js';
import type { CoverageContext, ExpectedLog } from '../../../test/activity-log-coverage/types.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, users } from '../../db/schema/index.js';
import type { RouteAccess } from '../../types.js';

let t: TestApp;
let ctx: CoverageContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = { app: t.app, staff: (role) => signedIn(t.app, role) };
});
afterAll(() => t.close());

const allIds = async () => (await t.app.db.select({ id: activityLogs.id }).from(activityLogs)).map((r) => r.id);
const rowsAfter = (ids: string[]) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(ids.length ? notInArray(activityLogs.id, ids) : undefined)
    .orderBy(desc(activityLogs.createdAt));

/** { field: { before, after } } pairs, whether a feature wrote them at the top of details or under `changes`. */
function changePairs(details: Record<string, unknown> | null): Record<string, { before: unknown; after: unknown }> {
  const source = (details?.changes ?? details ?? {}) as Record<string, unknown>;
  const pairs: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(source))
    if (value && typeof value === 'object' && 'before' in value && 'after' in value)
      pairs[key] = value as { before: unknown; after: unknown };
  return pairs;
}

const SECRET_KEY = /password|token|secret|hash/i;
/** No secret-looking key carries a value, and no password hash is anywhere in the row. */
function assertNoSecrets(row: typeof activityLogs.$inferSelect, secrets: string[], label: string) {
  const text = JSON.stringify(row);
  expect(text, label).not.toMatch(/\$argon2/);
  for (const secret of secrets) expect(text, `${label} leaks a secret`).not.toContain(secret);
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET_KEY.test(key)) expect(inner, `${label}: ${key}`).toBe('[redacted]');
      else walk(inner);
    }
  };
  walk(row.details);
}

describe('activity-log coverage of mutating routes', () => {
  it('has an entry for every mutating route staff can call (and none for missing routes)', () => {
    expect(mutatingStaffRoutes(t.app.routeTable).length).toBeGreaterThan(0);
    expect(coverageProblems(t.app.routeTable, scenarios)).toEqual([]);
  });

  it('the check fails for a route without a scenario or a staff route excused from logging', () => {
    const table: RouteAccess[] = [
      { method: 'POST', url: '/api/admin/widgets', access: 'catalogueWrite' },
      { method: 'PUT', url: '/api/admin/gadgets/:id', access: 'admin' },
      { method: 'GET', url: '/api/admin/widgets', access: 'catalogueRead' },
      { method: 'POST', url: '/api/checkout', access: 'customer' },
    ];
    expect(coverageProblems(table, { 'PUT /api/admin/gadgets/:id': { notLogged: 'because' } })).toEqual([
      'no scenario for POST /api/admin/widgets',
      'PUT /api/admin/gadgets/:id is a staff route and must be logged',
    ]);
  });

  for (const [key, entry] of Object.entries(scenarios)) {
    if (typeof entry !== 'function') continue;
    it(`${key} writes exactly one success row with actor, action, resource, id and changes`, async () => {
      const prepared = await entry(ctx);
      const before = await allIds();
      const response = await prepared.call();
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      const fresh = await rowsAfter(before);
      expect(fresh, `${key} wrote ${fresh.length} rows`).toHaveLength(1);
      const [row] = fresh;
      const expected: ExpectedLog = prepared.expected(response);
      expect(row).toMatchObject({
        userId: expected.userId,
        action: expected.action,
        resource: expected.resource,
        resourceId: expected.resourceId,
        status: 'success',
      });
      expect(row!.ip, `${key}: ip`).toBeTruthy();
      expect(row!.userAgent, `${key}: user agent`).toBeTruthy();
      if (expected.userId) {
        const [actor] = await t.app.db.select().from(users).where(eq(users.id, expected.userId));
        expect(row!.userEmail?.toLowerCase()).toBe(actor?.email.toLowerCase());
      }
      const pairs = changePairs(row!.details);
      for (const field of expected.changes ?? []) {
        expect(pairs[field], `${key}: changes.${field}`).toBeDefined();
        expect(JSON.stringify(pairs[field]!.before)).not.toBe(JSON.stringify(pairs[field]!.after));
      }
      assertNoSecrets(row!, prepared.secrets ?? [], key);
    });
  }

  it('a refused call (403 for a wrong role, 401 when anonymous) writes no success row', async () => {
    const guarded = mutatingStaffRoutes(t.app.routeTable).filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567');
      const role = refusedRole(route.access);
      const attempts = [{ token: undefined as string | undefined, status: 401 }];
      if (role) attempts.push({ token: (await signedIn(t.app, role)).token, status: 403 });
      for (const attempt of attempts) {
        const before = await allIds();
        const response = await call(t.app, route.method as 'POST', url, { token: attempt.token, body: {} });
        expect(response.status, routeKey(route)).toBe(attempt.status);
        const fresh = await rowsAfter(before);
        expect(
          fresh.filter((row) => row.status === 'success'),
          routeKey(route),
        ).toEqual([]);
      }
    }
  });

  it('no row in the whole log holds a password, token or hash', async () => {
    for (const row of await rowsAfter([])) assertNoSecrets(row, [], `${row.action} ${row.resource}`);
  });
});
