import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

/** Category validation messages (the specification), on create and on update. */
describe('category validation', () => {
  let t: TestApp;
  let admin: string;
  let existingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.app, 'admin')).token;
    const res = await call(t.app, 'POST', '/api/categories', { token: admin, body: { name: 'Accessories' } });
    existingId = res.body.data.category._id;
  });
  afterAll(async () => t.close());

  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { description: 'x' }, 'Category name is required'],
    ['blank name', { name: '   ' }, 'Category name is required'],
    ['short name', { name: 'Ab' }, 'Category name must be at least 3 characters'],
    ['short after trimming', { name: '  Ab  ' }, 'Category name must be at least 3 characters'],
    ['long name', { name: 'x'.repeat(101) }, 'Category name must be less than 100 characters'],
    [
      'long description',
      { name: 'Valid', description: 'd'.repeat(501) },
      'Description must be less than 500 characters',
    ],
  ];

  it.each(cases)('create with %s → 400 "%s"', async (_label, body, message) => {
    const res = await call(t.app, 'POST', '/api/categories', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
    expect(res.body.details[0].message).toBe(message);
  });

  it.each(cases.filter(([label]) => label !== 'missing name'))(
    'update with %s → 400 "%s"',
    async (_label, body, message) => {
      const res = await call(t.app, 'PUT', `/api/categories/${existingId}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    },
  );

  it('accepts the boundaries: 3 and 99 characters, a 499-character description', async () => {
    for (const body of [{ name: 'Hat' }, { name: 'y'.repeat(99), description: 'd'.repeat(499) }]) {
      expect((await call(t.app, 'POST', '/api/categories', { token: admin, body })).status).toBe(201);
    }
  });
});
