import type { Readable } from 'node:stream';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type JobView } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type JobActor, jobs } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { inBatches, readCsvRecords } from './csv-records.js';
import type { ImportImages } from './import-images.js';
import { ImportPlanner, type RowDecision } from './import-plan.js';
import { writeBatch } from './import-write.js';
import { deleteInput, storedInput, storeInput, sweepAbandonedUploads } from './job-input.js';

type JobRow = typeof jobs.$inferSelect;

/** A job whose process stopped beating this long ago is taken over by whichever instance looks next. */
const STALE_AFTER = sql`interval '2 minutes'`;

export function toJobView(job: JobRow): JobView {
  const seconds = job.startedAt ? ((job.finishedAt ?? new Date()).getTime() - job.startedAt.getTime()) / 1000 : 0;
  return {
    _id: job.id,
    id: job.id,
    kind: job.kind,
    status: job.status,
    fileName: job.fileName,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    rate: seconds > 0 ? Math.round(job.processedRows / seconds) : 0,
    counts: job.counts,
    errors: job.errors,
    errorCount: job.errorCount,
    failure: job.failure,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Product import: the dry run (plans every batch as the upload streams in, writes nothing) and the job that applies a
 * file in the server process from its stored copy, one transaction per batch that also records the progress, so a job
 * resumes where its last batch ended, on any instance.
 */
export class ImportJobs {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly images: ImportImages,
  ) {}

  async preview(file: Readable, fileName: string): Promise<ImportPreview> {
    const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors, this.images.imageRules);
    for await (const batch of inBatches(readCsvRecords(file), IMPORT_LIMITS.batchRows))
      await planner.plan(this.db, batch);
    return {
      fileName,
      totalRows: planner.totalRows,
      counts: planner.counts,
      newProducts: planner.newProducts,
      errors: planner.errors,
      errorCount: planner.errorCount,
    };
  }

  /**
   * Stores the file as it streams in while counting its rows (the header checked, so a wrong file is a 400 now, not
   * a failed job), then queues the job and starts it. A refused upload leaves nothing behind.
   */
  async start(file: Readable, fileName: string, ctx: AuditContext): Promise<JobView> {
    const id = newId();
    const input = storeInput(this.db, id);
    try {
      let totalRows = 0;
      for await (const _record of readCsvRecords(file, input.stream)) totalRows += 1;
      const actor: JobActor = { userId: ctx.userId, userEmail: ctx.userEmail, ip: ctx.ip, userAgent: ctx.userAgent };
      const [job] = await this.db
        .insert(jobs)
        .values({ id, kind: 'product_import', fileName, totalRows, actor, createdBy: ctx.userId })
        .returning();
      this.launch(id);
      return toJobView(job!);
    } catch (error) {
      // Left over only if this delete fails too: then the sweep of abandoned uploads takes them.
      await input.settled();
      await deleteInput(this.db, id).catch((err) => this.log.warn({ err, jobId: id }, 'upload chunks not deleted'));
      throw error;
    }
  }

  async get(id: string): Promise<JobView> {
    const [job] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    if (!job) throw notFound('Job not found');
    return toJobView(job);
  }

  /** Picks up queued jobs and running ones whose process died (at start, and after each job of this instance). */
  async resumeStale(): Promise<void> {
    await sweepAbandonedUploads(this.db);
    const rows = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        sql`${jobs.status} = 'queued' OR (${jobs.status} = 'running' AND ${jobs.heartbeatAt} < now() - ${STALE_AFTER})`,
      );
    for (const row of rows) this.launch(row.id);
  }

  /** Lets the running jobs finish their current batch, then stop (a later start resumes them). */
  async close(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running.values());
  }

  private launch(id: string) {
    if (this.running.has(id) || this.stopping) return;
    const run = this.run(id)
      .catch((error) => this.log.error({ err: error, jobId: id }, 'import job crashed'))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async claim(id: string): Promise<JobRow | undefined> {
    const [job] = await this.db
      .update(jobs)
      .set({ status: 'running', heartbeatAt: new Date(), startedAt: sql`coalesce(${jobs.startedAt}, now())` })
      .where(
        and(
          eq(jobs.id, id),
          sql`(${jobs.status} = 'queued' OR (${jobs.status} = 'running' AND ${jobs.heartbeatAt} < now() - ${STALE_AFTER}))`,
        ),
      )
      .returning();
    return job;
  }

  private async run(id: string): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const job = await this.claim(id);
    if (!job) return;
    // A resumed job goes on from the counts and errors its last batch committed.
    const planner = new ImportPlanner(IMPORT_LIMITS.maxListedErrors, this.images.imageRules, job);
    try {
      let skipped = 0;
      for await (const batch of inBatches(readCsvRecords(storedInput(this.db, id)), IMPORT_LIMITS.batchRows)) {
        if (this.stopping) return;
        // Rows done before a restart are re-planned (to know the file's products and combinations), not written.
        const resumed = skipped < job.processedRows;
        skipped += batch.length;
        if (resumed) {
          // Pictures a crash left unset are set now (those already stored match and are not fetched again).
          await this.setImages(id, planner, await planner.replay(this.db, batch));
          continue;
        }
        // Planned before the transaction: the database's retry of a busy transaction re-runs only the writes.
        const decisions = await planner.plan(this.db, batch);
        await this.db.transaction(async (tx) => {
          const refused = await writeBatch(tx, planner, decisions, job.actor.userId);
          for (const r of refused) {
            planner.counts.update -= 1;
            planner.fail([{ row: r.row, column: 'quantity', message: IMPORT_MESSAGES.reservedAbove(r.reserved) }]);
          }
          await tx
            .update(jobs)
            .set({
              processedRows: skipped,
              counts: planner.counts,
              errors: planner.errors,
              errorCount: planner.errorCount,
              heartbeatAt: new Date(),
            })
            .where(eq(jobs.id, id));
        });
        await this.setImages(id, planner, decisions);
      }
      await this.finish(job, null);
    } catch (error) {
      this.log.error({ err: error, jobId: id }, 'import job failed');
      await this.finish(job, 'The import stopped on an unexpected error; rows before it were imported');
    }
  }

  /** The batch's pictures, after its data is committed; pictures that failed become listed row errors of the job. */
  private async setImages(id: string, planner: ImportPlanner, decisions: readonly RowDecision[]) {
    const failed = await this.images.apply(planner, decisions);
    if (failed.length === 0) return;
    planner.imagesFailed(failed);
    await this.db
      .update(jobs)
      .set({ errors: planner.errors, errorCount: planner.errorCount, heartbeatAt: new Date() })
      .where(eq(jobs.id, id));
  }

  /** Ends the job with ONE activity-log entry carrying its counts, and drops its stored file, in one transaction. */
  private async finish(job: JobRow, failure: string | null) {
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(jobs)
        .set({ status: failure ? 'failed' : 'completed', failure, finishedAt: new Date() })
        .where(eq(jobs.id, job.id))
        .returning();
      await deleteInput(tx, job.id);
      await writeActivity(tx, job.actor, {
        action: 'import',
        resource: 'product',
        resourceId: job.id,
        status: failure ? 'failure' : 'success',
        details: {
          job: job.id,
          file: job.fileName,
          rows: done!.totalRows,
          processed: done!.processedRows,
          ...done!.counts,
          errors: done!.errorCount,
        },
      });
    });
  }
}
