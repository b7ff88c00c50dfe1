import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { retryTransactions } from './retry.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// PostgreSQL returns numeric and bigint as strings; parse them as numbers (money fits a double exactly to the cent).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type OpenOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /** A dumped, already migrated embedded database to start from (tests: skips initdb and migrations). */
  pgliteTemplate?: Blob;
};

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', () => {});
    const db = retryTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.pgliteDir && options.pgliteDir !== ':memory:' ? options.pgliteDir : undefined;
  const client = await PGlite.create({
    dataDir,
    loadDataDir: options.pgliteTemplate,
    extensions: { pg_trgm },
    parsers: { 1700: (v: string) => Number(v), 20: (v: string) => Number(v) },
  });
  const db = retryTransactions(drizzlePglite(client, { schema }) as unknown as Db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query, on either driver. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
