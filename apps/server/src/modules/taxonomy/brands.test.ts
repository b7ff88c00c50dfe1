import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

/** Brand validation messages and the website rule (the specification). */
describe('brand validation', () => {
  let t: TestApp;
  let admin: string;
  let existingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signedIn(t.app, 'admin')).token;
    const res = await call(t.app, 'POST', '/api/brands', { token: admin, body: { name: 'Existing Brand' } });
    existingId = res.body.data.brand._id;
  });
  afterAll(async () => t.close());

  const WEBSITE = 'Website must be a valid URL starting with http:// or https://';
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing name', { website: 'https://a.example' }, 'Brand name is required'],
    ['blank name', { name: ' ' }, 'Brand name is required'],
    ['short name', { name: 'A' }, 'Brand name must be at least 2 characters'],
    ['long name', { name: 'b'.repeat(101) }, 'Brand name must be less than 100 characters'],
    [
      'long description',
      { name: 'Valid', description: 'd'.repeat(501) },
      'Description must be less than 500 characters',
    ],
    ['website without scheme', { name: 'Valid', website: 'www.example.com' }, WEBSITE],
    ['javascript website', { name: 'Valid', website: 'javascript:alert(1)' }, WEBSITE],
    ['ftp website', { name: 'Valid', website: 'ftp://files.example.com' }, WEBSITE],
    ['website without host', { name: 'Valid', website: 'https://' }, WEBSITE],
    ['website with spaces', { name: 'Valid', website: 'https://exa mple.com' }, WEBSITE],
  ];

  it.each(cases)('create with %s → 400 "%s"', async (_label, body, message) => {
    const res = await call(t.app, 'POST', '/api/brands', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
  });

  it.each(cases.filter(([label]) => label !== 'missing name'))(
    'update with %s → 400 "%s"',
    async (_label, body, message) => {
      const res = await call(t.app, 'PUT', `/api/brands/${existingId}`, { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    },
  );

  it('stores a website, keeps it when not sent, and clears it with an empty field', async () => {
    const created = await call(t.app, 'POST', '/api/brands', {
      token: admin,
      body: { name: 'UrbanEdge', description: 'Street wear', website: ' https://urbanedge.example/shop ' },
    });
    expect(created.status).toBe(201);
    const brand = created.body.data.brand;
    expect(brand).toMatchObject({ name: 'UrbanEdge', website: 'https://urbanedge.example/shop', logo: null });
    const kept = await call(t.app, 'PUT', `/api/brands/${brand._id}`, { token: admin, body: { name: 'Urban Edge' } });
    expect(kept.body.data.brand.website).toBe('https://urbanedge.example/shop');
    const cleared = await call(t.app, 'PUT', `/api/brands/${brand._id}`, { token: admin, body: { website: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.brand.website).toBeNull();
    const none = await call(t.app, 'POST', '/api/brands', { token: admin, body: { name: 'No Site', website: '' } });
    expect(none.body.data.brand.website).toBeNull();
  });

  it('accepts the boundaries: 2 and 99 characters, http:// websites', async () => {
    for (const body of [{ name: 'Ox', website: 'http://ox.example' }, { name: 'z'.repeat(99) }]) {
      expect((await call(t.app, 'POST', '/api/brands', { token: admin, body })).status).toBe(201);
    }
  });
});
