import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signedIn(t.app, 'customer'));
});
afterAll(async () => t.close());

const ROUTES = [
  'login',
  'register',
  'refresh',
  'logout',
  'forgot-password',
  'reset-password',
  'verify-email',
  'resend-verification',
];
const big = 'x'.repeat(1024 * 1024 - 200);
const BODIES: { name: string; type: string; payload?: string }[] = [
  { name: 'empty', type: 'application/json' },
  { name: 'not json', type: 'application/json', payload: '{"email": ' },
  { name: 'plain text', type: 'text/plain', payload: 'email=a' },
  { name: 'form', type: 'application/x-www-form-urlencoded', payload: 'email=a&password=b' },
  { name: 'null', type: 'application/json', payload: 'null' },
  { name: 'array', type: 'application/json', payload: '[1,2]' },
  { name: 'number', type: 'application/json', payload: '42' },
  {
    name: 'wrong types',
    type: 'application/json',
    payload: JSON.stringify({ email: 1, password: {}, token: [], refreshToken: false, firstName: 5 }),
  },
  { name: 'missing fields', type: 'application/json', payload: '{}' },
  {
    name: '1 MB strings',
    type: 'application/json',
    payload: JSON.stringify({
      email: big.slice(0, 300_000),
      password: big.slice(0, 300_000),
      token: big.slice(0, 300_000),
    }),
  },
  { name: 'over 1 MB', type: 'application/json', payload: JSON.stringify({ email: `${big}${big}` }) },
  { name: 'deep nesting', type: 'application/json', payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
  {
    name: 'prototype pollution',
    type: 'application/json',
    payload: '{"__proto__":{"role":"admin"},"email":"a@b.co","password":"longenough1"}',
  },
];

describe('auth routes under malformed bodies', () => {
  it('answer every malformed body with a 4xx envelope, never a 500', async () => {
    for (const route of ROUTES) {
      for (const body of BODIES) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/auth/${route}`,
          headers: { 'content-type': body.type, authorization: `Bearer ${token}` },
          ...(body.payload !== undefined ? { payload: body.payload } : {}),
        });
        const label = `${route} / ${body.name} → ${response.statusCode}`;
        expect(response.statusCode, label).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json(), label).toMatchObject({ success: false });
      }
    }
  });
});
