import { COUNT_EXACT_LIMIT } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows, statementKey } from '../db/client.js';
import { keptPerDatabase } from './kept-per-database.js';

export type BoundedCount = { total: number; exact: boolean };

/**
 * How many rows `matching` returns, counted exactly up to COUNT_EXACT_LIMIT and estimated past it. `matching` is a
 * SELECT of the list's rows without ORDER BY/LIMIT (its columns do not matter). Counting stops after the limit, so
 * a list's cost stays flat however large the store grows; above it the planner's row estimate is used, never less
 * than the limit itself.
 *
 * `estimateFirst` (a substring search): the planner's estimate is asked first, and when it is above the limit that
 * estimate is the answer, uncounted. Counting even `limit` matches of a common word re-checks tens of thousands of
 * rows (a word in 3 % of the rows: 33,000 for 1,000 matches), which cost more than the page itself. `knownEstimate`:
 * the same, already asked by the caller.
 */
export async function boundedCount(
  db: DbOrTx,
  matching: SQL,
  limit = COUNT_EXACT_LIMIT,
  options: { estimateFirst?: boolean; knownEstimate?: number } = {},
): Promise<BoundedCount> {
  const estimate = options.knownEstimate ?? (options.estimateFirst ? await keptEstimate(db, matching) : undefined);
  if (estimate !== undefined && estimate > limit) return { total: estimate, exact: false };
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${matching} LIMIT ${limit + 1}) AS bounded`,
  );
  return countedOrEstimated(db, matching, Number(counted?.n ?? 0), limit, estimate);
}

/**
 * The bounded count of `matching` from `counted`, the number of its rows counted up to `limit + 1` (by the caller, e.g.
 * inside a larger statement): exact when within the limit, else the planner's estimate (never less than the limit;
 * `knownEstimate` when it was already asked).
 */
export async function countedOrEstimated(
  db: DbOrTx,
  matching: SQL,
  counted: number,
  limit = COUNT_EXACT_LIMIT,
  knownEstimate?: number,
): Promise<BoundedCount> {
  if (counted <= limit) return { total: counted, exact: true };
  return { total: await estimatedCount(db, matching, limit, knownEstimate), exact: false };
}

/** The planner's row estimate for `matching`, known to hold more than `limit` rows (so never less than limit + 1). */
export async function estimatedCount(db: DbOrTx, matching: SQL, limit: number, known?: number): Promise<number> {
  return Math.max(limit + 1, known ?? (await keptEstimate(db, matching)));
}

/** How long a kept estimate serves: the planner's figures only move when the table is analysed again. */
const ESTIMATE_KEPT_MS = 60_000;
/** Most estimates kept per database (the oldest goes first): a flood of distinct searches cannot grow it further. */
const MAX_KEPT_ESTIMATES = 1_000;

/**
 * `estimatedRows` kept per database and statement (its text and values) for `keptMs`: a common search asked again
 * within the minute skips the planner's round trip. A failed read is not kept.
 */
export function keptEstimates(keptMs = ESTIMATE_KEPT_MS, most = MAX_KEPT_ESTIMATES) {
  const perDatabase = new WeakMap<DbOrTx, Map<string, { rows: Promise<number>; readAt: number }>>();
  const keptFor = (db: DbOrTx) => {
    const kept = perDatabase.get(db) ?? new Map<string, { rows: Promise<number>; readAt: number }>();
    perDatabase.set(db, kept);
    return kept;
  };
  return (db: DbOrTx, matching: SQL): Promise<number> => {
    const kept = keptFor(db);
    const key = statementKey(db, matching);
    const entry = kept.get(key);
    if (entry && Date.now() - entry.readAt < keptMs) return entry.rows;
    kept.delete(key);
    const oldest = kept.keys().next();
    if (kept.size >= most && !oldest.done) kept.delete(oldest.value);
    const rows = estimatedRows(db, matching);
    kept.set(key, { rows, readAt: Date.now() });
    rows.catch(() => {
      if (kept.get(key)?.rows === rows) kept.delete(key);
    });
    return rows;
  };
}

/**
 * The lists' estimates, kept a minute per statement: a staff member paging through a common word's matches, or a list
 * refreshed, asked the planner again on every request (an EXPLAIN planned in full, a third of a searched order page's
 * database time on the large store).
 */
export const keptEstimate = keptEstimates();

/** The planner's row estimate for `matching` (EXPLAIN, nothing run). */
async function estimatedRows(db: DbOrTx, matching: SQL): Promise<number> {
  const [plan] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (FORMAT JSON) ${matching}`);
  return planRows(plan?.['QUERY PLAN']);
}

/** The top node's estimated row count of an `EXPLAIN (FORMAT JSON)` answer (a JSON string or already parsed). */
function planRows(raw: unknown): number {
  const parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const rows = Array.isArray(parsed) ? parsed[0]?.Plan?.['Plan Rows'] : undefined;
  return typeof rows === 'number' ? Math.round(rows) : 0;
}

/** How long a table's planned size is taken as known. */
const TABLE_SIZE_TTL_MS = 60_000;

/**
 * About how many rows `table` holds (what its last ANALYZE or VACUUM counted; -1 when never analysed), read at most
 * once a minute per database; an unknown or empty size is read again on the next call (the next ANALYZE tells it, and
 * a database made from an empty template says 0 until then).
 */
export function keptTableRows(table: string) {
  const kept = keptPerDatabase(async (db) => {
    const [row] = await queryRows<{ rows: number }>(
      db,
      sql`SELECT reltuples::float8 AS rows FROM pg_class WHERE oid = ${table}::regclass`,
    );
    return Number(row?.rows ?? -1);
  }, TABLE_SIZE_TTL_MS);
  return {
    async get(db: DbOrTx): Promise<number> {
      const rows = await kept.get(db);
      if (rows <= 0) kept.forget();
      return rows;
    },
  };
}
