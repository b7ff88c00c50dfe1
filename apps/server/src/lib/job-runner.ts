import type { JobKind, JobView } from '@seamline/shared';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { type JobActor, jobs } from '../db/schema/index.js';
import type { AuthUser } from '../types.js';
import type { AuditContext } from './audit.js';
import { notFound } from './errors.js';
import { addJob, type JobQueue } from './queue.js';

export type JobRow = typeof jobs.$inferSelect;

/**
 * What runs one kind of job. `run` starts or resumes it from the progress stored in the row, and commits its progress
 * in the same transaction as the work it counts, so a resumed job neither repeats nor skips work. It answers
 * 'stopped' when `stopping()` asked it to end early (the server is closing; another start resumes it).
 */
export type JobHandler = {
  run(job: JobRow, stopping: () => boolean): Promise<'done' | 'stopped'>;
  /** Written when the job ends, in the transaction that ends it (e.g. the import's one activity-log entry). */
  finish?(tx: Tx, job: JobRow, failure: string | null): Promise<void>;
  /** Why the job failed, told to the one who started it when the handler throws. */
  failureMessage: string;
  /** Cleans up what jobs of this kind may leave behind when no job was created (at start, before resuming). */
  sweep?(): Promise<void>;
};

/** The queue task that runs one background job (payload: its id in `jobs`). */
export const RUN_JOB_TASK = 'jobs.run';

export function toJobView(job: Omit<JobRow, 'params'>): JobView {
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
    result: job.result,
    failure: job.failure,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Background jobs of every kind. The `jobs` row is the record staff see; the queue runs it: `enqueue` adds a
 * `jobs.run` job in the row's transaction, any instance's worker takes it (once at a time), and a job whose process
 * died is run again by another instance once the queue has unlocked it (lib/queue-workers.ts): the handler resumes
 * from the progress committed with each batch.
 */
export class JobRunner {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<JobKind, JobHandler>,
    queue: JobQueue,
  ) {
    queue.define<{ jobId: string }>(RUN_JOB_TASK, ({ jobId }, job) => this.run(jobId, job.stopping));
  }

  /** Records a job and adds the queue job that runs it, in one transaction. */
  async enqueue(
    job: { id?: string; kind: JobKind; params?: unknown; fileName?: string; totalRows?: number },
    ctx: AuditContext,
  ): Promise<JobView> {
    const actor: JobActor = {
      userId: ctx.userId,
      userEmail: ctx.userEmail,
      apiKeyId: ctx.apiKeyId ?? null,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    };
    const row = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(jobs)
        .values({ ...job, actor, createdBy: ctx.userId })
        .returning();
      await addRunJob(tx, row!.id);
      return row!;
    });
    return toJobView(row);
  }

  /** A job's progress, for the staff member who started it or an admin (others get 404, as for any hidden object). */
  async get(id: string, user: AuthUser): Promise<JobView> {
    // Progress reads leave the stored request out: a progress bar asks twice a second.
    const { params: _params, ...columns } = getTableColumns(jobs);
    const [job] = await this.db.select(columns).from(jobs).where(eq(jobs.id, id));
    if (!job || (user.role !== 'admin' && job.createdBy !== user.id)) throw notFound('Job not found');
    return toJobView(job);
  }

  /** Cleans up what jobs may leave behind without a job row (at start). */
  async sweep(): Promise<void> {
    for (const handler of Object.values(this.handlers)) await handler.sweep?.();
  }

  /** Marks the job running (a run after a crash finds it running already) and answers it, unless it has ended. */
  private async claim(id: string): Promise<JobRow | undefined> {
    const [job] = await this.db
      .update(jobs)
      .set({ status: 'running', heartbeatAt: new Date(), startedAt: sql`coalesce(${jobs.startedAt}, now())` })
      .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])))
      .returning();
    return job;
  }

  /**
   * One run of the job. A handler's failure ends the job as failed (told to the one who started it); an error
   * recording the end throws, so the queue runs the job again. Stopped early for a shutdown, it hands the rest to a
   * new queue job, which any instance takes.
   */
  private async run(id: string, stopping: () => boolean): Promise<void> {
    const job = await this.claim(id);
    if (!job) return;
    const handler = this.handlers[job.kind];
    let failure: string | null = null;
    try {
      if ((await handler.run(job, stopping)) === 'stopped') {
        await addRunJob(this.db, id);
        return;
      }
    } catch (error) {
      this.log.error({ err: error, jobId: id, kind: job.kind }, 'job failed');
      failure = handler.failureMessage;
    }
    await this.finish(job, handler, failure);
  }

  private async finish(job: JobRow, handler: JobHandler, failure: string | null) {
    await this.db.transaction(async (tx) => {
      const [done] = await tx
        .update(jobs)
        .set({ status: failure ? 'failed' : 'completed', failure, finishedAt: new Date(), params: null })
        .where(eq(jobs.id, job.id))
        .returning();
      await handler.finish?.(tx, done!, failure);
    });
  }
}

/** At most one pending run per job (the key): a job added again while one waits is not run twice. */
function addRunJob(db: DbOrTx, jobId: string) {
  return addJob(db, RUN_JOB_TASK, { jobId }, { jobKey: `jobs:${jobId}` });
}
