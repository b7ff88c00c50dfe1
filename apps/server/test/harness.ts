import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';

let templateBlob: Promise<Blob | undefined> | undefined;
/** The migrated template the global setup dumped (see test/global-setup.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  templateBlob ??= (async () => {
    // Benchmarks reuse this harness outside Vitest, where there is no template to inject.
    const file = process.env.VITEST ? inject('pgliteTemplate') : undefined;
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return templateBlob;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/**
 * A real app on a real, empty database: in-memory PGlite by default, or a fresh database on the PostgreSQL
 * server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `seamline_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const dataDir = path.join(os.tmpdir(), `seamline-test-${randomBytes(6).toString('hex')}`);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
    databaseUrl,
    pgliteDir: ':memory:',
    rateLimitMax: 100_000,
    seedDemo: false,
    // No load shedding unless a test asks for it: a busy test machine must not turn requests into 503s.
    overload: { maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 0 },
    // No reused storefront answers unless a test asks: tests read right after they write.
    catalogue: { viewFlushMs: 5_000, cacheTtlMs: 0 },
    ...overrides,
  };
  const database = await openDatabase({ ...config, pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate() });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

/** Real PostgreSQL is needed to prove locking under concurrency (PGlite has one connection). */
export const onRealPostgres = Boolean(process.env.TEST_DATABASE_URL);

export type JsonResponse<T = Record<string, unknown>> = { status: number; body: T; headers: Record<string, unknown> };

const rand = () => Math.floor(Math.random() * 254) + 1;

/** app.inject with a bearer token and a parsed JSON body. */
export async function call<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<JsonResponse<T>> {
  const response = await app.inject({
    method,
    url,
    // Each call comes from its own address unless a test pins one, so per-IP limits stay per test.
    remoteAddress: options.ip ?? `10.${rand()}.${rand()}.${rand()}`,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body: body as T, headers: response.headers };
}
