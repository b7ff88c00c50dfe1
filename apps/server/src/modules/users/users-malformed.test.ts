import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
let targetId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signedIn(t.app, 'admin'));
  targetId = (await buildUser(t.app.db, { role: 'support' })).id;
});
afterAll(async () => t.close());

const big = 'x'.repeat(1024 * 1024 - 200);
const BODIES: { name: string; type: string; payload?: string }[] = [
  { name: 'empty', type: 'application/json' },
  { name: 'not json', type: 'application/json', payload: '{"email": ' },
  { name: 'plain text', type: 'text/plain', payload: 'email=a' },
  { name: 'form', type: 'application/x-www-form-urlencoded', payload: 'email=a&password=b' },
  { name: 'null', type: 'application/json', payload: 'null' },
  { name: 'array', type: 'application/json', payload: '[1,2]' },
  { name: 'number', type: 'application/json', payload: '42' },
  { name: 'string', type: 'application/json', payload: '"x"' },
  {
    name: 'wrong types',
    type: 'application/json',
    payload: JSON.stringify({
      email: 1,
      password: {},
      firstName: [],
      lastName: false,
      phone: 5,
      role: {},
      isActive: 'no',
    }),
  },
  { name: 'nulls', type: 'application/json', payload: JSON.stringify({ isActive: null, role: null, phone: null }) },
  { name: 'missing fields', type: 'application/json', payload: '{}' },
  {
    name: 'huge strings',
    type: 'application/json',
    payload: JSON.stringify({
      email: big.slice(0, 300_000),
      firstName: big.slice(0, 300_000),
      phone: big.slice(0, 1000),
    }),
  },
  { name: 'over 1 MB', type: 'application/json', payload: JSON.stringify({ email: `${big}${big}` }) },
  { name: 'deep nesting', type: 'application/json', payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
  {
    name: 'prototype pollution',
    type: 'application/json',
    payload:
      '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},"email":"p@b.co","password":"longenough1","firstName":"Pro","lastName":"To"}',
  },
  {
    name: 'NUL characters',
    type: 'application/json',
    payload: JSON.stringify({
      email: 'nul@b.co',
      password: 'Password1!',
      firstName: 'Ab\u0000c',
      lastName: 'D\u0000e',
    }),
  },
  {
    name: 'SQL in fields',
    type: 'application/json',
    payload: JSON.stringify({ email: "a'@b.co", firstName: "'; DROP TABLE users;--", lastName: 'x' }),
  },
];

const QUERIES = [
  'page=1e999',
  'page=-1',
  'page=1.5',
  'limit=NaN',
  'limit=99999999999999999999',
  'search=%00',
  `search=${encodeURIComponent("'; select pg_sleep(5);--")}`,
  `search=${encodeURIComponent('\\%_[]^$.*')}`,
  'role[]=admin',
  'role=',
  'status=',
  'sortBy=createdAt;drop',
  'sortOrder=ASC',
  'page=2&page=3',
];

describe('staff user routes under malformed input', () => {
  it('answer every malformed body with a 4xx envelope, never a 500', async () => {
    const routes = [
      { method: 'POST' as const, url: '/api/admin/users' },
      { method: 'PUT' as const, url: `/api/admin/users/${targetId}/status` },
      { method: 'PUT' as const, url: '/api/admin/users/not-an-id/status' },
    ];
    for (const route of routes) {
      for (const body of BODIES) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': body.type, authorization: `Bearer ${token}` },
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
        const label = `${route.method} ${route.url} / ${body.name} → ${response.statusCode}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(response.json(), label).toMatchObject({ success: false });
      }
    }
    // Nothing slipped through: the target is untouched and no admin was created.
    const target = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users/${targetId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(target.json().data.user).toMatchObject({ role: 'support', isActive: true });
  });

  it('answer odd list queries and ids without a 500', async () => {
    for (const query of QUERIES) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.json().success, query).toBe(response.statusCode === 200);
    }
    for (const id of ['%00', 'a'.repeat(5000), encodeURIComponent("' or 1=1"), 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/users/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
  });
});
