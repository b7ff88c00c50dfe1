import type { BulkResult, JobKind } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import type { AuditContext } from '../../lib/audit.js';
import { type BatchOutcome, type BulkSelection, batchesOf, emptyBulkResult, withOutcome } from '../../lib/bulk.js';
import { AppError } from '../../lib/errors.js';
import type { JobHandler, JobRow, JobRunner } from '../../lib/job-runner.js';
import type { AuthUser } from '../../types.js';

/** What a bulk job stores as its input: the request body (as validated) and who asked. */
export type BulkJobInput<B> = { body: B; user: AuthUser };

type ProgressState = { result: BulkResult; cursor: string | null; processed: number };

/**
 * A bulk job's progress: the answer so far and the last id done. It is written in the transaction of the work it
 * counts, so after a crash the job resumes exactly after the last committed object: nothing applied twice or skipped.
 */
export class BulkProgress {
  constructor(
    private readonly jobId: string,
    private state: ProgressState,
  ) {}

  get cursor() {
    return this.state.cursor;
  }

  /**
   * Writes the progress after `outcome` (the `rows` ids up to `lastId`) in `tx`. The state it returns is `accept`ed
   * once that transaction has committed (a retried transaction writes it again from the same starting point).
   */
  async record(tx: Tx, outcome: BatchOutcome, lastId: string, rows: number): Promise<ProgressState> {
    const next = {
      result: withOutcome(this.state.result, rows, outcome),
      cursor: lastId,
      processed: this.state.processed + rows,
    };
    await tx
      .update(jobs)
      .set({ result: next.result, cursor: next.cursor, processedRows: next.processed, heartbeatAt: new Date() })
      .where(eq(jobs.id, this.jobId));
    return next;
  }

  accept(state: ProgressState) {
    this.state = state;
  }

  /** A batch done in one transaction together with its progress. */
  async batch(db: Db, ids: string[], work: (tx: Tx) => Promise<BatchOutcome>): Promise<void> {
    this.accept(await db.transaction(async (tx) => this.record(tx, await work(tx), ids.at(-1)!, ids.length)));
  }

  /**
   * Objects that each go through their own one-object operation (its transaction, locks and activity row): `work`
   * calls `done(tx)` inside that transaction when it changed the object; a refusal (AppError) is kept with its reason.
   */
  async eachObject<R extends { id: string; label: string }>(
    db: Db,
    ids: string[],
    rows: R[],
    noun: string,
    work: (row: R, done: (tx: Tx) => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      let state: ProgressState | undefined;
      const record = (outcome: BatchOutcome) => async (tx: Tx) => {
        state = await this.record(tx, outcome, id, 1);
      };
      const failed = (reason: string) =>
        db.transaction(record({ changed: [], unchanged: 0, failures: [{ id, label: row?.label ?? id, reason }] }));
      if (!row) await failed(`${noun} not found`);
      else {
        try {
          await work(row, record({ changed: [{ id, label: row.label }], unchanged: 0, failures: [] }));
          if (!state) await db.transaction(record({ changed: [], unchanged: 1, failures: [] }));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          await failed(error.message);
        }
      }
      this.accept(state!);
    }
  }
}

/** One kind of bulk action as a job: what it selects, and how it applies one batch of ids. */
export type BulkJobSpec<B> = {
  target(body: B): Promise<{ table: PgTable; id: AnyPgColumn; selection: BulkSelection }>;
  apply(ids: string[], input: BulkJobInput<B>, ctx: AuditContext, progress: BulkProgress): Promise<void>;
};

/** Queues a bulk action as a job (a checked selection; the work happens in the background). */
export function queueBulkJob<B extends { selection: { ids: string[] } | { filter: unknown } }>(
  runner: JobRunner,
  kind: JobKind,
  body: B,
  user: AuthUser,
  ctx: AuditContext,
) {
  const input: BulkJobInput<B> = { body, user };
  const totalRows = 'ids' in body.selection ? new Set(body.selection.ids).size : 0;
  return runner.enqueue({ kind, params: input, totalRows }, ctx);
}

/** The job handler of a bulk action: walks its selection from the stored cursor, batch by batch. */
export function bulkJobHandler<B>(db: Db, spec: BulkJobSpec<B>): JobHandler {
  return {
    failureMessage: 'The bulk action stopped on an unexpected error; the rows before it were changed',
    async run(job: JobRow, stopping) {
      // The body as the request's schema produced it (validated then; plain JSON values, so it round-trips).
      const input = job.params as BulkJobInput<B>;
      const { table, id, selection } = await spec.target(input.body);
      if ('where' in selection && job.cursor === null) {
        // "All matching": how many, counted once when the job starts (the walk itself goes by keyset).
        const [row] = await queryRows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM ${table} WHERE ${selection.where}`,
        );
        await db
          .update(jobs)
          .set({ totalRows: row?.total ?? 0 })
          .where(eq(jobs.id, job.id));
      }
      const progress = new BulkProgress(job.id, {
        result: job.result ?? emptyBulkResult(),
        cursor: job.cursor,
        processed: job.processedRows,
      });
      for await (const ids of batchesOf(db, table, id, selection, job.cursor)) {
        if (stopping()) return 'stopped';
        await spec.apply(ids, input, job.actor, progress);
      }
      return 'done';
    },
  };
}
