import { Writable } from 'node:stream';
import { API_KEY_MESSAGES, API_SCOPES } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../test/api-keys.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { placeOrder } from '../../../test/orders.js';
import { buildApp } from '../../app.js';
import { activityLogs, apiKeys } from '../../db/schema/index.js';

// Two instances of the store on one database: `t.app` and `other` (with a small per-key budget and a JSON log).
let t: TestApp;
let other: FastifyInstance;
let admin: string;
const logLines: string[] = [];
const OTHER_KEY_BUDGET = 8;

beforeAll(async () => {
  t = await createTestApp();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  other = await buildApp({
    config: {
      ...t.config,
      logLevel: 'info',
      rateLimitMax: undefined,
      rateLimits: { anonymous: 1000, customer: 1000, staff: 1000, apiKey: OTHER_KEY_BUDGET, publicWrites: 1000 },
    },
    database: t.database,
    logStream,
  });
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('calling the API with a key', () => {
  it('reaches what its scopes allow; a missing scope is 403 naming the scope', async () => {
    const { product } = await buildProduct(t.app.db);
    const { secret } = await createApiKey(t.app, admin, 'Order reader', ['orders:read']);
    const orders = await call(t.app, 'GET', '/api/admin/orders', { token: secret });
    expect(orders.status).toBe(200);

    const update = await call(t.app, 'PUT', `/api/products/${product.id}`, {
      token: secret,
      body: { name: 'Renamed' },
    });
    expect(update.status).toBe(403);
    expect(update.body.error).toBe(API_KEY_MESSAGES.missingScope('products:write'));
    const stock = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: secret,
      body: { size: 'M', color: 'Black', quantity: 1 },
    });
    expect(stock.status).toBe(403);
    expect(stock.body.error).toContain('inventory:write');
  });

  it('records the last use (time and address) in the list', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Last use', ['orders:read']);
    expect((await call(t.app, 'GET', '/api/admin/orders', { token: secret, ip: '10.9.8.7' })).status).toBe(200);
    const list = await call(t.app, 'GET', '/api/admin/api-keys', { token: admin });
    const listed = list.body.data.apiKeys.find((key: { id: string }) => key.id === id);
    expect(listed).toMatchObject({ lastUsedIp: '10.9.8.7', lastUsedAt: expect.any(String) });
  });

  it('names the key as the actor of what it changes, in the activity log', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const { id, secret } = await createApiKey(t.app, admin, 'ERP sync', ['inventory:write']);
    const add = await call(t.app, 'POST', `/api/products/${product.id}/stock/add`, {
      token: secret,
      body: { size: 'M', color: 'Black', quantity: 5, reason: 'ERP restock' },
    });
    expect(add.status).toBe(200);

    const [row] = await t.app.db.select().from(activityLogs).where(eq(activityLogs.apiKeyId, id));
    expect(row).toMatchObject({ userId: null, userEmail: "API key 'ERP sync'", resourceId: product.id });
    const logs = await call(t.app, 'GET', `/api/admin/activity-logs/${row!.id}`, { token: admin });
    expect(logs.status).toBe(200);
    expect(logs.body.data.log).toMatchObject({ user: { email: "API key 'ERP sync'" } });
    expect(JSON.stringify(logs.body)).not.toContain(secret.slice(12));
  });

  it('changes an order with orders:write, stored as done by no user and logged under the key', async () => {
    const { product } = await buildProduct(t.app.db, {}, [{ size: 'M', color: 'Black', quantity: 10 }]);
    const { token: customer } = await signedIn(t.app, 'customer');
    const order = await placeOrder(t.app, customer, [
      { productId: product.id, size: 'M', color: 'Black', quantity: 1 },
    ]);
    const { id, secret } = await createApiKey(t.app, admin, 'Fulfilment', ['orders:read', 'orders:write']);
    const shipped = await call(t.app, 'PUT', `/api/admin/orders/${order.id}/status`, {
      token: secret,
      body: { status: 'confirmed', paymentStatus: 'paid', trackingNumber: 'TRACK-1' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.order).toMatchObject({ status: 'confirmed', trackingNumber: 'TRACK-1' });
    const rows = await t.app.db.select().from(activityLogs).where(eq(activityLogs.apiKeyId, id));
    expect(rows).toEqual([expect.objectContaining({ userId: null, resource: 'order', resourceId: order.id })]);
  });

  it('cannot reach admin-only or personal routes, even holding every scope', async () => {
    const { secret } = await createApiKey(t.app, admin, 'Everything', [...API_SCOPES]);
    const { user: customer } = await signedIn(t.app, 'customer');
    for (const [method, url] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/activity-logs'],
      ['GET', '/api/admin/api-keys'],
      ['DELETE', `/api/admin/customers/${customer.id}`],
      ['GET', '/api/auth/verify'],
      ['GET', '/api/users/profile'],
      ['GET', '/api/cart'],
      ['GET', '/api/admin/saved-views?list=orders'],
    ] as const) {
      const response = await call(t.app, method, url, { token: secret });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.error).toBe(API_KEY_MESSAGES.notForKeys);
    }
    const create = await call(t.app, 'POST', '/api/admin/api-keys', {
      token: secret,
      body: { name: 'Self-made', scopes: ['orders:read'] },
    });
    expect(create.status).toBe(403);
  });

  it('refuses a revoked key on the next call on another instance', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Revoked elsewhere', ['orders:read']);
    expect((await call(other, 'GET', '/api/admin/orders', { token: secret })).status).toBe(200);
    expect((await call(t.app, 'POST', `/api/admin/api-keys/${id}/revoke`, { token: admin })).status).toBe(200);
    const refused = await call(other, 'GET', '/api/admin/orders', { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(API_KEY_MESSAGES.revoked);
  });

  it('refuses an expired key with 401, and a made-up one', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Expiring', ['orders:read']);
    expect((await call(t.app, 'GET', '/api/admin/orders', { token: secret })).status).toBe(200);
    await t.app.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, id));
    const expired = await call(t.app, 'GET', '/api/admin/orders', { token: secret });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe(API_KEY_MESSAGES.expired);
    const list = await call(t.app, 'GET', '/api/admin/api-keys', { token: admin });
    expect(list.body.data.apiKeys.find((key: { id: string }) => key.id === id).status).toBe('expired');

    const madeUp = `${secret.slice(0, 12)}${'A'.repeat(43)}`;
    const invalid = await call(t.app, 'GET', '/api/admin/orders', { token: madeUp });
    expect(invalid.status).toBe(401);
    expect(invalid.body.error).toBe(API_KEY_MESSAGES.invalid);
    // On a public route an unusable key is no caller at all, as a bad token is.
    expect((await call(t.app, 'GET', '/api/products', { token: secret })).status).toBe(200);
  });

  it('never writes the key into the JSON request log', async () => {
    const { id, secret } = await createApiKey(t.app, admin, 'Logged', ['orders:read']);
    const response = await call(other, 'GET', '/api/admin/orders', { token: secret });
    expect(response.status).toBe(200);
    const completion = logLines
      .map((line) => JSON.parse(line))
      .find((line) => line.reqId === response.headers['x-request-id'] && line.msg === 'request completed');
    expect(completion).toMatchObject({ apiKeyId: id, res: { statusCode: 200 } });
    expect(logLines.join('\n')).not.toContain(secret.slice(12));
  });

  it('has a request budget of its own, per key', async () => {
    const spent = await createApiKey(t.app, admin, 'Busy', ['orders:read']);
    const fresh = await createApiKey(t.app, admin, 'Quiet', ['orders:read']);
    for (let n = 0; n < OTHER_KEY_BUDGET; n += 1)
      expect((await call(other, 'GET', '/api/admin/orders', { token: spent.secret })).status).toBe(200);
    expect((await call(other, 'GET', '/api/admin/orders', { token: spent.secret })).status).toBe(429);
    expect((await call(other, 'GET', '/api/admin/orders', { token: fresh.secret })).status).toBe(200);
  });

  it('serves 50 parallel calls with one key', async () => {
    const { secret } = await createApiKey(t.app, admin, 'Parallel', ['orders:read', 'products:read']);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        call(t.app, 'GET', n % 2 ? '/api/admin/orders' : '/api/admin/products', { token: secret }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
  });
});
