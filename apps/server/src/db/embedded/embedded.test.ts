import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { onServer } from '../../../test/databases.js';
import { orderBody } from '../../../test/orders.js';
import {
  freePort,
  postgresProcessesOf,
  postmastersOf,
  serverEnv,
  startCompiled,
  waitHealthy,
} from '../../../test/process.js';
import { type Db, openDatabase } from '../client.js';
import * as schema from '../schema/index.js';
import { generateStore } from '../seed/generate/index.js';
import { seedDemoData } from '../seed/index.js';
import { startEmbeddedPostgres } from './server.js';

const folders: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `seamline-${name}-`));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const countOrders = (url: string) =>
  onServer(url, (client) => client.query('select count(*)::int as n from orders').then((r) => r.rows[0].n as number));

async function withinMs(ms: number, done: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return done();
}

const QUEUE_STAND_IN = `
  CREATE SCHEMA graphile_worker;
  CREATE TYPE graphile_worker.job_spec AS (identifier text, payload json, queue_name text, run_at timestamptz,
    max_attempts smallint, job_key text, priority smallint, flags text[]);
  CREATE FUNCTION graphile_worker.add_jobs(specs graphile_worker.job_spec[], job_key_preserve_run_at boolean DEFAULT false)
    RETURNS SETOF int LANGUAGE sql AS 'SELECT 1 FROM unnest(specs)';
  CREATE FUNCTION graphile_worker.add_job(identifier text, payload json DEFAULT NULL, queue_name text DEFAULT NULL,
    run_at timestamptz DEFAULT NULL, max_attempts int DEFAULT NULL, job_key text DEFAULT NULL, priority int DEFAULT NULL,
    flags text[] DEFAULT NULL, job_key_mode text DEFAULT 'replace') RETURNS int LANGUAGE sql AS 'SELECT 1';
  CREATE TABLE graphile_worker._private_tasks (id serial PRIMARY KEY, identifier text UNIQUE);
  CREATE TABLE graphile_worker._private_job_queues (id serial PRIMARY KEY, queue_name text UNIQUE);
  CREATE TABLE graphile_worker._private_jobs (id bigserial PRIMARY KEY, job_queue_id int, task_id int, payload json);
`;

describe('the embedded PostgreSQL server', () => {
  it('serves the app through a socket only its own user may open, tools on loopback; a long path uses loopback', async () => {
    // inet_server_addr() is null on a Unix-socket connection.
    const address = (url: string) =>
      onServer(url, (c) => c.query('select inet_server_addr() as a').then((r) => r.rows[0].a));
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir('embedded-socket'), durable: false });
    try {
      expect(await address(embedded.url)).toBeNull();
      expect(await address(embedded.serverUrl)).toBe('127.0.0.1');
      const socketDir = new URL(embedded.url).searchParams.get('host') ?? '';
      const socket = readdirSync(socketDir).find((name) => /^\.s\.PGSQL\.\d+$/.test(name)) ?? '';
      expect(statSync(path.join(socketDir, socket)).mode & 0o777).toBe(0o700);
    } finally {
      await embedded.stop();
    }
    const parent = tempDir('embedded-deep');
    chmodSync(parent, 0o711); // passable for the database's own user when the tests run as root
    const deep = path.join(parent, 'a-folder-name-long-enough-to-push-the-socket-past-its-limit'.repeat(2));
    const onLoopback = await startEmbeddedPostgres({ dataDir: deep, durable: false });
    try {
      expect(await address(onLoopback.url)).toBe('127.0.0.1');
    } finally {
      await onLoopback.stop();
    }
  });

  it('dies with a killed server (kill -9) and keeps every acknowledged order for the next start', async () => {
    const dataDir = tempDir('embedded-kill');
    const env = (port: number) => serverEnv(port, { DATA_DIR: dataDir, SEED_DEMO: '1' });
    let port = await freePort();
    let server = startCompiled(env(port));
    expect(await waitHealthy(port, server.child, 120_000), server.output()).toBe(true);

    // Another process of the store (as `npm run seed` would) joins the running server instead of starting one.
    const joined = await startEmbeddedPostgres({ dataDir });
    const stock = await onServer(joined.url, (client) =>
      client
        .query(`select product_id, size, color from inventory i join products p on p.id = i.product_id
                where p.is_active and i.quantity - i.reserved >= 5 order by i.id limit 1`)
        .then((r) => r.rows[0] as { product_id: string; size: string; color: string }),
    );
    const before = await countOrders(joined.url);
    await joined.stop();
    expect(postmastersOf(dataDir)).toHaveLength(1);

    const item = { productId: stock.product_id, size: stock.size, color: stock.color, quantity: 1 };
    const placed = await Promise.all(
      [1, 2, 3].map((n) =>
        fetch(`http://127.0.0.1:${port}/api/orders/guest`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...orderBody([item]), email: `kill-${n}@example.com` }),
        }).then((r) => r.status),
      ),
    );
    expect(placed).toEqual([201, 201, 201]);

    server.child.kill('SIGKILL');
    await server.exited;
    expect(await withinMs(10_000, () => postgresProcessesOf(dataDir).length === 0)).toBe(true);

    port = await freePort();
    server = startCompiled(env(port));
    try {
      expect(await waitHealthy(port, server.child, 120_000), server.output()).toBe(true);
      const again = await startEmbeddedPostgres({ dataDir });
      expect(await countOrders(again.url)).toBe(before + 3);
      await again.stop();
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
    expect(postgresProcessesOf(dataDir)).toEqual([]);
  }, 240_000);

  it('moves a PGlite DATA_DIR (demo data and more orders) into the server with equal row counts in every table', async () => {
    const dataDir = tempDir('embedded-move');
    const legacyDir = path.join(dataDir, 'db');
    const legacy = await PGlite.create({ dataDir: legacyDir, extensions: { pg_trgm } });
    const legacyDb = drizzle(legacy, { schema }) as unknown as Db;
    // Today's code writes the store below; it adds queue jobs with its changes, which a PGlite store (an older
    // version's, never running the queue) has no schema for: it gets functions of the same shape that add nothing,
    // and the tables the checkout's quiet job insert (migration 0047) writes to.
    await legacy.exec(QUEUE_STAND_IN);
    await migrate(drizzle(legacy), { migrationsFolder: path.join(import.meta.dirname, '..', 'migrations') });
    await seedDemoData(legacyDb, () => {}, { uploadDir: path.join(dataDir, 'uploads') });
    await generateStore(legacyDb, { products: 5, customers: 5, orders: 200, batchSize: 100 });
    const tables = (
      await legacy.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")
    ).rows.map((r) => r.name);
    const countsIn = async (query: (text: string) => Promise<number>) => {
      const counts: Record<string, number> = {};
      for (const table of tables) counts[table] = await query(`select count(*)::int as n from "${table}"`);
      return counts;
    };
    const before = await countsIn(async (text) => (await legacy.query<{ n: number }>(text)).rows[0]?.n ?? -1);
    await legacy.close();
    expect(before.orders).toBeGreaterThan(200);

    const database = await openDatabase({ dataDir });
    try {
      const after = await countsIn(async (text) => {
        const rows = (await database.db.execute(text)) as unknown as { rows: { n: number }[] };
        return rows.rows[0]?.n ?? -1;
      });
      expect(after).toEqual(before);
    } finally {
      await database.close();
    }
    // The old folder stays, with a note saying where its data went; a later start does not move it again.
    expect(existsSync(path.join(legacyDir, 'PG_VERSION'))).toBe(true);
    expect(readFileSync(path.join(legacyDir, 'MOVED-TO-POSTGRES.txt'), 'utf8')).toContain(`orders: ${before.orders}`);
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  }, 240_000);
});
