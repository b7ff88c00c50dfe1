import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * Crash recovery for the queue. graphile-worker keeps a job locked by its worker until the job ends; when the worker's
 * process dies the lock stays for 4 hours before graphile-worker takes it back. Each instance therefore records its
 * workers' ids in `queue_workers` and beats every HEARTBEAT_MS; `recoverDeadWorkers` (the `queue.recover` task, every
 * minute) unlocks, with graphile-worker's own `force_unlock_workers`, the jobs of workers that have not beaten for
 * DEAD_AFTER, so another instance runs them within about three minutes.
 */

const HEARTBEAT_MS = 30_000;
/** Four missed beats: a busy event loop or a slow database delays a beat, never by this much. */
const DEAD_AFTER = "interval '2 minutes'";
/** Rows of workers gone this long are forgotten (their jobs were unlocked long before). */
const FORGET_AFTER = "interval '1 day'";

/** Beats for this instance's workers while it runs; forgets them when it stops cleanly. */
export class WorkerHeartbeat {
  private readonly workerIds = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /**
   * Beats and the final forget run one at a time: a stop that comes while the start's first beat is under way (a
   * runner that fails as it starts) forgets the workers after that beat, and no timer is set after it.
   */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(workerId: string) {
    if (this.stopped) return;
    this.workerIds.add(workerId);
    this.beatWarned();
  }

  async start(): Promise<void> {
    await this.inTurn(() => this.beat());
    if (this.stopped) return;
    this.timer = setInterval(() => this.beatWarned(), HEARTBEAT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inTurn(() =>
      this.pool.query('DELETE FROM queue_workers WHERE worker_id = ANY($1::text[])', [[...this.workerIds]]),
    ).catch((error) => this.log.warn({ err: error }, 'queue workers not forgotten; they expire on their own'));
  }

  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const next = this.last.then(step, step);
    this.last = next.catch(() => undefined);
    return next;
  }

  private beatWarned() {
    this.inTurn(() => this.beat()).catch((error) => this.log.warn({ err: error }, 'queue worker heartbeat failed'));
  }

  private async beat(): Promise<void> {
    if (this.stopped || !this.workerIds.size) return;
    await this.pool.query(
      `INSERT INTO queue_workers (worker_id, heartbeat_at) SELECT unnest($1::text[]), now()
       ON CONFLICT (worker_id) DO UPDATE SET heartbeat_at = now()`,
      [[...this.workerIds]],
    );
  }
}

/**
 * Unlocks the jobs (and queues) held for more than DEAD_AFTER by workers with no beat within DEAD_AFTER: a worker of a
 * dead instance, or one that died before its first beat was written. Answers the workers unlocked.
 */
export async function recoverDeadWorkers(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ worker_id: string }>(
    `SELECT locked_by AS worker_id FROM graphile_worker._private_jobs
       WHERE locked_by IS NOT NULL AND locked_at < now() - ${DEAD_AFTER}
     UNION
     SELECT locked_by FROM graphile_worker._private_job_queues
       WHERE locked_by IS NOT NULL AND locked_at < now() - ${DEAD_AFTER}
     EXCEPT
     SELECT worker_id FROM queue_workers WHERE heartbeat_at >= now() - ${DEAD_AFTER}`,
  );
  const dead = rows.map((row) => row.worker_id);
  if (dead.length) await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
  await pool.query(`DELETE FROM queue_workers WHERE heartbeat_at < now() - ${FORGET_AFTER}`);
  return dead;
}
