import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';
import { isRetryableConflict } from '../../db/retry.js';

/** The task that writes the pending orders' search documents; every minute, on one instance. */
const FOLD_ORDER_SEARCH_TASK = 'orders.fold-search-documents';

/** Tries of a fold that met a deadlock with a change rewriting some of the same documents. */
const FOLD_ATTEMPTS = 3;

/**
 * Writes the search documents of the orders placed since the last fold (migration 0047: an order's statement only
 * appends its id), on the primary. Every order search calls it first, so a search finds every committed order; with
 * nothing pending it costs one short statement.
 */
export async function foldOrderSearch(db: Db): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await queryRows<{ folded: number }>(db, sql`SELECT order_search_fold() AS folded`);
      return row?.folded ?? 0;
    } catch (error) {
      if (attempt === FOLD_ATTEMPTS || !isRetryableConflict(error)) throw error;
    }
  }
}

/** Keeps the pending ids few between searches: a checkout burst's documents are written once a minute. */
export function registerOrderSearchFolding(app: FastifyInstance): void {
  app.queue.recurring('* * * * *', FOLD_ORDER_SEARCH_TASK, () => foldOrderSearch(app.db));
}
