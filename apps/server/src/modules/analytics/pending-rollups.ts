import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';

/** The task that adds the pending order figures and product sales up; every minute, on one instance. */
const FOLD_PENDING_ROLLUPS_TASK = 'analytics.fold-pending';

/**
 * Adds the order figures and product sales that orders left pending (migration 0047: an order appends its changes
 * instead of updating the day rollups every other order of the day updates too) to the rollups, on the primary.
 * Every reader of those rollups calls it first, so the figures it reads are exact however far behind the minute's
 * job is; with nothing pending it costs one short statement.
 */
export async function foldPendingRollups(db: Db): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, sql`SELECT analytics_fold_pending() AS folded`);
  return row?.folded ?? 0;
}

/** Keeps the pending rows few between reads: a checkout burst's changes are added up once a minute. */
export function registerRollupFolding(app: FastifyInstance): void {
  app.queue.recurring('* * * * *', FOLD_PENDING_ROLLUPS_TASK, () => foldPendingRollups(app.db));
}
