import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, onServer } from '../../test/databases.js';
import { freePort, serverEnv, startCompiled, waitHealthy } from '../../test/process.js';

const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, 'migrations/meta/_journal.json'), 'utf8'));
const MIGRATIONS: number = journal.entries.length;
const dropped: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of dropped) await drop();
});

/** An empty database of its own on the test server. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; appliedMigrations(): Promise<number | null> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-migrate-'));
  const fresh = await freshDatabase({ prefix: 'seamline_migrate' });
  dropped.push(fresh.drop);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url },
    appliedMigrations: () =>
      onServer(fresh.url, (client) => countMigrations((sql) => client.query(sql).then((r) => r.rows))),
  };
}

/** Rows in Drizzle's migrations table, or null when it does not exist (nothing was migrated). */
async function countMigrations(query: (sql: string) => Promise<{ n: number | null }[]>): Promise<number | null> {
  const [exists] = await query(`select (to_regclass('drizzle.__drizzle_migrations') is not null)::int as n`);
  if (!exists?.n) return null;
  const [row] = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return row?.n ?? 0;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const server = startCompiled(serverEnv(port, env));
  const healthy = await waitHealthy(port, server.child);
  return { server, healthy, port };
}

async function stop(server: ReturnType<typeof startCompiled>) {
  server.child.kill('SIGTERM');
  return server.exited;
}

describe('migrations at start', () => {
  it('three instances starting on one empty database migrate it once, without errors', async () => {
    const database = await emptyDatabase();
    const instances = await Promise.all([1, 2, 3].map(() => startServer(database.env)));
    for (const { server, healthy } of instances) {
      expect(healthy, server.output()).toBe(true);
      expect(server.output()).not.toMatch(/error/i);
    }
    for (const { server } of instances) expect(await stop(server)).toEqual({ code: 0, signal: null });
    expect(await database.appliedMigrations()).toBe(MIGRATIONS);
  }, 180_000);

  it('MIGRATE_ON_START=0 leaves them to `npm run db:migrate`', async () => {
    const database = await emptyDatabase();
    const env = { ...database.env, MIGRATE_ON_START: '0' };
    const unmigrated = await startServer(env);
    expect(unmigrated.healthy, unmigrated.server.output()).toBe(true);
    expect(await stop(unmigrated.server)).toEqual({ code: 0, signal: null });
    expect(await database.appliedMigrations()).toBe(null);

    const migrate = startCompiled(serverEnv(0, database.env), 'db/migrate-cli.js');
    expect(await migrate.exited, migrate.output()).toEqual({ code: 0, signal: null });
    expect(await database.appliedMigrations()).toBe(MIGRATIONS);

    const migrated = await startServer(env);
    expect(migrated.healthy, migrated.server.output()).toBe(true);
    expect(await stop(migrated.server)).toEqual({ code: 0, signal: null });
  }, 180_000);
});
