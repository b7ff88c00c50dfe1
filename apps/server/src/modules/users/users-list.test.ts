import { PAGE_SIZES } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
const marker = `Qx${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signedIn(t.app, 'admin'));
  // Eleven staff sharing the marker in their last name, plus a customer that must never show.
  const names = ['Anna', 'bruno', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kemal'];
  for (const [i, firstName] of names.entries()) {
    await buildUser(t.app.db, {
      firstName,
      lastName: `${marker}${i}`,
      email: `${firstName.toLowerCase()}.${marker.toLowerCase()}@example.com`,
      role: i === 0 ? 'admin' : i % 2 ? 'moderator' : 'support',
      isActive: i !== 3,
      lastLogin: i === 4 ? new Date('2026-01-02T03:04:05Z') : i === 5 ? new Date('2026-02-01T00:00:00Z') : null,
    });
  }
  await buildUser(t.app.db, { firstName: 'Cust', lastName: `${marker}c`, role: 'customer' });
  await buildUser(t.app.db, { firstName: 'Wild%card', lastName: 'Under_score', role: 'support' });
});
afterAll(async () => t.close());

const list = (query: string) => call(t.app, 'GET', `/api/admin/users?${query}`, { token });
const names = (res: { body: { data: { users: { firstName: string }[] } } }) =>
  res.body.data.users.map((u) => u.firstName);

describe('GET /api/admin/users', () => {
  it('lists staff only, 9 per page by default, with pages and totalPages', async () => {
    const first = await list(`search=${marker}`);
    expect(first.status).toBe(200);
    expect(first.body.data.users).toHaveLength(PAGE_SIZES.users);
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 9, total: 11, pages: 2, totalPages: 2, exact: true });
    const second = await list(`search=${marker}&page=2`);
    expect(second.body.data.users).toHaveLength(2);
    const all = [...names(first), ...names(second)];
    expect(all).not.toContain('Cust');
    expect(new Set(all).size).toBe(11);
    expect(JSON.stringify(first.body)).not.toMatch(/password/i);
  });

  it('never lists customers, even unfiltered', async () => {
    const res = await list('limit=100');
    expect(res.body.data.users.every((u: { role: string }) => u.role !== 'customer')).toBe(true);
  });

  it('filters by role, including staff, and by status', async () => {
    expect((await list(`search=${marker}&role=staff`)).body.data.pagination.total).toBe(11);
    expect(names(await list(`search=${marker}&role=admin`))).toEqual(['Anna']);
    expect((await list(`search=${marker}&role=moderator`)).body.data.pagination.total).toBe(5);
    expect((await list(`search=${marker}&role=support`)).body.data.pagination.total).toBe(5);
    expect(names(await list(`search=${marker}&status=inactive`))).toEqual(['Dmitri']);
    expect((await list(`search=${marker}&status=active`)).body.data.pagination.total).toBe(10);
  });

  it('searches first name, last name, e-mail and the full name, case-insensitively', async () => {
    expect(names(await list(`search=GRETA`))).toEqual(['Greta']);
    expect(names(await list(`search=${marker}6`))).toEqual(['Greta']);
    expect(names(await list(`search=hiro.${marker.toLowerCase()}@`))).toEqual(['Hiro']);
    expect(names(await list(`search=${encodeURIComponent(` ines ${marker}8 `)}`))).toEqual(['Ines']);
    expect((await list('search=nobody-has-this-name')).body.data).toMatchObject({
      users: [],
      pagination: { total: 0, pages: 1 },
    });
  });

  it('treats % and _ in the search as plain text', async () => {
    expect(names(await list(`search=${encodeURIComponent('%')}`))).toEqual(['Wild%card']);
    expect(names(await list(`search=${encodeURIComponent('a_d')}`))).toEqual([]);
    expect(names(await list(`search=${encodeURIComponent('_')}`))).toEqual(['Wild%card']);
    expect(names(await list(`search=${encodeURIComponent('\\')}`))).toEqual([]);
  });

  it('sorts by the allowed fields, names case-insensitively, never-signed-in last', async () => {
    const asc = await list(`search=${marker}&sortBy=firstName&sortOrder=asc&limit=3`);
    expect(names(asc)).toEqual(['Anna', 'bruno', 'Carla']);
    const desc = await list(`search=${marker}&sortBy=lastName&sortOrder=desc&limit=2`);
    expect(names(desc)).toEqual(['Jonas', 'Ines']);
    const byLogin = await list(`search=${marker}&sortBy=lastLogin&sortOrder=desc&limit=3`);
    expect(names(byLogin).slice(0, 2)).toEqual(['Farid', 'Elena']);
    const byLoginAsc = await list(`search=${marker}&sortBy=lastLogin&sortOrder=asc&limit=2`);
    expect(names(byLoginAsc)).toEqual(['Elena', 'Farid']);
    const byEmail = await list(`search=${marker}&sortBy=email&sortOrder=asc&limit=1`);
    expect(names(byEmail)).toEqual(['Anna']);
  });

  it.each([
    ['page=0', 400],
    ['limit=0', 400],
    ['role=customer', 400],
    ['status=deleted', 400],
    ['sortBy=password', 400],
    ['sortOrder=sideways', 400],
    [`search=${'a'.repeat(101)}`, 400],
    ['page=abc', 400],
    ['search=a&search=b', 400],
  ])('refuses %s', async (query, status) => {
    const res = await list(query);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('caps the page size at 100', async () => {
    const res = await list('limit=100');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination.limit).toBe(100);
  });
});
