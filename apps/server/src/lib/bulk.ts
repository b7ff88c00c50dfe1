import {
  BULK_BATCH_SIZE,
  BULK_MESSAGES,
  BULK_PREVIEW_ROWS,
  BULK_REPORT_LIMIT,
  type BulkChange,
  type BulkResult,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../db/client.js';
import { activityLogs } from '../db/schema/index.js';
import { type AuditContext, type AuditEntry, activityRow } from './audit.js';

/** The rows a bulk action names: ticked ids, or "all matching" a list's filter condition. */
export type BulkSelection = { ids: string[] } | { where: SQL };

/**
 * The selected ids in batches of BULK_BATCH_SIZE, in id order. "All matching" walks the filter by keyset (id > the
 * last one seen), so 100,000 rows never sit in memory at once and a row the action moves out of the filter (a
 * deactivated product under `isActive=true`) does not shift the next batch.
 */
export async function* batchesOf(
  db: DbOrTx,
  table: PgTable,
  id: AnyPgColumn,
  selection: BulkSelection,
  /** Start after this id (a resumed job's cursor). */
  from: string | null = null,
): AsyncGenerator<string[]> {
  if ('ids' in selection) {
    const unique = [...new Set(selection.ids)].sort().filter((id) => from === null || id > from);
    for (let i = 0; i < unique.length; i += BULK_BATCH_SIZE) yield unique.slice(i, i + BULK_BATCH_SIZE);
    return;
  }
  let after = from;
  for (;;) {
    const rows: { id: string }[] = await queryRows<{ id: string }>(
      db,
      sql`SELECT ${id} AS id FROM ${table} WHERE ${selection.where} ${after ? sql`AND ${id} > ${after}` : sql``}
        ORDER BY ${id} LIMIT ${BULK_BATCH_SIZE}`,
    );
    if (!rows.length) return;
    yield rows.map((row) => row.id);
    if (rows.length < BULK_BATCH_SIZE) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** What one batch did: rows changed, rows already as asked, rows refused with a reason. */
export type BatchOutcome = {
  changed: { id: string; label: string }[];
  unchanged: number;
  failures: { id: string; label: string; reason: string }[];
  /** The changes old → new, for a dry run's preview. */
  preview?: BulkChange[];
};

export const emptyBulkResult = (): BulkResult => ({
  matched: 0,
  changed: 0,
  unchanged: 0,
  failed: 0,
  succeeded: [],
  failures: [],
});

/** The answer after one more batch of `matched` rows: full counts, the first BULK_REPORT_LIMIT rows named. */
export function withOutcome(result: BulkResult, matched: number, outcome: BatchOutcome): BulkResult {
  const next: BulkResult = {
    matched: result.matched + matched,
    changed: result.changed + outcome.changed.length,
    unchanged: result.unchanged + outcome.unchanged,
    failed: result.failed + outcome.failures.length,
    succeeded: [...result.succeeded, ...outcome.changed.slice(0, BULK_REPORT_LIMIT - result.succeeded.length)],
    failures: [...result.failures, ...outcome.failures.slice(0, BULK_REPORT_LIMIT - result.failures.length)],
  };
  if (outcome.preview || result.preview) {
    const preview = result.preview ?? [];
    next.preview = [...preview, ...(outcome.preview ?? []).slice(0, BULK_PREVIEW_ROWS - preview.length)];
  }
  return next;
}

/** Runs a bulk action batch by batch within the request and adds up the answer (a dry run). */
export async function runBulk(
  batches: AsyncIterable<string[]>,
  runBatch: (ids: string[]) => Promise<BatchOutcome>,
): Promise<BulkResult> {
  let result = emptyBulkResult();
  for await (const ids of batches) result = withOutcome(result, ids.length, await runBatch(ids));
  return result;
}

/**
 * One activity-log row per changed object, in one insert (same transaction as the change, docs/domain.md § Security).
 */
export async function writeActivities(db: DbOrTx, ctx: AuditContext, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(activityLogs).values(entries.map((entry) => activityRow(ctx, entry)));
}

/** `column IN (…ids)` as SQL parameters. */
export function idIn(column: SQL | AnyPgColumn, ids: readonly string[]): SQL {
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A batch's outcome to start from: ids asked for that do not exist (deleted meanwhile, or never were) fail. */
export function outcomeOf(ids: readonly string[], rows: readonly { id: string }[], noun: string): BatchOutcome {
  const found = new Set(rows.map((row) => row.id));
  return {
    changed: [],
    unchanged: 0,
    failures: ids.filter((id) => !found.has(id)).map((id) => ({ id, label: id, reason: BULK_MESSAGES.notFound(noun) })),
  };
}
