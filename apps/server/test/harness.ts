import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { freshDatabase } from './databases.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
};

/**
 * A real app on a real, empty (migrated) database of its own on the test server, dropped on close; its JSON log goes
 * to `logStream` when one is given (none otherwise).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  { logStream }: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const fresh = await freshDatabase({ migrated: true });
  const dataDir = path.join(os.tmpdir(), `seamline-test-${randomBytes(6).toString('hex')}`);
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }),
    databaseUrl: fresh.url,
    rateLimitMax: 100_000,
    seedDemo: false,
    // No load shedding unless a test asks for it: a busy test machine must not turn requests into 503s.
    overload: { maxEventLoopDelayMs: 0, maxHeapBytes: 0, maxRssBytes: 0 },
    // No reused storefront answers unless a test asks: tests read right after they write.
    catalogue: { viewFlushMs: 5_000, cacheTtlMs: 0 },
    ...overrides,
  };
  const database = await openDatabase(config);
  // Copied from the migrated template; a no-op unless a migration was added since the run began.
  await database.migrate();
  const app = await buildApp({ config, database, logger: Boolean(logStream), logStream });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
    },
  };
}

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
