import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';

/** The task that adds the pending product sales up; every minute, on one instance. */
export const FOLD_PRODUCT_SALES_TASK = 'analytics.fold-product-sales';

/**
 * Adds the product sales the order-line triggers left pending (migration 0047) to the product, category and brand
 * rollups, on the primary. Every reader of those rollups calls it first, so the figures it reads are exact however
 * far behind the minute's job is; with nothing pending it costs one short statement.
 */
export async function foldPendingSales(db: Db): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, sql`SELECT analytics_fold_product_sales() AS folded`);
  return row?.folded ?? 0;
}

/** Keeps the pending sales few between reads: a checkout burst's lines are added up once a minute. */
export function registerSalesFolding(app: FastifyInstance): void {
  app.queue.define(FOLD_PRODUCT_SALES_TASK, async () => {
    await foldPendingSales(app.db);
  });
  app.queue.schedule('* * * * *', FOLD_PRODUCT_SALES_TASK);
}
