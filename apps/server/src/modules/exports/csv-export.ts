import { pipeline, Readable } from 'node:stream';
import { EXPORT_RESOURCES, type ExportKind, neutraliseCsvCell } from '@seamline/shared';
import { stringify } from 'csv-stringify';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';

/** One kind of export: its columns and its records, read a page at a time. */
export type CsvExport = {
  kind: ExportKind;
  /** File name without the date and extension, e.g. `orders`. */
  fileName: string;
  columns: readonly string[];
  records: AsyncIterable<string[]>;
};

/**
 * Pages along a keyset cursor: `readPage(after)` reads the page following the last row of the previous one (null for
 * the first), so each read is an index walk from where the last stopped, never an OFFSET. The next page is read while
 * the consumer writes the current one (the database and the CSV work overlap), so at most two pages are in memory
 * however large the table.
 */
export async function* keysetPages<Row>(readPage: (after: Row | null) => Promise<Row[]>): AsyncGenerator<Row[]> {
  // Marked handled at once: a read failing while the client is slow must not crash the process as an unhandled
  // rejection; awaiting it below still throws its error (and a read left behind by a client that left is ignored).
  const read = (after: Row | null) => {
    const pending = readPage(after);
    pending.catch(() => {});
    return pending;
  };
  let next = read(null);
  for (;;) {
    const rows = await next;
    if (rows.length === 0) return;
    next = read(rows[rows.length - 1]!);
    yield rows;
  }
}

/** Where a newest-first page stopped: its last row's creation time (PostgreSQL text, exact to the µs) and id. */
export type NewestFirstCursor = { cursorAt: string; id: string };

/** `created_at::text`, selected as the cursor (a JavaScript Date would drop the microseconds and skip rows). */
export const cursorAt = (createdAt: AnyColumn) => sql<string>`${createdAt}::text`;

/**
 * The rows after the cursor in newest-first order (created_at DESC, id DESC), written so that an index on
 * created_at alone serves it as a range walk.
 */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, after: NewestFirstCursor | null): SQL {
  if (!after) return sql`true`;
  const at = sql`${after.cursorAt}::timestamptz`;
  return sql`${createdAt} <= ${at} AND (${createdAt} < ${at} OR ${id} < ${after.id})`;
}

/** The filters an export was asked for, without the ones left empty (what the audit row names). */
export function givenFilters(query: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== ''));
}

/**
 * Audits the export (one activity-log row: action `export`, the resource and the filters), then sends its CSV as a
 * stream: csv-stringify applies back-pressure, so the next page is read only when the client has taken the last.
 * Every cell a spreadsheet would run as a formula is written with a leading `'` (shared neutraliseCsvCell; the
 * product import takes it off again).
 */
export async function sendCsv(
  db: Db,
  reply: FastifyReply,
  ctx: AuditContext,
  filters: Record<string, unknown>,
  file: CsvExport,
) {
  await writeActivity(db, ctx, {
    action: 'export',
    resource: EXPORT_RESOURCES[file.kind],
    details: { filters: givenFilters(filters) },
  });
  async function* lines() {
    yield [...file.columns];
    for await (const record of file.records) yield record.map(neutraliseCsvCell);
  }
  // pipeline, not pipe: a failed read ends the response (fastify logs it), a client that leaves stops the reads.
  const stream = stringify();
  pipeline(Readable.from(lines()), stream, () => {});
  return (
    reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}-${new Date().toISOString().slice(0, 10)}.csv"`,
      )
      // A stream is sent as it is (fastify serializes no stream); the contract's string schema documents its text.
      .send(stream as unknown as string)
  );
}

/** Money as exported: two decimals, empty when absent. */
export const money = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : Number(value).toFixed(2);

/** A timestamp as exported: ISO 8601 UTC, empty when absent. */
export const isoTime = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? '' : new Date(value).toISOString();
