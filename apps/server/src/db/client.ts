import { createHash } from 'node:crypto';
import path from 'node:path';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbTimeouts, ReplicaSettings } from '../config.js';
import { migrateQueue } from '../lib/queue.js';
import { poolOptions } from './connection.js';
import { moveLegacyPgliteData } from './embedded/move-pglite.js';
import { startEmbeddedPostgres } from './embedded/server.js';
import { ReadReplicas } from './replicas.js';
import { retryTransactions } from './retry.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything a query can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Connection pool figures for the metrics. */
export type PoolStats = { max: number; open: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  /** Where the data lives, for messages: "PostgreSQL at host:port" or "the embedded PostgreSQL in DATA_DIR/postgres". */
  description: string;
  /** The connection string, for the job queue's own pool. */
  connectionString: string;
  poolStats(): PoolStats;
  /** The read replicas (DATABASE_READ_URLS), when the serving process has any. */
  replicas?: ReadReplicas;
  /** Applies the pending migrations (of the app's migrations folder, or of `folder`: tests migrate older states). */
  migrate(folder?: string): Promise<void>;
  /** Closes the pool, then stops the embedded server when this process started it. */
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

// PostgreSQL returns numeric and bigint as strings; parse them as numbers (money fits a double exactly to the cent).
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type OpenOptions = {
  /** A PostgreSQL server of one's own; without it the embedded server in DATA_DIR is started (or joined). */
  databaseUrl?: string;
  /** DATA_DIR, where the embedded server keeps its cluster (used only without databaseUrl). */
  dataDir?: string;
  /** The serving process's timeouts (main.ts); batch jobs (CLIs, seeding, benchmarks) run without. */
  requestTimeouts?: DbTimeouts;
  /** Size of the request pool (DB_POOL_MAX); node-postgres' usual 10 when absent. */
  dbPoolMax?: number;
  /** Read replicas of the serving process (main.ts); CLIs and batch jobs work on the primary alone. */
  replicas?: ReplicaSettings;
};

/**
 * The database of this process: the PostgreSQL server in DATABASE_URL, or else the embedded PostgreSQL server in
 * DATA_DIR/postgres (started here, or joined when another process of this store runs it). Either way the app talks
 * to it through the same node-postgres pool.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return connect(options.databaseUrl, options, describeUrl(options.databaseUrl));
  if (!options.dataDir) throw new Error('openDatabase needs DATABASE_URL or a data folder for the embedded server');
  const embedded = await startEmbeddedPostgres({ dataDir: options.dataDir });
  const connected = await connect(
    embedded.url,
    options,
    `the embedded PostgreSQL in ${path.join(options.dataDir, 'postgres')}`,
  );
  const database: Database = {
    ...connected,
    async close() {
      await connected.close();
      await embedded.stop();
    },
  };
  try {
    await moveLegacyPgliteData(options.dataDir, { url: embedded.url, migrate: () => database.migrate() });
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function connect(url: string, options: OpenOptions, description: string): Promise<Database> {
  const pool = new pg.Pool(poolOptions(url, options.requestTimeouts, options.dbPoolMax));
  // An idle connection closed by the server (restart, failover, DROP DATABASE … FORCE) must not crash the process:
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => {});
  // The pool listens for errors only on idle connections. A connection cut while a request holds it (terminated
  // backend, idle-in-transaction timeout) emits 'error' on the client with no listener, which would end the
  // process; the request's own query fails anyway (then 503) and the pool discards the dead connection on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = retryTransactions(drizzleNodePg(pool, { schema }) as unknown as Db);
  const replicas = options.replicas?.urls.length
    ? new ReadReplicas(pool, db, options.replicas, options.requestTimeouts, options.dbPoolMax)
    : undefined;
  return {
    db,
    replicas,
    description,
    connectionString: url,
    poolStats: () => ({
      max: pool.options.max,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: (folder = migrationsFolder) => migrateWithoutStatementTimeouts(url, options.requestTimeouts, folder),
    close: async () => {
      await replicas?.close();
      await pool.end();
    },
  };
}

function describeUrl(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `PostgreSQL at ${hostname || 'localhost'}:${port || '5432'}`;
  } catch {
    return 'the PostgreSQL in DATABASE_URL';
  }
}

/** Any fixed number: every instance of this app takes the same PostgreSQL advisory lock around its migrations. */
const MIGRATION_LOCK_KEY = 4_120_725_001;

/**
 * Migrations may rewrite large tables, so they run on their own connections without the per-request timeouts.
 * Instances starting together queue on a session advisory lock: the first migrates, the others then find nothing
 * left to do (the migrator's own CREATE SCHEMA/TABLE IF NOT EXISTS steps are not safe to run concurrently).
 */
async function migrateWithoutStatementTimeouts(url: string, timeouts: DbTimeouts | undefined, folder: string) {
  const untimed = timeouts && { ...timeouts, statementMs: 0, idleInTransactionMs: 0 };
  const lock = new pg.Client({ ...poolOptions(url, untimed) });
  lock.on('error', () => {});
  await lock.connect();
  const pool = new pg.Pool({ ...poolOptions(url, untimed), max: 1 });
  pool.on('error', () => {});
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // The queue's schema first: a migration may hand waiting work to the queue (graphile_worker.add_job).
    await migrateQueue(pool);
    await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: folder });
  } finally {
    await pool.end();
    // Closing the session releases the lock, also when the migration failed.
    await lock.end();
  }
}

/** Rows of a raw SQL query. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type SessionOf = {
  session: {
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values?: Record<string, unknown>): Promise<{ rows: unknown[] }> };
  };
};

/** A query's SQL text and values as one string: the same statement with the same values gives the same key. */
export function statementKey(db: DbOrTx, query: SQL): string {
  const { sql: text, params } = (db as unknown as SessionOf).session.dialect.sqlToQuery(query);
  return `${text}\u0000${JSON.stringify(params)}`;
}

/** Statement names by SQL text: hashing a long text (the guest order's is 6.6 kB) on every call cost more than this. */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    // Texts are bounded by the code (and the cart sizes it is given); the cap is only a backstop.
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    name = `sl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `queryRows` as a named prepared statement: each pooled connection parses
 * the statement once, and after a few runs PostgreSQL may keep a generic plan instead of planning every call. The name
 * is a hash of the SQL text, so different texts (e.g. carts of different sizes) are different statements. For the
 * hottest statements only (guest checkout, the storefront list); what a caller chooses must be a parameter, never
 * written into the text: only the server's own constants may be (each text is a statement kept on every connection).
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { session } = db as unknown as SessionOf;
  const built = session.dialect.sqlToQuery(query);
  const result = await session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return result.rows as T[];
}

/**
 * A whole number of the server's own (a page size it chose, a count's bound; never a caller's value as such) written
 * into a prepared statement's text: the planner sees it, where a parameter would make it plan for a tenth of the table
 * and so plan again on every call.
 */
export const writtenOut = (n: number): SQL => sql.raw(String(Math.trunc(n)));

/**
 * A named prepared statement whose SQL is built once: its values are `sql.placeholder(name)`s, given on each call. For
 * the hottest reads, where building a long statement's text on every call cost more than running it.
 */
export function preparedStatement<T, Values extends Record<string, unknown>>(build: () => SQL) {
  let built: { sql: string; params: unknown[]; name: string } | undefined;
  return async (db: DbOrTx, values: Values): Promise<T[]> => {
    const { session } = db as unknown as SessionOf;
    if (!built) {
      const query = session.dialect.sqlToQuery(build());
      built = { ...query, name: statementName(query.sql) };
    }
    const result = await session.prepareQuery(built, undefined, built.name, false).execute(values);
    return result.rows as T[];
  };
}

/**
 * A query builder's prepared statement (`.prepare(name)`) made once per database, on first use: each pool (the
 * primary, a replica) keeps its own, and building the query again on every call cost more than the statement saved.
 */
export function preparedPerDatabase<Database extends object, Prepared>(
  prepare: (db: Database) => Prepared,
): (db: Database) => Prepared {
  const made = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = made.get(db);
    if (!prepared) {
      prepared = prepare(db);
      made.set(db, prepared);
    }
    return prepared;
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * A row of `table` from its `row_to_json` (database column names), mapped the way drizzle maps a selected row: for a
 * statement that returns a table's row from inside a larger query (a data-modifying CTE).
 */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * `row` (a table's row, or part of it, as drizzle maps it) under the database's column names, the inverse of
 * rowFromJson: rows sent as one JSON parameter that a statement reads with `json_to_recordset`.
 */
export function jsonOfRow<T extends PgTable>(table: T, row: Partial<T['$inferSelect']>): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = (row as Record<string, unknown>)[key];
    if (value !== undefined) json[column.name] = value;
  }
  return json;
}

/** A json value from a query: node-postgres parses json columns, a value cast to text arrives as a string. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
