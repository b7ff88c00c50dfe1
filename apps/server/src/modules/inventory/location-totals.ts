import type { InventoryAnalyticsView } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, queryRows } from '../../db/client.js';

/** The task that adds the level changes left pending to each location's totals; every minute, on one instance. */
const FOLD_LOCATION_STOCK_TASK = 'inventory.fold-location-stock';

/**
 * Adds the level changes pending since the last fold to `location_stock_totals` (migration 0050), on the primary.
 * Every reader of the totals calls it first, so what it reads is exact however far behind the minute's job is; with
 * nothing pending it costs one short statement.
 */
async function foldLocationStock(db: Db): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(db, sql`SELECT location_stock_fold() AS folded`);
  return row?.folded ?? 0;
}

/** Keeps the pending rows few between reads: a checkout burst's level changes are added up once a minute. */
export function registerLocationStockFolding(app: FastifyInstance): void {
  app.queue.recurring('* * * * *', FOLD_LOCATION_STOCK_TASK, () => foldLocationStock(app.db));
}

/** Each location's units and units reserved (zeros for a location holding no level yet), by location id. */
export async function locationUnits(db: Db): Promise<Map<string, { quantity: number; reserved: number }>> {
  await foldLocationStock(db);
  const rows = await queryRows<{ id: string; quantity: number; reserved: number }>(
    db,
    sql`SELECT location_id AS "id", units AS "quantity", reserved FROM location_stock_totals`,
  );
  return new Map(rows.map(({ id, ...units }) => [id, units]));
}

/**
 * Each active location's stock, first priority first, from the kept totals (one row per location, never the levels).
 * A level is low when at or below its own threshold, as the per-location alerts.
 */
export async function stockByLocation(db: Db): Promise<InventoryAnalyticsView['byLocation']> {
  await foldLocationStock(db);
  return queryRows(
    db,
    sql`SELECT l.id AS "_id", l.name,
          coalesce(t.units, 0)::bigint AS "units",
          coalesce(t.reserved, 0)::bigint AS "reserved",
          coalesce(t.units - t.reserved, 0)::bigint AS "available",
          coalesce(t.low_levels, 0)::int AS "lowStock"
        FROM stock_locations l LEFT JOIN location_stock_totals t ON t.location_id = l.id
        WHERE l.active
        ORDER BY l.priority, l.id`,
  );
}
