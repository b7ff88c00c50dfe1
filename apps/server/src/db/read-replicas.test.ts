import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addMenAndNorthwind, signedIn } from '../../test/factories.js';
import { call } from '../../test/harness.js';
import { startTestRedis, type TestRedis } from '../../test/redis.js';
import { type ClusterPair, startClusterPair } from '../../test/replication.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from './client.js';

/**
 * Read replicas against a real streaming replica: a primary and a standby started here, two app instances sharing
 * Redis with a generous lag bound (A, B) and one with a tight bound (C). Replay is paused on the standby to tell
 * which server answered: a paused standby does not have what was written since.
 */
const METRICS_TOKEN = 'replica-metrics-token-0123456789';
const POLL = { timeout: 15_000, interval: 50 };

type Instance = { app: FastifyInstance; database: Database };
let pair: ClusterPair;
let redis: TestRedis;
const instances: Instance[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let c: FastifyInstance;
let writer: string;
let otherStaff: string;

async function startInstance(maxLagMs: number): Promise<FastifyInstance> {
  const dataDir = path.join(os.tmpdir(), `seamline-test-${randomBytes(6).toString('hex')}`);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
    databaseUrl: pair.primaryUrl,
    redisUrl: redis.url,
    rateLimitMax: 100_000,
    seedDemo: false,
    metricsToken: METRICS_TOKEN,
    overload: { maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 0 },
    catalogue: { viewFlushMs: 5_000, cacheTtlMs: 0 },
    readReplicas: { urls: [pair.replicaUrl], maxLagMs, checkIntervalMs: 100 },
  };
  const database = await openDatabase({ ...config, requestTimeouts: config.dbTimeouts, replicas: config.readReplicas });
  const app = await buildApp({ config, database, logger: false });
  instances.push({ app, database });
  return app;
}

/** The replica's state as this instance's metrics tell it: 1 taking reads, 0 skipped. */
async function replicaUsable(app: FastifyInstance): Promise<number | undefined> {
  const { body } = await call<string>(app, 'GET', '/api/metrics', { token: METRICS_TOKEN });
  const line = body.split('\n').find((l) => l.startsWith('seamline_db_replica_usable{'));
  return line === undefined ? undefined : Number(line.split(' ').pop());
}

let made = 0;
async function createProduct(app: FastifyInstance): Promise<{ id: string; slug: string }> {
  const name = `Replica Tee ${++made} ${randomBytes(3).toString('hex')}`;
  const res = await call(app, 'POST', '/api/products', {
    token: writer,
    body: {
      name,
      sku: `REP-${randomBytes(4).toString('hex')}`,
      description: 'A tee for the replica tests.',
      category: 'Men',
      subcategory: 'Tees',
      brand: 'Northwind',
      price: 25,
      isActive: true,
      inventory: [{ size: 'M', color: 'Black', quantity: 5 }],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.product;
}

const storefrontStatus = async (app: FastifyInstance, slug: string) =>
  (await call(app, 'GET', `/api/products/slug/${slug}`)).status;

/** The product export as the given staff member reads it. */
const exportCsv = async (app: FastifyInstance, token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/admin/products/export.csv',
      headers: { authorization: `Bearer ${token}` },
    })
  ).body;

const pauseReplay = () => pair.onReplica('SELECT pg_wal_replay_pause()');
const resumeReplay = () => pair.onReplica('SELECT pg_wal_replay_resume()');

beforeAll(async () => {
  [pair, redis] = await Promise.all([startClusterPair(), startTestRedis()]);
  const migrator = await openDatabase({ databaseUrl: pair.primaryUrl });
  await migrator.migrate();
  await addMenAndNorthwind(migrator.db);
  await migrator.close();
  [a, b, c] = [await startInstance(60_000), await startInstance(60_000), await startInstance(300)];
  writer = (await signedIn(a, 'admin')).token;
  otherStaff = (await signedIn(a, 'admin')).token;
  for (const app of [a, b, c]) await vi.waitFor(async () => expect(await replicaUsable(app)).toBe(1), POLL);
}, 120_000);

afterAll(async () => {
  for (const { app, database } of instances) {
    await app.close();
    await database.close();
  }
  await redis?.stop();
  await pair?.close();
});

describe('read replicas', () => {
  it('shows a product created by staff in the storefront once it has replicated', async () => {
    const product = await createProduct(a);
    await expect.poll(() => storefrontStatus(b, product.slug), POLL).toBe(200);
    const list = await call(b, 'GET', `/api/products?search=${encodeURIComponent('Replica Tee')}`);
    expect(list.status).toBe(200);
  });

  it('serves storefront reads from the replica: with replay paused they miss a new product, staff reads do not', async () => {
    await pauseReplay();
    try {
      const product = await createProduct(a);
      expect(await storefrontStatus(a, product.slug)).toBe(404);
      expect(await storefrontStatus(b, product.slug)).toBe(404);
      const staffRead = await call(a, 'GET', `/api/products/${product.id}`, { token: otherStaff });
      expect(staffRead.status).toBe(200);
      await resumeReplay();
      await expect.poll(() => storefrontStatus(a, product.slug), POLL).toBe(200);
    } finally {
      await resumeReplay().catch(() => undefined);
    }
  });

  it("keeps a staff member's reads on the primary right after their write, on another instance too", async () => {
    const product = await createProduct(a);
    await expect.poll(() => storefrontStatus(b, product.slug), POLL).toBe(200);
    await pauseReplay();
    try {
      const renamed = `Renamed ${randomBytes(4).toString('hex')}`;
      const res = await call(a, 'PUT', `/api/products/${product.id}`, { token: writer, body: { name: renamed } });
      expect(res.status).toBe(200);
      // The writer reads the export on the other instance at once and sees the change…
      expect(await exportCsv(b, writer)).toContain(renamed);
      const dashboard = await call(b, 'GET', '/api/admin/analytics', { token: writer });
      expect(dashboard.status).toBe(200);
      // …while a colleague who wrote nothing reads the paused replica.
      expect(await exportCsv(b, otherStaff)).not.toContain(renamed);
    } finally {
      await resumeReplay();
    }
  });

  it('sends signed-in readers to the primary while Redis is down (another instance could hold their mark)', async () => {
    const product = await createProduct(a);
    await expect.poll(() => storefrontStatus(b, product.slug), POLL).toBe(200);
    await pauseReplay();
    await redis.stop();
    try {
      const renamed = `Offline ${randomBytes(4).toString('hex')}`;
      const res = await call(a, 'PUT', `/api/products/${product.id}`, { token: writer, body: { name: renamed } });
      expect(res.status).toBe(200);
      expect(await exportCsv(b, writer)).toContain(renamed);
      // Not knowing who wrote, B reads the primary for every signed-in caller; shoppers still read the replica.
      expect(await exportCsv(b, otherStaff)).toContain(renamed);
      const second = await createProduct(a);
      expect(await storefrontStatus(b, second.slug)).toBe(404);
    } finally {
      await redis.start();
      await resumeReplay();
    }
  });

  it('skips a replica lagging past the bound: storefront reads then come from the primary', async () => {
    await expect.poll(() => replicaUsable(c), POLL).toBe(1);
    await pauseReplay();
    try {
      const product = await createProduct(a);
      await expect.poll(() => replicaUsable(c), POLL).toBe(0);
      expect(await storefrontStatus(c, product.slug)).toBe(200);
      // The generous bound still uses it (and so misses the product).
      expect(await storefrontStatus(a, product.slug)).toBe(404);
    } finally {
      await resumeReplay();
    }
    await expect.poll(() => replicaUsable(c), POLL).toBe(1);
  });

  it('answers storefront reads from the primary when the replica stops', async () => {
    const product = await createProduct(a);
    await expect.poll(() => storefrontStatus(a, product.slug), POLL).toBe(200);
    await pair.stopReplica();
    // At once, before any health check noticed: the failed replica read runs again on the primary.
    expect(await storefrontStatus(a, product.slug)).toBe(200);
    expect((await call(b, 'GET', '/api/products?limit=5')).status).toBe(200);
    expect((await call(b, 'GET', '/api/products/categories')).status).toBe(200);
    await expect.poll(() => replicaUsable(a), POLL).toBe(0);
    expect(await storefrontStatus(a, product.slug)).toBe(200);
  });
});
