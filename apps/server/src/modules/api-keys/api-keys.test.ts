import { API_KEY_MESSAGES, API_KEY_PATTERN } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.js';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, apiKeys } from '../../db/schema/index.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(() => t.close());

const keyRows = () => t.app.db.select().from(apiKeys);
const keyActivity = () => t.app.db.select().from(activityLogs).where(eq(activityLogs.resource, 'api_key'));

describe('Settings → API keys (admin)', () => {
  it('creates a key shown once, then lists it by prefix with scopes and creator, never the secret', async () => {
    const created = await call(t.app, 'POST', '/api/admin/api-keys', {
      token: admin,
      body: { name: 'Warehouse', scopes: ['inventory:write', 'orders:read', 'orders:read'], expiresOn: '2099-01-01' },
    });
    expect(created.status).toBe(400);
    expect(JSON.stringify(created.body)).toContain(API_KEY_MESSAGES.expiryTooFar);

    const expiresOn = `${new Date().getUTCFullYear() + 1}-06-30`;
    const ok = await call(t.app, 'POST', '/api/admin/api-keys', {
      token: admin,
      body: { name: ' Warehouse ', scopes: ['inventory:write', 'orders:read', 'orders:read'], expiresOn },
    });
    expect(ok.status).toBe(201);
    const { secret, apiKey } = ok.body.data;
    expect(secret).toMatch(API_KEY_PATTERN);
    expect(apiKey).toMatchObject({
      name: 'Warehouse',
      scopes: ['orders:read', 'inventory:write'],
      status: 'active',
      expiresAt: `${expiresOn.slice(0, 4)}-07-01T00:00:00.000Z`,
      lastUsedAt: null,
    });
    expect(secret.startsWith(`${apiKey.prefix}_`)).toBe(true);

    const list = await call(t.app, 'GET', '/api/admin/api-keys', { token: admin });
    expect(list.status).toBe(200);
    const listed = list.body.data.apiKeys.find((key: { id: string }) => key.id === apiKey.id);
    expect(listed).toMatchObject({ name: 'Warehouse', prefix: apiKey.prefix, createdBy: expect.any(String) });
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(12));
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(list.body)).not.toContain(row!.secretHash);
  });

  it('writes an activity row for creation and revocation, without the secret', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Audit probe', ['orders:read']);
    const revoked = await call(t.app, 'POST', `/api/admin/api-keys/${id}/revoke`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.apiKey).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    const again = await call(t.app, 'POST', `/api/admin/api-keys/${id}/revoke`, { token: admin });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(API_KEY_MESSAGES.alreadyRevoked);

    const rows = (await keyActivity()).filter((row) => row.resourceId === id);
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'revoke']);
    const logs = await call(t.app, 'GET', '/api/admin/activity-logs?resource=api_key&limit=100', { token: admin });
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).toContain('Audit probe');
    expect(JSON.stringify(logs.body)).not.toContain(secret.slice(12));
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = { keys: (await keyRows()).length, logs: (await keyActivity()).length };
    for (const body of [
      { name: '', scopes: ['orders:read'] },
      { name: 'No scopes', scopes: [] },
      { name: 'Unknown scope', scopes: ['users:write'] },
      { name: 'Admin scope', scopes: ['orders:delete'] },
      { name: 'Past', scopes: ['orders:read'], expiresOn: '2001-01-01' },
      { name: 'Not a date', scopes: ['orders:read'], expiresOn: '2027-02-31x' },
      { name: 'x'.repeat(61), scopes: ['orders:read'] },
      { scopes: ['orders:read'] },
    ]) {
      const response = await call(t.app, 'POST', '/api/admin/api-keys', { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const missing = await call(t.app, 'POST', '/api/admin/api-keys/0123456789abcdef01234567/revoke', { token: admin });
    expect(missing.status).toBe(404);
    expect({ keys: (await keyRows()).length, logs: (await keyActivity()).length }).toEqual(before);
  });

  it('is for admins only: other staff get 403 and nothing is written', async () => {
    const before = (await keyRows()).length;
    for (const role of ['moderator', 'support'] as const) {
      const { token } = await signedIn(t.app, role);
      const create = await call(t.app, 'POST', '/api/admin/api-keys', {
        token,
        body: { name: `By ${role}`, scopes: ['orders:read'] },
      });
      expect(create.status).toBe(403);
      expect((await call(t.app, 'GET', '/api/admin/api-keys', { token })).status).toBe(403);
    }
    const { token: customer } = await signedIn(t.app, 'customer');
    expect((await call(t.app, 'GET', '/api/admin/api-keys', { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/api-keys')).status).toBe(401);
    expect((await keyRows()).length).toBe(before);
  });

  it('stores only the hash of the key', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Hash probe', ['orders:read']);
    const [row] = await t.app.db
      .select({ all: sql<string>`row_to_json(api_keys)::text` })
      .from(apiKeys)
      .where(eq(apiKeys.id, id));
    expect(row!.all).not.toContain(secret.slice(12));
  });
});
