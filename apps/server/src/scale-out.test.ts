import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/cluster.js';
import { freshDatabase, onServer } from '../test/databases.js';
import { API_CLIENT } from '../test/factories.js';
import { freePort, serverEnv, startCompiled, waitHealthy } from '../test/process.js';
import { startTestBucket, type TestBucket } from '../test/s3.js';
import { multipartBody, testPng } from '../test/uploads.js';

/*
 * Two production server processes (compiled, NODE_ENV=production) on one PostgreSQL database, one Redis, one
 * S3-protocol server and one SMTP sink, driven only through HTTP. Needs REDIS_URL, so vitest.config.ts includes
 * this file only when it is set (CI sets it).
 */
const redisUrl = process.env.REDIS_URL as string;
const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'));
const ADMIN = { email: 'ops@example.com', password: 'Cluster-admin-pass-1' };
const PUBLIC_WRITES_BUDGET = 4;
const METRICS_TOKEN = 'cluster-metrics-token-0123';
const POOL_MAX = 4;

type Instance = { name: string; base: string; server: ReturnType<typeof startCompiled> };
let database: Awaited<ReturnType<typeof freshDatabase>>;
let bucket: TestBucket;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let a: Instance;
let b: Instance;

async function launch(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `seamline-${name}-`));
  const server = startCompiled(serverEnv(port, { ...env, DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'web') }));
  return { name, base: `http://127.0.0.1:${port}`, server };
}

beforeAll(async () => {
  if (!redisUrl) throw new Error('The two-instance test needs REDIS_URL');
  [database, bucket, smtp] = await Promise.all([
    freshDatabase({ prefix: 'seamline_cluster' }),
    startTestBucket(),
    startSmtpSink(),
  ]);
  const s3 = bucket.s3;
  const env = {
    NODE_ENV: 'production',
    JWT_SECRET: 'a-production-secret-shared-by-both-instances',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.endpoint!,
    S3_ACCESS_KEY_ID: s3.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    S3_PUBLIC_URL: s3.publicUrl,
    RATE_LIMIT_PUBLIC_WRITES: String(PUBLIC_WRITES_BUDGET),
    SMTP_URL: smtp.url,
    // The test plays several clients through X-Forwarded-For, as a load balancer on loopback would report them.
    TRUST_PROXY: 'loopback',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DB_POOL_MAX: String(POOL_MAX),
    METRICS_TOKEN,
  };
  [a, b] = await Promise.all([launch('a', env), launch('b', env)]);
  const healthy = await Promise.all([a, b].map((i) => waitHealthy(Number(new URL(i.base).port), i.server.child)));
  expect(healthy, `${a.server.output()}\n${b.server.output()}`).toEqual([true, true]);
}, 120_000);

afterAll(async () => {
  for (const instance of [a, b]) instance?.server.child.kill('SIGKILL');
  await Promise.all([a?.server.exited, b?.server.exited]);
  await bucket?.close();
  await smtp?.close();
  await database?.drop();
});

/** A client address of its own per scenario (and per run: Redis is shared), so budgets do not mix. */
const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function api(instance: Instance, method: string, url: string, options: ApiOptions = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? clientIp(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (Buffer.isBuffer(options.body)) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${instance.base}${url}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
type ApiOptions = { ip?: string; token?: string; body?: unknown; headers?: Record<string, string> };

const signIn = async (instance: Instance, email: string, password: string, ip?: string) =>
  api(instance, 'POST', '/api/auth/login', { ip, body: { email, password } });

const newEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;

async function register(instance: Instance, email: string) {
  const res = await api(instance, 'POST', '/api/auth/register', {
    headers: API_CLIENT,
    body: { email, password: 'Customer-pass-1' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { tokens: { accessToken: string; refreshToken: string } };
}

async function fetchImage(url: string) {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format;
}

describe('two instances behind one load balancer', () => {
  it('both started together on an empty database, which was migrated once, and the admin was created once', async () => {
    const applied = await onServer(database.url, (client) =>
      client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'),
    );
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
    const admins = await onServer(database.url, (client) =>
      client.query<{ n: number }>(`select count(*)::int as n from users where role = 'admin'`),
    );
    expect(admins.rows[0]?.n).toBe(1);
    for (const instance of [a, b]) {
      expect(instance.server.output()).not.toMatch(/error/i);
      expect((await api(instance, 'GET', '/api/health/ready')).body.data).toMatchObject({
        status: 'ok',
        storage: 'ok',
        redis: 'ok',
      });
    }
  });

  it('opens at most DB_POOL_MAX database connections per instance', async () => {
    for (const instance of [a, b]) {
      const response = await fetch(`${instance.base}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(new RegExp(`^seamline_db_pool_max_connections ${POOL_MAX}$`, 'm'));
    }
  });

  it('serves through B an image uploaded through A, from the bucket', async () => {
    const admin = (await signIn(a, ADMIN.email, ADMIN.password)).body.data.tokens.accessToken as string;
    const { body, headers } = multipartBody([
      { name: 'images', filename: 'front.png', type: 'image/png', data: await testPng() },
    ]);
    const upload = await api(a, 'POST', '/api/images/upload-multiple', { token: admin, body, headers });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const image = upload.body.data.images[0];
    expect(image.original.startsWith(`${bucket.s3.publicUrl}/`)).toBe(true);
    expect(await fetchImage(image.original)).toBe('png');

    for (const [path, name] of [
      ['/api/categories', 'Men'],
      ['/api/brands', 'Northwind'],
    ] as const) {
      expect((await api(a, 'POST', path, { token: admin, body: { name } })).status).toBe(201);
    }
    const created = await api(a, 'POST', '/api/products', {
      token: admin,
      body: {
        name: 'Linen Shirt',
        sku: `LIN-${randomBytes(3).toString('hex')}`,
        description: 'A breezy linen shirt for summer days.',
        category: 'Men',
        subcategory: 'Shirts',
        brand: 'Northwind',
        price: 59.99,
        inventory: [{ size: 'M', color: 'White', quantity: 10 }],
        images: [{ ...image, alt: 'Front' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const read = await api(b, 'GET', `/api/products/${created.body.data.product._id}`);
    expect(read.status).toBe(200);
    const served = read.body.data.product.images[0];
    expect(served).toMatchObject({ original: image.original, webp: image.webp, thumbnail: image.thumbnail });
    expect(await fetchImage(served.original)).toBe('png');
    expect(await fetchImage(served.thumbnail)).toBe('webp');
  });

  it('shares the request budget: the public-write budget spent across A and B answers 429 on both', async () => {
    const ip = clientIp();
    const forgot = (instance: Instance) =>
      api(instance, 'POST', '/api/auth/forgot-password', { ip, body: { email: 'nobody@example.com' } });
    // Alternating: with per-instance counters each would have spent only half its budget.
    for (let i = 0; i < PUBLIC_WRITES_BUDGET; i++) expect((await forgot(i % 2 ? b : a)).status).toBe(200);
    for (const instance of [a, b]) {
      const refused = await forgot(instance);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('shares the sign-in throttle: five failures spread over A and B lock the account on both', async () => {
    const email = newEmail('throttled');
    await register(a, email);
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? b : a, email, `Wrong-pass-${i}`)).status).toBe(401);
    for (const instance of [a, b]) expect((await signIn(instance, email, 'Customer-pass-1')).status).toBe(429);
  });

  it('refuses on B a refresh token already spent on A, and revokes its whole family', async () => {
    const { tokens } = await register(a, newEmail('refresh'));
    const rotated = await api(a, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: tokens.refreshToken },
    });
    expect(rotated.status).toBe(200);
    const replay = await api(b, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: tokens.refreshToken },
    });
    expect(replay.status).toBe(401);
    // The replay burnt the family: the token A handed out in the rotation no longer works on either instance.
    const next = rotated.body.data.tokens.refreshToken as string;
    for (const instance of [b, a])
      expect(
        (await api(instance, 'POST', '/api/auth/refresh', { headers: API_CLIENT, body: { refreshToken: next } }))
          .status,
      ).toBe(401);
  });

  it("sends every queued mail exactly once while both instances' queue workers run", async () => {
    const emails = Array.from({ length: 8 }, (_, i) => newEmail(`mail-${i}`));
    await Promise.all(emails.map((email, i) => register(i % 2 ? b : a, email)));
    const pending = () =>
      onServer(database.url, (client) =>
        client.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null'),
      ).then((r) => r.rows[0]?.n);
    const until = Date.now() + 30_000;
    while ((await pending()) !== 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await pending()).toBe(0);
    // A little later (both workers poll every 2 s besides being woken), nothing is sent again.
    await new Promise((r) => setTimeout(r, 3_500));
    for (const email of emails) {
      const copies = smtp.received.filter((mail) => mail.to.includes(email));
      expect(copies, email).toHaveLength(1);
      expect(copies[0]?.data).toMatch(/verify-email\?token=/);
    }
    const total = await onServer(database.url, (client) =>
      client.query<{ n: number }>('select count(*)::int as n from mail_outbox'),
    );
    expect(smtp.received).toHaveLength(total.rows[0]?.n ?? -1);
  }, 60_000);
});
