import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, type Runner, run, runMigrations, type Task } from 'graphile-worker';
import pg from 'pg';
import type { DbOrTx } from '../db/client.js';

/**
 * The app's one job queue: graphile-worker on the store's own PostgreSQL (docs/decisions/0061-job-queue.md). A job
 * is a row in the `graphile_worker` schema, added in the transaction of the change that needs it, so it exists
 * exactly when the change does; any instance's worker runs it once, retries it with back-off when it throws, and
 * keeps it, with its last error, once its attempts are spent.
 */

export type AddJobOptions = {
  /** Jobs of one queue name run one after another, in order; jobs without one run side by side. */
  queueName?: string;
  runAt?: Date;
  /** Tries before the job is kept as failed (graphile-worker's default is 25). */
  maxAttempts?: number;
  /** At most one pending job per key: adding again replaces the pending one's payload and time. */
  jobKey?: string;
  /** 'replace' (default), 'preserve_run_at' (keep the pending job's time) or 'unsafe_dedupe' (keep it whole). */
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
};

/** Adds a job in `db`'s transaction (or on its own when `db` is the pool). */
export async function addJob(db: DbOrTx, task: string, payload: object = {}, options: AddJobOptions = {}) {
  await db.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
          queue_name => ${options.queueName ?? null}::text,
          run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
          max_attempts => ${options.maxAttempts ?? null}::int,
          job_key => ${options.jobKey ?? null}::text,
          job_key_mode => ${options.jobKeyMode ?? 'replace'}::text)`,
  );
}

/** Installs or upgrades the queue's schema (run with the app's migrations, under their lock). */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger() });
}

export type QueueOptions = {
  connectionString: string;
  /** Jobs this instance runs at once. */
  concurrency: number;
  log: FastifyBaseLogger;
};

/**
 * What this instance's worker runs: tasks by name, and recurring tasks as crontab lines (graphile-worker's format,
 * e.g. `0 3 * * * retention.sweep`), each run once per time across all instances.
 */
export class JobQueue {
  private readonly tasks: Record<string, Task> = {};
  private readonly schedules: string[] = [];
  private runner: Runner | null = null;
  private pool: pg.Pool | null = null;

  constructor(private readonly options: QueueOptions) {}

  /** Names what runs a job of `task`; called while the app is being built, before start(). */
  define<P>(task: string, handler: (payload: P, job: { attempts: number; maxAttempts: number }) => Promise<void>) {
    if (this.tasks[task]) throw new Error(`queue task ${task} is defined twice`);
    this.tasks[task] = (payload, helpers) =>
      handler(payload as P, { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
  }

  /** Runs `task` at the times of `cron` (five crontab fields). */
  schedule(cron: string, task: string) {
    this.schedules.push(`${cron} ${task}`);
  }

  /** Starts this instance's worker, on a small pool of its own so jobs never take the requests' connections. */
  async start(): Promise<void> {
    const { connectionString, concurrency, log } = this.options;
    const pool = new pg.Pool({ connectionString, max: concurrency + 2 });
    pool.on('error', (error) => log.warn({ err: error }, 'job queue connection failed'));
    this.pool = pool;
    this.runner = await run({
      pgPool: pool,
      taskList: this.tasks,
      crontab: this.schedules.join('\n'),
      concurrency,
      noHandleSignals: true,
      pollInterval: 2_000,
      logger: queueLogger(log),
    });
  }

  /** Lets running jobs finish (a job not finished in time is retried by another instance), then closes the pool. */
  async stop(): Promise<void> {
    await this.runner?.stop();
    await this.pool?.end();
    this.runner = null;
    this.pool = null;
  }
}

function queueLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error({ queue: meta }, message);
    else if (level === 'warning') log.warn({ queue: meta }, message);
  });
}

function quietLogger(): Logger {
  return new Logger(() => () => {});
}
