import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { type Db, type DbOrTx, queryRows } from '../src/db/client.js';
import { addJob, RECOVER_TASK } from '../src/lib/queue.js';

/** A job of the queue as graphile-worker's `jobs` view shows it. */
export type QueueJob = {
  id: string;
  task_identifier: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  /** run_at is in the future: the job waits (its back-off, or its time). */
  waiting: boolean;
};

export async function queueJobs(db: DbOrTx, task: string): Promise<QueueJob[]> {
  return queryRows<QueueJob>(
    db,
    sql`SELECT id::text, task_identifier, attempts, max_attempts, last_error, locked_by, run_at > now() AS waiting
        FROM graphile_worker.jobs WHERE task_identifier = ${task} ORDER BY id`,
  );
}

/** Moves the back-off of the task's waiting jobs forward (instead of waiting it out), as the jobs screen's retry does. */
export async function runDueNow(db: Db, task: string): Promise<void> {
  await db.execute(
    sql`SELECT graphile_worker.reschedule_jobs(
          ARRAY(SELECT id FROM graphile_worker.jobs WHERE task_identifier = ${task} AND locked_at IS NULL),
          run_at => now())`,
  );
}

/** Waits on a condition (checked every 50 ms, up to `timeout`); a timeout's error says `explain()` when given. */
export async function until(
  condition: () => Promise<boolean>,
  timeout = 20_000,
  explain?: () => string,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(explain?.() ?? 'not yet');
    },
    { timeout, interval: 50 },
  );
}

/** Waits until the outbox holds no unsent mail (the `mail.send` jobs have run). */
export async function mailSettled(db: Db): Promise<void> {
  await until(async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`,
    );
    return row!.n === 0;
  });
}

/**
 * What a crashed instance leaves: the worker `workerId`, last seen `beatMinutesAgo` minutes ago, holding the job of
 * `task` whose payload holds `payload`, locked since then. Written in one transaction with the job itself, so no live
 * worker takes it first.
 */
export async function lockByWorker(
  tx: DbOrTx,
  job: { task: string; payload: Record<string, string> },
  workerId: string,
  beatMinutesAgo: number,
) {
  await tx.execute(
    sql`INSERT INTO queue_workers (worker_id, heartbeat_at)
        VALUES (${workerId}, now() - ${beatMinutesAgo} * interval '1 minute')
        ON CONFLICT (worker_id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`,
  );
  await tx.execute(
    sql`UPDATE graphile_worker._private_jobs SET locked_by = ${workerId},
          locked_at = now() - ${beatMinutesAgo} * interval '1 minute', attempts = attempts + 1
        WHERE payload::jsonb @> ${JSON.stringify(job.payload)}::jsonb
          AND task_id = (SELECT id FROM graphile_worker._private_tasks WHERE identifier = ${job.task})`,
  );
}

/** Runs the crash-recovery task once, now, and waits for it to end. */
export async function recoverNow(db: Db): Promise<void> {
  const key = `test-recover-${Math.random()}`;
  await addJob(db, RECOVER_TASK, {}, { jobKey: key });
  await until(async () => {
    const rows = await queryRows(db, sql`SELECT 1 FROM graphile_worker.jobs WHERE key = ${key}`);
    return rows.length === 0;
  });
}

/**
 * A job of a task no instance defines (so no worker takes it), as the queue keeps one that spent its tries: with
 * `error` as its last error. Answers its id.
 */
export async function failedQueueJob(db: Db, error = 'SMTP said no'): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text FROM graphile_worker.add_job('test.failing', '{}'::json, max_attempts => 3)`,
  );
  await db.execute(
    sql`UPDATE graphile_worker._private_jobs SET attempts = 3, last_error = ${error} WHERE id = ${row!.id}::bigint`,
  );
  return row!.id;
}
