import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, prepareDataDir } from '../../apps/server/src/config.js';
import { type Database, openDatabase } from '../../apps/server/src/db/client.js';
import { generateStore } from '../../apps/server/src/db/seed/generate/index.js';
import { seedDemoData } from '../../apps/server/src/db/seed/index.js';

export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0';

/**
 * The database the bench measures: PostgreSQL at DATABASE_URL when set, else the embedded database in BENCH_DATA_DIR
 * (e.g. a store built with `DATA_DIR=… npm run seed -- …`), else a fresh embedded one in a temporary directory.
 */
export type BenchDatabase = {
  kind: 'postgres' | 'embedded';
  label: string;
  /** What the server process needs to open the same database (and its uploads). */
  serverEnv: Record<string, string>;
  /** Opens it in this process; the embedded server started here is joined by the server process the bench starts. */
  open(): Promise<Database>;
  dispose(): void;
};

export function benchDatabase(): BenchDatabase {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const keptDir = process.env.BENCH_DATA_DIR;
  const dataDir = keptDir ? path.resolve(keptDir) : mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  prepareDataDir(config);
  return {
    kind: databaseUrl ? 'postgres' : 'embedded',
    label: databaseUrl
      ? `PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}`
      : `embedded PostgreSQL${keptDir ? ` (${keptDir})` : ''}`,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    open: () => openDatabase({ databaseUrl, dataDir: config.dataDir }),
    dispose: () => {
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrates; a database without catalogue gets the demo store plus a small generated store with `orders` orders. */
export async function prepareStore(database: Database, target: BenchDatabase, orders: number): Promise<void> {
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: target.serverEnv.DATA_DIR });
  if (await seedDemoData(database.db, () => {}, config)) {
    console.log(`No catalogue yet: loaded the demo store and generating ${orders.toLocaleString('en-US')} orders…`);
    // 12,000 customers: enough to give one product the reviews check's 10,000 published reviews (the generated
    // reviews already on it include some that are not published, whose authors cannot review it again).
    await generateStore(database.db, { products: 1_000, customers: 12_000, orders });
  }
  // What a shop's autovacuum does between busy hours, which a database with autovacuum off (the CI machines') never
  // gets: without the VACUUM, ANALYZE of a table whose rows are all dead (a deleted webhook endpoint's deliveries)
  // records it as empty on hundreds of pages, and every plan on it is made for an empty table while the run fills it.
  await database.db.execute(sql`VACUUM (ANALYZE)`);
}

/** On PostgreSQL: a new empty database beside the measured one (`seamline_bench_<purpose>_…`), dropped afterwards. */
export async function scratchDatabase(
  databaseUrl: string,
  purpose: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `seamline_bench_${purpose}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
