import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type CronItem,
  Logger,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  type Task,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { DbOrTx } from '../db/client.js';
import { recoverDeadWorkers, WorkerHeartbeat } from './queue-workers.js';

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

/** How long a wake-up waits for more commits to share it with. */
const WAKE_DELAY_MS = 5;

/** Waits between tries to start the worker, and for a queue connection. */
const RETRY_START_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;
/** The queue's connections' application_name. */
export const QUEUE_APPLICATION_NAME = 'seamline-queue';

export type QueueOptions = {
  connectionString: string;
  /** Jobs this instance runs at once. */
  concurrency: number;
  log: FastifyBaseLogger;
};

/** What a task's handler is told about the job it runs. */
export type RunningJob = {
  id: string;
  attempts: number;
  maxAttempts: number;
  /** True once the instance is stopping: a long task ends early at a safe point and leaves the rest to a new job. */
  stopping(): boolean;
};

/** The task that unlocks the jobs of workers whose instance died; every minute, on one instance. */
export const RECOVER_TASK = 'queue.recover';

/**
 * What this instance's worker runs: tasks by name, and recurring tasks at the times of a crontab expression (e.g.
 * every five minutes for payments.reconcile), each run once per time across all instances.
 */
export class JobQueue {
  private readonly tasks: Record<string, Task> = {};
  private readonly schedules: CronItem[] = [];
  private runner: Runner | null = null;
  private pool: pg.Pool | null = null;
  private heartbeat: WorkerHeartbeat | null = null;
  private stopping = false;
  private starting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: QueueOptions) {
    this.recurring('* * * * *', RECOVER_TASK, async () => {
      const unlocked = await recoverDeadWorkers(this.pool!);
      if (unlocked.length) options.log.warn({ workers: unlocked }, 'jobs of stopped queue workers unlocked');
    });
  }

  /** Names what runs a job of `task`; called while the app is being built, before start(). */
  define<P>(task: string, handler: (payload: P, job: RunningJob) => Promise<void>) {
    if (this.tasks[task]) throw new Error(`queue task ${task} is defined twice`);
    this.tasks[task] = (payload, helpers) =>
      handler(payload as P, {
        id: helpers.job.id,
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        stopping: () => this.stopping || helpers.abortSignal?.aborted === true,
      });
  }

  /**
   * Names a task that takes no payload and runs it at the times of `cron` (five crontab fields), once per time across
   * all instances: a sweep, a reconciliation, a fold of pending rows.
   */
  recurring(cron: string, task: string, handler: (job: RunningJob) => Promise<unknown>) {
    this.define(task, async (_payload, job) => {
      await handler(job);
    });
    // As items, not crontab lines: a crontab line's task name may not hold the dots our task names have.
    this.schedules.push({ match: cron, task });
  }

  /** Starts this instance's worker, on a small pool of its own so jobs never take the requests' connections. */
  start(): Promise<void> {
    this.starting = this.startNow();
    return this.starting;
  }

  /**
   * Starts the worker in the background, trying again every RETRY_START_MS while it cannot (the database is down,
   * or its migrations have not run yet with MIGRATE_ON_START=0): the instance serves requests meanwhile.
   */
  startWhenPossible(): void {
    this.start().catch(async (error) => {
      this.options.log.warn({ err: error }, 'the job queue could not start; trying again shortly');
      await this.startAgainLater();
    });
  }

  /** Stops what a failed start or a failed runner left, then starts again after RETRY_START_MS (unless stopping). */
  private async startAgainLater(): Promise<void> {
    await this.stopNow().catch(() => undefined);
    if (this.stopping) return;
    this.retryTimer = setTimeout(() => this.startWhenPossible(), RETRY_START_MS);
    this.retryTimer.unref();
  }

  private async startNow(): Promise<void> {
    const { connectionString, concurrency, log } = this.options;
    const pool = new pg.Pool({
      connectionString,
      max: concurrency + 3,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Told apart from the request pool in pg_stat_activity (and by the tests).
      application_name: QUEUE_APPLICATION_NAME,
    });
    // An idle connection the database ended (a restart, a shutdown). The pool hangs the whole client on the error
    // (`err.client`), which the log would print in full: its message and code say enough.
    pool.on('error', (error: Error & { code?: string }) =>
      log.warn({ reason: error.message, code: error.code }, 'job queue connection failed'),
    );
    // The pool listens only on idle connections: one cut while checked out between two queries would emit 'error'
    // with no listener and end the process, whatever the worker library listens to (as for the request pool,
    // db/client.ts). Its next query fails anyway, and the pool drops it.
    pool.on('connect', (client) => client.on('error', () => {}));
    this.pool = pool;
    this.stopping = false;
    // The workers' ids are known as they are created, before any of them takes a job.
    const events: WorkerEvents = new EventEmitter();
    const heartbeat = new WorkerHeartbeat(pool, log);
    events.on('worker:create', ({ worker }) => heartbeat.add(worker.workerId));
    this.heartbeat = heartbeat;
    this.runner = await run({
      pgPool: pool,
      taskList: this.tasks,
      parsedCronItems: parseCronItems(this.schedules),
      concurrency,
      noHandleSignals: true,
      pollInterval: 2_000,
      logger: queueLogger(log),
      events,
    });
    const runner = this.runner;
    runner.promise.catch((error: Error) => this.restartAfter(runner, error));
    await heartbeat.start();
  }

  /**
   * The library stops a runner for good once its recurring tasks' tick fails (it leaves starting again to its caller):
   * this instance would run no job until restarted. A new runner starts after RETRY_START_MS, as a failed start does.
   */
  private async restartAfter(failed: Runner, error: Error): Promise<void> {
    if (this.runner !== failed || this.stopping) return;
    this.options.log.warn({ reason: error.message }, 'the job queue stopped on an error; starting it again shortly');
    await this.startAgainLater();
  }

  /**
   * Tells the workers (every instance's) that new jobs were committed without graphile-worker's NOTIFY
   * (`add_job_quietly`, migration 0047: the checkout's publishing job). Wake-ups of the next few milliseconds go out
   * as one NOTIFY, from a transaction that waits for no disk flush. A hint only: a lost wake-up (no queue pool here,
   * a failed query, a crash) leaves the jobs to the workers' next poll, within 2 s.
   * It wakes one worker an instance: those jobs run one at a time (queue `events`), and a worker that finishes one
   * looks for the next itself. Each woken worker's look for a job reads past every job waiting in that locked queue,
   * so waking all of them (as many as the wake-ups, up to the instance's workers) cost the database more than the
   * checkouts' own statements under a burst.
   */
  wake(): void {
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.pool
        ?.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify('jobs:insert', $1)", [
          JSON.stringify({ count: 1 }),
        ])
        .catch((error) => this.options.log.debug({ err: error }, 'queue wake-up not sent; the workers poll'));
    }, WAKE_DELAY_MS);
    this.wakeTimer.unref();
  }

  /**
   * Lets running jobs finish (long ones stop early at a safe point, see RunningJob.stopping), forgets this
   * instance's workers, then closes the pool.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    // A start under way finishes first, so nothing it starts outlives the stop.
    await this.starting?.catch(() => undefined);
    await this.stopNow();
  }

  /** Idempotent: the parts are taken before they are stopped, so a second call finds nothing left to stop. */
  private async stopNow(): Promise<void> {
    const { runner, heartbeat, pool } = this;
    this.runner = null;
    this.heartbeat = null;
    this.pool = null;
    // A runner that stopped itself on an error (`restartAfter`) throws when stopped again: nothing is left to stop.
    await runner?.stop().catch(() => undefined);
    await heartbeat?.stop();
    await pool?.end();
  }
}

function queueLogger(log: FastifyBaseLogger): Logger {
  return new Logger(() => (level, message, meta) => {
    if (level === 'error') {
      if (meta?.error && typeof meta.error === 'object') reportedByQueue.add(meta.error);
      log.error(queueFields(meta), message);
    } else if (level === 'warning') log.warn(queueFields(meta), message);
  });
}

/**
 * A library log line's details, its error cut to message, code and stack: an error from a connection carries the
 * whole client (its settings, listeners and buffers), kilobytes a line.
 */
function queueFields(meta: Record<string, unknown> | undefined) {
  const error = meta?.error as (Error & { code?: string }) | undefined;
  if (!error || typeof error !== 'object') return { queue: meta };
  return { queue: { ...meta, error: { message: error.message, code: error.code, stack: error.stack } } };
}

/**
 * Errors the worker library has logged. A recurring tasks' tick that meets a database error (a failover, a
 * terminated connection, a dropped table) makes graphile-worker 0.16 (the last that runs on Node 20) stop its runner,
 * and also reject a promise it derived from its cron's with `.finally()` and never handled: an unhandled rejection,
 * which ends a Node process. The runner logs the error before that rejection is reported, so the server's process can
 * tell this one from any other (`isReportedQueueFailure`, main.ts); the queue itself starts a new runner.
 */
const reportedByQueue = new WeakSet<object>();

/** Whether `reason` is an error the worker library has already logged (see `reportedByQueue`). */
export const isReportedQueueFailure = (reason: unknown) =>
  typeof reason === 'object' && reason !== null && reportedByQueue.has(reason);

function quietLogger(): Logger {
  return new Logger(() => () => {});
}
