import {
  QUEUE_JOB_STATES,
  QUEUE_JOBS_PAGE_SIZE,
  type QueueJobState,
  type QueueJobsPage,
  type QueueJobView,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { conflict, notFound } from '../../lib/errors.js';

/** Which jobs of graphile-worker's `jobs` view (aliased j) are in each state; the four never overlap. */
const STATE_CONDITIONS: Record<QueueJobState, SQL> = {
  running: sql`j.locked_at IS NOT NULL`,
  failed: sql`j.locked_at IS NULL AND j.attempts >= j.max_attempts`,
  scheduled: sql`j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at > now()`,
  queued: sql`j.locked_at IS NULL AND j.attempts < j.max_attempts AND j.run_at <= now()`,
};

type JobRow = {
  id: string;
  task_identifier: string;
  queue_name: string | null;
  attempts: number;
  max_attempts: number;
  run_at: string | Date;
  last_error: string | null;
  created_at: string | Date;
  state: QueueJobState;
};

const STATE_OF = sql`CASE
  WHEN ${STATE_CONDITIONS.running} THEN 'running'
  WHEN ${STATE_CONDITIONS.failed} THEN 'failed'
  WHEN ${STATE_CONDITIONS.scheduled} THEN 'scheduled'
  ELSE 'queued' END`;

const COLUMNS = sql`j.id::text AS id, j.task_identifier, j.queue_name, j.attempts, j.max_attempts, j.run_at,
  j.last_error, j.created_at, ${STATE_OF} AS state`;

const iso = (value: string | Date) => new Date(value).toISOString();

function toView(row: JobRow): QueueJobView {
  return {
    id: row.id,
    task: row.task_identifier,
    queue: row.queue_name,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: iso(row.run_at),
    lastError: row.last_error,
    createdAt: iso(row.created_at),
  };
}

/** The job queue for the admins' jobs screen: read straight from graphile-worker's tables, never held in memory. */
export class QueueJobService {
  constructor(private readonly db: Db) {}

  /** One keyset page of a state's jobs, newest first, with bounded counts of every state. */
  async list(query: { state: QueueJobState; after?: string }): Promise<QueueJobsPage> {
    const after = query.after ? sql`AND j.id < ${query.after}::bigint` : sql``;
    const rows = await queryRows<JobRow>(
      this.db,
      sql`SELECT ${COLUMNS} FROM graphile_worker.jobs j
          WHERE ${STATE_CONDITIONS[query.state]} ${after}
          ORDER BY j.id DESC LIMIT ${QUEUE_JOBS_PAGE_SIZE + 1}`,
    );
    const page = rows.slice(0, QUEUE_JOBS_PAGE_SIZE);
    const counts = Object.fromEntries(
      await Promise.all(
        QUEUE_JOB_STATES.map(async (state) => [
          state,
          await boundedCount(this.db, sql`SELECT 1 FROM graphile_worker.jobs j WHERE ${STATE_CONDITIONS[state]}`),
        ]),
      ),
    ) as QueueJobsPage['counts'];
    return {
      jobs: page.map(toView),
      nextCursor: rows.length > QUEUE_JOBS_PAGE_SIZE ? page.at(-1)!.id : null,
      counts,
    };
  }

  /**
   * Runs a failed job again: its tries count from zero and it is due now (graphile-worker's reschedule_jobs, which
   * leaves a locked job alone), in one transaction with the activity-log row. Only a failed job qualifies.
   */
  async retry(id: string, ctx: AuditContext): Promise<QueueJobView> {
    return this.db.transaction(async (tx) => {
      const [retried] = await queryRows<{ id: string }>(
        tx,
        sql`SELECT id::text FROM graphile_worker.reschedule_jobs(
              ARRAY(SELECT j.id FROM graphile_worker.jobs j WHERE j.id = ${id}::bigint AND ${STATE_CONDITIONS.failed}),
              run_at => now(), attempts => 0)`,
      );
      const job = await this.find(tx, id);
      if (!job) throw notFound('Job not found');
      if (!retried) throw conflict('Only a failed job can be retried', 'JOB_NOT_FAILED');
      await writeActivity(tx, ctx, {
        action: 'retry',
        resource: 'queue_job',
        resourceId: id,
        details: { task: job.task, queue: job.queue, lastError: job.lastError },
      });
      return job;
    });
  }

  private async find(db: DbOrTx, id: string): Promise<QueueJobView | undefined> {
    const [row] = await queryRows<JobRow>(
      db,
      sql`SELECT ${COLUMNS} FROM graphile_worker.jobs j WHERE j.id = ${id}::bigint`,
    );
    return row && toView(row);
  }
}
