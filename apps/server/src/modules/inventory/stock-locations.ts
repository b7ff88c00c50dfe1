import { LOCATION_MESSAGES, type StockLocationOption } from '@seamline/shared';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stockLocations } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';

/**
 * The location a staff stock change names: unknown → 404, inactive → 409 (an inactive location takes no stock).
 */
export async function activeStockLocation(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; name: string; pickup: boolean }> {
  const [row] = await db
    .select({
      id: stockLocations.id,
      name: stockLocations.name,
      active: stockLocations.active,
      pickup: stockLocations.pickup,
    })
    .from(stockLocations)
    .where(eq(stockLocations.id, id));
  if (!row) throw notFound(LOCATION_MESSAGES.notFound);
  if (!row.active) throw conflict(LOCATION_MESSAGES.inactive, 'LOCATION_INACTIVE');
  return { id: row.id, name: row.name, pickup: row.pickup };
}

/** The active locations, first priority first: the stock screens' location choices. */
export async function stockLocationOptions(db: DbOrTx): Promise<StockLocationOption[]> {
  const rows = await db
    .select({ _id: stockLocations.id, name: stockLocations.name, priority: stockLocations.priority })
    .from(stockLocations)
    .where(eq(stockLocations.active, true))
    .orderBy(asc(stockLocations.priority), asc(stockLocations.id));
  return rows;
}
