import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RetentionSettings } from '../../config.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { addJob } from '../../lib/queue.js';

/** Rows deleted per statement: each batch is one short statement, so no lock is held for long. */
export const RETENTION_BATCH_SIZE = 1000;

type Purge = {
  name: string;
  table: string;
  /** Which rows are past their retention, given the cut-off instant (indexed, see migration 0028). */
  expired: (cutoff: SQL) => SQL;
  days: (settings: RetentionSettings) => number;
};

/**
 * What the retention job deletes. Unsent mail is never deleted (it is still to be delivered); mailed links and
 * sign-ins are counted from their expiry, so a spent or revoked one is kept as long as an expired one; sign-in
 * failures are kept far longer (30 days by default) than the lockout rules look back (minutes).
 */
const PURGES: readonly Purge[] = [
  {
    name: 'loginFailures',
    table: 'login_failures',
    expired: (cutoff) => sql`created_at < ${cutoff}`,
    days: (s) => s.loginFailuresDays,
  },
  {
    name: 'sentMail',
    table: 'mail_outbox',
    expired: (cutoff) => sql`sent_at IS NOT NULL AND sent_at < ${cutoff}`,
    days: (s) => s.sentMailDays,
  },
  {
    name: 'mailTokens',
    table: 'mail_tokens',
    expired: (cutoff) => sql`expires_at < ${cutoff}`,
    days: (s) => s.mailTokensDays,
  },
  {
    name: 'refreshTokens',
    table: 'refresh_tokens',
    expired: (cutoff) => sql`expires_at < ${cutoff}`,
    days: (s) => s.sessionsDays,
  },
  {
    name: 'sessions',
    table: 'sessions',
    expired: (cutoff) => sql`expires_at < ${cutoff}`,
    days: (s) => s.sessionsDays,
  },
  {
    name: 'idempotencyKeys',
    table: 'idempotency_keys',
    expired: (cutoff) => sql`created_at < ${cutoff}`,
    days: (s) => s.idempotencyDays,
  },
  {
    name: 'events',
    table: 'events',
    expired: (cutoff) => sql`occurred_at < ${cutoff}`,
    days: (s) => s.eventsDays,
  },
  {
    // Spent its tries and not taken again since (a retried one is locked or has tries left).
    name: 'failedQueueJobs',
    table: 'graphile_worker._private_jobs',
    expired: (cutoff) => sql`attempts >= max_attempts AND locked_at IS NULL AND updated_at < ${cutoff}`,
    days: (s) => s.failedJobsDays,
  },
];

export type PurgeCounts = Record<string, number>;

/**
 * One batch: deletes at most `limit` expired rows of the table and answers how many. Rows another transaction holds
 * are skipped (SKIP LOCKED), so the purge never waits on a request, and two instances purging at once take
 * different rows; the rows are addressed by their physical position (ctid), locked by the inner SELECT until the
 * DELETE ends, which works for every table whatever its key.
 */
async function deleteBatch(db: Db, purge: Purge, cutoff: SQL, limit: number): Promise<number> {
  const table = sql.raw(purge.table);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${table} WHERE ${purge.expired(cutoff)} LIMIT ${limit} FOR UPDATE SKIP LOCKED))
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}

export type PurgeOptions = {
  batchSize?: number;
  /** Asked between batches: true ends the run early (the server is closing); the next run goes on. */
  stopping?: () => boolean;
};

/**
 * Deletes every row past its retention, table by table, in batches of `batchSize` (each batch its own statement and
 * transaction), until a batch comes back short. Safe to run on several instances at once.
 */
export async function purgeExpiredRows(
  db: Db,
  settings: RetentionSettings,
  options: PurgeOptions = {},
): Promise<PurgeCounts> {
  const limit = options.batchSize ?? RETENTION_BATCH_SIZE;
  const counts: PurgeCounts = {};
  for (const purge of PURGES) {
    const cutoff = sql`now() - ${purge.days(settings)} * interval '1 day'`;
    let total = 0;
    for (;;) {
      if (options.stopping?.()) return counts;
      const deleted = await deleteBatch(db, purge, cutoff, limit);
      total += deleted;
      if (deleted < limit) break;
      // Let other work on this process (requests) in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    counts[purge.name] = total;
  }
  return counts;
}

type Logger = { info(obj: object, msg: string): void };

/** The queue task that purges; each run adds the next one, `intervalMs` later (at most one waits: its job key). */
export const RETENTION_TASK = 'retention.sweep';
const NEXT_SWEEP = { jobKey: RETENTION_TASK };

/**
 * Puts the purge on the app's queue: a self-rescheduling task (an interval of any length, which a crontab line cannot
 * say), so it runs on one instance at a time and goes on across restarts. The first run is a minute after the first
 * start; a later start keeps the waiting run's time.
 */
export function registerRetention(app: FastifyInstance, options: { batchSize?: number } = {}): void {
  const settings = app.config.retention;
  const log: Logger = app.log;
  app.queue.define(RETENTION_TASK, async (_payload, job) => {
    const counts = await purgeExpiredRows(app.db, settings, { batchSize: options.batchSize, stopping: job.stopping });
    if (Object.values(counts).some((n) => n > 0)) log.info({ purged: counts }, 'retention: expired rows deleted');
    await addJob(app.db, RETENTION_TASK, {}, { ...NEXT_SWEEP, runAt: new Date(Date.now() + settings.intervalMs) });
  });
  app.addHook('onReady', async () => {
    const firstRun = new Date(Date.now() + 60_000);
    await addJob(app.db, RETENTION_TASK, {}, { ...NEXT_SWEEP, runAt: firstRun, jobKeyMode: 'preserve_run_at' }).catch(
      (error) => app.log.warn({ err: error }, 'retention not scheduled; the next start tries again'),
    );
  });
}
