import type { JobKind, JobView } from '@seamline/shared';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { type JobActor, jobs } from '../db/schema/index.js';
import type { AuthUser } from '../types.js';
import type { AuditContext } from './audit.js';
import { notFound } from './errors.js';

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

/** A job whose process stopped beating this long ago is taken over by whichever instance looks next. */
const STALE_AFTER = sql`interval '2 minutes'`;
const claimable = sql`(${jobs.status} = 'queued' OR (${jobs.status} = 'running' AND ${jobs.heartbeatAt} < now() - ${STALE_AFTER}))`;

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
 * Background jobs of every kind, run in the server process: queued in the database, claimed by one instance, kept
 * alive by a heartbeat (each committed batch), and taken over by any instance once that heartbeat is stale.
 */
export class JobRunner {
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<JobKind, JobHandler>,
  ) {}

  /** Queues a job and starts it in this process. */
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
    const [row] = await this.db
      .insert(jobs)
      .values({ ...job, actor, createdBy: ctx.userId })
      .returning();
    this.launch(row!.id);
    return toJobView(row!);
  }

  /** A job's progress, for the staff member who started it or an admin (others get 404, as for any hidden object). */
  async get(id: string, user: AuthUser): Promise<JobView> {
    // Progress reads leave the stored request out: a progress bar asks twice a second.
    const { params: _params, ...columns } = getTableColumns(jobs);
    const [job] = await this.db.select(columns).from(jobs).where(eq(jobs.id, id));
    if (!job || (user.role !== 'admin' && job.createdBy !== user.id)) throw notFound('Job not found');
    return toJobView(job);
  }

  /** Picks up queued jobs and running ones whose process died (at start). */
  async resumeStale(): Promise<void> {
    for (const handler of Object.values(this.handlers)) await handler.sweep?.();
    const rows = await this.db.select({ id: jobs.id }).from(jobs).where(claimable);
    for (const row of rows) this.launch(row.id);
  }

  /** Lets the running jobs finish their current batch, then stop (a later start resumes them). */
  async close(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled(this.running.values());
  }

  /** Waits for this instance's jobs to end (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled(this.running.values());
  }

  private launch(id: string) {
    if (this.running.has(id) || this.stopping) return;
    const run = this.run(id)
      .catch((error) => this.log.error({ err: error, jobId: id }, 'job crashed'))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async claim(id: string): Promise<JobRow | undefined> {
    const [job] = await this.db
      .update(jobs)
      .set({ status: 'running', heartbeatAt: new Date(), startedAt: sql`coalesce(${jobs.startedAt}, now())` })
      .where(and(eq(jobs.id, id), claimable))
      .returning();
    return job;
  }

  private async run(id: string): Promise<void> {
    // The request that queued the job answers first.
    await new Promise((resolve) => setImmediate(resolve));
    const job = await this.claim(id);
    if (!job) return;
    const handler = this.handlers[job.kind];
    try {
      if ((await handler.run(job, () => this.stopping)) === 'stopped') return;
      await this.finish(job, handler, null);
    } catch (error) {
      this.log.error({ err: error, jobId: id, kind: job.kind }, 'job failed');
      await this.finish(job, handler, handler.failureMessage);
    }
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
