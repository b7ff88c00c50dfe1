import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Where versions before the embedded PostgreSQL server kept the store: a PGlite database in DATA_DIR/db. */
export const legacyPgliteDir = (dataDir: string) => path.join(dataDir, 'db');
/** Written when the move is done: the old folder is kept (the operator removes it) and never moved twice. */
const movedMarker = (dataDir: string) => path.join(legacyPgliteDir(dataDir), 'MOVED-TO-POSTGRES.txt');

const ROWS_PER_BATCH = 2_000;

type TableCounts = Record<string, number>;

/**
 * A DATA_DIR from before the embedded PostgreSQL server holds a PGlite database in DATA_DIR/db. On the first start
 * of the new server that database is brought to the current schema, then copied table by table into the (still
 * empty) embedded PostgreSQL in one transaction, and the row counts of every table are compared before the commit.
 * The old folder stays as it was, with a note inside saying where its data went; nothing happens on later starts.
 */
export async function moveLegacyPgliteData(
  dataDir: string,
  target: { url: string; migrate(): Promise<void> },
  log: (line: string) => void = console.log,
): Promise<TableCounts | undefined> {
  const source = legacyPgliteDir(dataDir);
  if (!existsSync(path.join(source, 'PG_VERSION')) || existsSync(movedMarker(dataDir))) return undefined;
  log(`Moving the store from the old embedded database (${source}) into the embedded PostgreSQL server…`);
  const { openLegacyPglite } = await import('./legacy-pglite.js');
  const legacy = await openLegacyPglite(source);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    if (await hasTables(client)) {
      throw new Error(
        `DATA_DIR holds both an old embedded database (${source}) and a PostgreSQL store with data; move ${source} away to keep the PostgreSQL one`,
      );
    }
    await legacy.migrate();
    await target.migrate();
    const counts = await copyAll(legacy, client);
    writeFileSync(
      movedMarker(dataDir),
      `This PGlite database was moved into the embedded PostgreSQL server (DATA_DIR/postgres) on ${new Date().toISOString()}.\n` +
        `Rows per table (equal on both sides):\n${Object.entries(counts)
          .map(([table, rows]) => `  ${table}: ${rows}`)
          .join('\n')}\n` +
        'Nothing reads this folder any more: remove it when you no longer want it.\n',
    );
    log(`Moved ${Object.keys(counts).length} tables; the old folder ${source} is kept until you remove it.`);
    return counts;
  } finally {
    await client.end();
    await legacy.close();
  }
}

async function hasTables(client: pg.Client): Promise<boolean> {
  const { rowCount } = await client.query(
    "select 1 from information_schema.tables where table_schema in ('public', 'drizzle') limit 1",
  );
  return Boolean(rowCount);
}

export type LegacyDatabase = {
  /** Brings the old database to the current schema (the same migrations, so both sides have the same tables). */
  migrate(): Promise<void>;
  query<T>(text: string): Promise<T[]>;
  /** Calls `onBatch` with up to `size` rows at a time, read through a cursor (one snapshot). */
  cursor<T>(text: string, size: number, onBatch: (rows: T[]) => Promise<void>): Promise<void>;
  close(): Promise<void>;
};

/**
 * Every table's rows, in one transaction on the (migrated, empty) target. Triggers and foreign keys
 * are off while copying (`session_replication_role = replica`): the rollup tables are copied as they are rather than
 * recomputed, and tables load in any order. Sequences take the old values. Any difference in a count rolls it all back.
 */
async function copyAll(legacy: LegacyDatabase, target: pg.Client): Promise<TableCounts> {
  const tables = await legacy.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const counts: TableCounts = {};
  await target.query('begin');
  try {
    await target.query("set local session_replication_role = 'replica'");
    // Rows the migrations themselves wrote (settings and the like) are replaced by the old store's.
    await target.query(`truncate ${tables.map(({ name }) => ident(name)).join(', ')}`);
    for (const { name } of tables) counts[name] = await copyTable(legacy, target, name);
    await copySequences(legacy, target);
    for (const { name } of tables) {
      const [{ count }] = (await target.query(`select count(*)::int as count from ${ident(name)}`)).rows;
      if (count !== counts[name]) throw new Error(`table ${name}: ${counts[name]} rows read, ${count} written`);
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback');
    throw error;
  }
  return counts;
}

async function copyTable(legacy: LegacyDatabase, target: pg.Client, table: string): Promise<number> {
  const columns = await legacy.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = '${ident(table)}'::regclass and attnum > 0
       and not attisdropped and attgenerated = '' order by attnum`,
  );
  const list = columns.map((c) => ident(c.name)).join(', ');
  let copied = 0;
  await legacy.cursor<{ row: string }>(
    `select row_to_json(t)::text as row from (select ${list} from ${ident(table)}) t`,
    ROWS_PER_BATCH,
    async (rows) => {
      await target.query(
        `insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, $1::json)`,
        [`[${rows.map((r) => r.row).join(',')}]`],
      );
      copied += rows.length;
    },
  );
  return copied;
}

async function copySequences(legacy: LegacyDatabase, target: pg.Client) {
  const sequences = await legacy.query<{ name: string; value: number | null }>(
    "select sequencename as name, last_value as value from pg_sequences where schemaname = 'public'",
  );
  for (const { name, value } of sequences) {
    if (value !== null) await target.query('select setval($1::regclass, $2)', [ident(name), value]);
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
