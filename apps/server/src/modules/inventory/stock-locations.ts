import { LOCATION_MESSAGES } from '@seamline/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { transactionToRunAgain } from '../../db/retry.js';
import { inventoryLevels } from '../../db/schema/index.js';
import { type AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { LOCATION_ROW_LOCK } from '../../lib/locked-transaction.js';

/**
 * Stock at locations: the one check of a location a change names, and the holds on a location's row that keep a
 * deactivation or a change of its "ships online" flag (locations.service.ts) from missing units put there meanwhile.
 */

export type ActiveLocation = { id: string; name: string; pickup: boolean; shipsOnline: boolean };

export const locationNotFound = () => notFound(LOCATION_MESSAGES.notFound);

/** An inactive location takes no stock and no orders: 409, or 400 naming the form field that chose it. */
const locationInactive = (field?: string) =>
  field ? badRequest(LOCATION_MESSAGES.inactive, field) : conflict(LOCATION_MESSAGES.inactive, 'LOCATION_INACTIVE');

type Options = {
  /** The input field that named the location: an inactive one is then a 400 on that field (a form's choice). */
  field?: string;
  /**
   * Also hold the row (FOR KEY SHARE) until the transaction ends, so it stays active with the flags read: for a
   * transaction that must not meet the refusal later (after a payment provider was called). Only after the
   * transaction's variant rows (lock order, lib/locked-transaction.ts).
   */
  hold?: boolean;
};

/**
 * The one "active location or refuse" check of every place that names a location (stock changes, low-stock alerts,
 * pickup, line reassignment, returns, transfers): unknown → 404 "Location not found", inactive → 409 (or 400, see
 * `field`) "This location is inactive".
 */
export async function activeLocation(db: DbOrTx, id: string, options: Options = {}): Promise<ActiveLocation> {
  const [row] = await queryRows<ActiveLocation & { active: boolean }>(
    db,
    sql`SELECT id, name, pickup, ships_online AS "shipsOnline", active FROM stock_locations WHERE id = ${id}
      ${options.hold ? LOCATION_ROW_LOCK.share : sql``}`,
  );
  if (!row) throw locationNotFound();
  if (!row.active) throw locationInactive(options.field);
  return { id: row.id, name: row.name, pickup: row.pickup, shipsOnline: row.shipsOnline };
}

/** Why a statement that needs an active location found none at `location` (SQL): 404, or 409 when it is inactive. */
export async function locationRefusal(db: DbOrTx, location: SQL): Promise<AppError> {
  const [row] = await queryRows<{ active: boolean }>(
    db,
    sql`SELECT active FROM stock_locations WHERE id = ${location}`,
  );
  return row ? locationInactive() : locationNotFound();
}

/**
 * What a stocking change (one that can put units at a location) takes before its level statement: its variant's row
 * (lock step 4; `variant` is its condition on `inventory`), then its location's row FOR KEY SHARE — only while the
 * location is active, unless `anyLocation` — and the empty level there, created when missing. The share lock lasts
 * until the transaction ends: a deactivation or a flag change of the location (FOR UPDATE) waits for this change to
 * commit and then sees its units; or this lock waits for it and reads the row again (inactive: refused; flag changed:
 * the level trigger reads the new one). The variant comes first: the InitPlan of `place` runs `variant` before the
 * location row is read, let alone locked. Answers the id of the location held, or null (unknown, or inactive).
 */
export async function holdStockingLevel(
  db: DbOrTx,
  variant: SQL,
  location: SQL,
  anyLocation: boolean,
): Promise<string | null> {
  const [held] = await queryRows<{ location_id: string | null }>(
    db,
    sql`WITH variant AS MATERIALIZED (SELECT id, low_stock_threshold FROM inventory WHERE ${variant} FOR UPDATE),
      place AS MATERIALIZED (
        SELECT l.id FROM stock_locations l
        WHERE l.id = ${location} AND ${anyLocation ? sql`true` : sql`l.active`} AND (SELECT count(*) FROM variant) >= 0
        ${LOCATION_ROW_LOCK.share}
      ),
      created AS (
        INSERT INTO inventory_levels (inventory_id, location_id, low_stock_threshold)
        SELECT v.id, p.id, v.low_stock_threshold FROM variant v CROSS JOIN place p
        ON CONFLICT DO NOTHING
      )
      SELECT (SELECT id FROM place) AS location_id`,
  );
  return held?.location_id ?? null;
}

/**
 * Holds the active location `location` (SQL) for a statement that puts units there without `changeStock` (an import's
 * quantities), as `holdStockingLevel` does, after the variants the caller holds. Answers its id, to name it from now
 * on; null when it is not active.
 */
export async function holdActiveLocation(db: DbOrTx, location: SQL): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM stock_locations WHERE id = ${location} AND active ${LOCATION_ROW_LOCK.share}`,
  );
  return row?.id ?? null;
}

/**
 * Creates the empty levels the variants lack at a location the caller holds (`holdActiveLocation`), so a following
 * statement can set them. The caller holds the variants' rows (lock step 4): every level write does.
 */
export async function emptyLevelsAt(db: DbOrTx, inventoryIds: readonly string[], locationId: string): Promise<void> {
  if (inventoryIds.length === 0) return;
  await db.execute(sql`INSERT INTO inventory_levels (inventory_id, location_id, low_stock_threshold)
    SELECT i.id, ${locationId}, i.low_stock_threshold FROM inventory i
    WHERE i.id IN (${sql.join(
      inventoryIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ORDER BY i.id
    ON CONFLICT DO NOTHING`);
}

/**
 * The active ones of `ids`, each held (FOR KEY SHARE, in id order) until the transaction ends, so none is deactivated
 * while units are put there. The caller holds the variants first (lock order).
 */
export async function holdActiveLocations(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM stock_locations WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND active ORDER BY id ${LOCATION_ROW_LOCK.share}`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Creates the empty levels the variants lack at the given locations (held active by the caller), so a following
 * statement can set them. The caller holds the variants' rows (lock step 4): every level write does.
 */
export async function emptyLevels(
  db: DbOrTx,
  levels: readonly { inventoryId: string; locationId: string }[],
): Promise<void> {
  if (levels.length === 0) return;
  const wanted = sql.join(
    levels.map((l) => sql`(${l.inventoryId}::char(24), ${l.locationId}::char(24))`),
    sql`, `,
  );
  await db.execute(sql`INSERT INTO inventory_levels (inventory_id, location_id, low_stock_threshold)
    SELECT i.id, w.location_id, i.low_stock_threshold FROM (VALUES ${wanted}) AS w (inventory_id, location_id)
    JOIN inventory i ON i.id = w.inventory_id
    ORDER BY i.id, w.location_id
    ON CONFLICT DO NOTHING`);
}

/** `inventory.held_offline` by its definition: the available units of the variant's levels where online orders do not ship from. */
export const heldOfflineSql = (inventoryId: SQL) => sql`(SELECT coalesce(sum(v.quantity - v.reserved), 0)::int
  FROM inventory_levels v JOIN stock_locations l ON l.id = v.location_id
  WHERE v.inventory_id = ${inventoryId} AND NOT l.ships_online AND v.quantity > v.reserved)`;

/**
 * Each new variant's location: where the trigger of migration 0043 put its starting stock (its only level). The
 * trigger chose it by a snapshot of its own, so that level is a level creation like any other: its location is held
 * (the new variants are this transaction's own rows, so this comes after them in the lock order), then, with the flags
 * as they now stand, held_offline is computed again — a location that stopped shipping online orders meanwhile counts
 * the units. A location deactivated meanwhile took them too: the transaction runs again (the trigger then picks
 * another).
 */
export async function firstLevels(db: DbOrTx, inventoryIds: readonly string[]): Promise<Map<string, string>> {
  if (inventoryIds.length === 0) return new Map();
  const ids = sql.join(
    inventoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const places = await queryRows<{ id: string; active: boolean }>(
    db,
    sql`SELECT id, active FROM stock_locations
      WHERE id IN (SELECT location_id FROM inventory_levels WHERE inventory_id IN (${ids}))
      ORDER BY id ${LOCATION_ROW_LOCK.share}`,
  );
  if (places.some((place) => !place.active))
    throw transactionToRunAgain('the location of new stock was deactivated while it was placed');
  await db.execute(sql`UPDATE inventory i SET held_offline = ${heldOfflineSql(sql`i.id`)}
    WHERE i.id IN (${ids}) AND i.held_offline <> ${heldOfflineSql(sql`i.id`)}`);
  const rows = await db
    .select({ inventoryId: inventoryLevels.inventoryId, locationId: inventoryLevels.locationId })
    .from(inventoryLevels)
    .where(inArray(inventoryLevels.inventoryId, [...inventoryIds]));
  return new Map(rows.map((row) => [row.inventoryId, row.locationId]));
}
