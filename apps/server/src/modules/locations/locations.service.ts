import { LOCATION_MESSAGES, type LocationListItem, type LocationView, type locationInput } from '@seamline/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { transactionToRunAgain } from '../../db/retry.js';
import { inventoryLevels, stockLocations } from '../../db/schema/index.js';
import { type AuditContext, changedFields, createdFields, writeActivity } from '../../lib/audit.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordEvents } from '../../lib/events.js';
import { LOCATION_ROW_LOCK, lockedTransaction, type RowLocks } from '../../lib/locked-transaction.js';
import { heldOfflineSql, locationNotFound, locationUnits } from '../inventory/index.js';

type LocationRow = typeof stockLocations.$inferSelect;
type LocationValues = z.output<typeof locationInput>;

/**
 * Every change to the set of locations runs under this transaction-scoped advisory lock, taken before any row lock:
 * the rules that span several rows (a unique name, priority = last + 1, at least one active location shipping online
 * orders, the order naming every active location) are then checked against committed data no other location change
 * can alter until the transaction ends. Only this module writes stock_locations; stock changes never take this lock.
 */
const LOCATIONS_LOCK_KEY = 4_120_725_003;
const lockLocations = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCATIONS_LOCK_KEY})`);

export function locationView(row: LocationRow): LocationView {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    address: row.address,
    shipsOnline: row.shipsOnline,
    pickup: row.pickup,
    priority: row.priority,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the activity log keeps of a location's editable fields. */
const auditable = (values: LocationValues | LocationRow) => ({
  name: values.name,
  kind: values.kind,
  address: values.address,
  shipsOnline: values.shipsOnline,
  pickup: values.pickup,
});

const byFulfilmentOrder = [desc(stockLocations.active), asc(stockLocations.priority), asc(stockLocations.id)];

async function find(tx: Tx, id: string): Promise<LocationRow> {
  const [row] = await tx.select().from(stockLocations).where(eq(stockLocations.id, id));
  if (!row) throw locationNotFound();
  return row;
}

async function assertNameFree(tx: Tx, name: string, exceptId = '') {
  const [taken] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(and(sql`lower(${stockLocations.name}) = lower(${name})`, ne(stockLocations.id, exceptId)));
  if (taken) throw conflict(LOCATION_MESSAGES.nameTaken, 'LOCATION_NAME_TAKEN');
}

/** SQL: another active location than `id` ships online orders. */
const anotherShipping = (id: string) =>
  sql`EXISTS (SELECT 1 FROM stock_locations o WHERE o.id <> ${id} AND o.active AND o.ships_online)`;

/**
 * Lock step 4 for every variant with a level at the location, in id order: a level changes only under its variant's
 * row lock, so once this returns no level there changes until the transaction ends, and the next statement reads
 * their committed figures. Answers how many there are (one level per variant).
 */
async function lockVariantsAt(tx: Tx, locks: RowLocks, locationId: string): Promise<number> {
  const rows = await locks.step('inventory', () =>
    queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM inventory
        WHERE id IN (SELECT inventory_id FROM inventory_levels WHERE location_id = ${locationId})
        ORDER BY id FOR UPDATE`,
    ),
  );
  return rows.length;
}

/**
 * The location's row FOR UPDATE, after the variants of its levels (lock order, lib/locked-transaction.ts). Every
 * change that puts units at a location holds its row FOR KEY SHARE (inventory/stock.service.ts), so this waits for
 * those in flight to commit, and none starts until this transaction ends: the next statement sees every unit there.
 */
async function lockLocationRow(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM stock_locations WHERE id = ${id} ${LOCATION_ROW_LOCK.update}`);
}

/**
 * Holds everything the location's levels depend on before its "ships online" flag changes: the variants of its levels,
 * then its row. A level created between the two (by a change that held the row first) belongs to a variant not locked:
 * the transaction runs again, and then locks it too.
 */
async function holdLevelsAt(tx: Tx, locks: RowLocks, locationId: string): Promise<void> {
  const variants = await lockVariantsAt(tx, locks, locationId);
  await lockLocationRow(tx, locationId);
  const [levels] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM inventory_levels WHERE location_id = ${locationId}`,
  );
  if (Number(levels?.n ?? 0) !== variants)
    throw transactionToRunAgain('a level was created at the location while its variants were locked');
}

/**
 * `inventory.held_offline` (the available units at locations that do not ship online orders) of the variants with a
 * level at the location, computed again after its flag changed (the row is already updated). `holdLevelsAt` holds
 * those variants, so their levels are as committed, and the location row, so no change is putting units there with
 * the old flag in flight; the other locations' flags change only under the locations lock this transaction holds.
 */
async function recomputeHeldOffline(tx: Tx, locationId: string) {
  await tx.execute(sql`UPDATE inventory i SET held_offline = ${heldOfflineSql(sql`i.id`)}, updated_at = now()
    WHERE i.id IN (SELECT inventory_id FROM inventory_levels WHERE location_id = ${locationId})
      AND i.held_offline <> ${heldOfflineSql(sql`i.id`)}`);
}

const changed = (rows: readonly LocationRow[]) =>
  rows.map((row) => ({ type: 'location.updated' as const, objectId: row.id, data: locationView(row) }));

export class LocationsService {
  constructor(private readonly db: Db) {}

  /**
   * The locations (with `active`, only the active or only the inactive ones) with the units each holds and has
   * reserved, from each location's kept totals (never its levels).
   */
  async list(active?: boolean): Promise<LocationListItem[]> {
    const listed = active === undefined ? undefined : eq(stockLocations.active, active);
    const [rows, units] = await Promise.all([
      this.db
        .select()
        .from(stockLocations)
        .where(listed)
        .orderBy(...byFulfilmentOrder),
      locationUnits(this.db),
    ]);
    return rows.map((row) => ({ ...locationView(row), quantity: 0, reserved: 0, ...units.get(row.id) }));
  }

  async create(input: LocationValues, ctx: AuditContext): Promise<LocationView> {
    return lockedTransaction(this.db, async (tx) => {
      await lockLocations(tx);
      await assertNameFree(tx, input.name);
      const [row] = await tx
        .insert(stockLocations)
        .values({
          ...auditable(input),
          priority: sql`(SELECT coalesce(max(priority), 0) + 1 FROM stock_locations)`,
        })
        .returning();
      const view = locationView(row!);
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'location',
        resourceId: row!.id,
        details: { name: row!.name, changes: createdFields(auditable(input)) },
      });
      await recordEvents(tx, [{ type: 'location.created', objectId: row!.id, data: view }]);
      return view;
    });
  }

  /**
   * Edits a location. When `shipsOnline` changes, the variants' held_offline follow in the same transaction: (1) the
   * variants with a level there and the location row are held (`holdLevelsAt`), (2) the row is updated, (3) a new
   * statement computes their held_offline again.
   */
  async update(id: string, input: LocationValues, ctx: AuditContext): Promise<LocationView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      await lockLocations(tx);
      const before = await find(tx, id);
      await assertNameFree(tx, input.name, id);
      if (before.active && before.shipsOnline && !input.shipsOnline) {
        const [other] = await queryRows<{ ok: boolean }>(tx, sql`SELECT ${anotherShipping(id)} AS ok`);
        if (!other?.ok) throw conflict(LOCATION_MESSAGES.lastActive, 'LAST_SHIPPING_LOCATION');
      }
      const flips = before.shipsOnline !== input.shipsOnline;
      if (flips) await holdLevelsAt(tx, locks, id);
      const [row] = await tx
        .update(stockLocations)
        .set({ ...auditable(input), updatedAt: new Date() })
        .where(eq(stockLocations.id, id))
        .returning();
      if (flips) await recomputeHeldOffline(tx, id);
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: 'location',
        resourceId: id,
        details: { name: row!.name, changes: changedFields(auditable(before), auditable(input)) },
      });
      await recordEvents(tx, changed([row!]));
      return locationView(row!);
    });
  }

  /**
   * The fulfilment order: `ids` (exactly the active locations) become priorities 1…n, the inactive locations follow
   * in their previous order, in one statement. Answers every location in the new order.
   */
  async reorder(ids: readonly string[], ctx: AuditContext): Promise<LocationView[]> {
    return lockedTransaction(this.db, async (tx) => {
      await lockLocations(tx);
      const active = await tx
        .select({ id: stockLocations.id })
        .from(stockLocations)
        .where(eq(stockLocations.active, true));
      const activeIds = new Set(active.map((row) => row.id));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== activeIds.size || !ids.every((id) => activeIds.has(id)))
        throw badRequest(LOCATION_MESSAGES.order, 'ids');
      const order = sql.join(
        ids.map((id, index) => sql`(${id}::char(24), ${index + 1}::int)`),
        sql`, `,
      );
      const moved = await queryRows<{ id: string }>(
        tx,
        sql`WITH ranked AS (
          SELECT l.id, row_number() OVER (ORDER BY g.rank NULLS LAST, l.priority, l.id)::int AS priority
          FROM stock_locations l LEFT JOIN (VALUES ${order}) AS g (id, rank) ON g.id = l.id
        )
        UPDATE stock_locations l SET priority = r.priority, updated_at = now()
        FROM ranked r WHERE r.id = l.id AND l.priority <> r.priority
        RETURNING l.id`,
      );
      const rows = await tx
        .select()
        .from(stockLocations)
        .orderBy(...byFulfilmentOrder);
      const movedIds = new Set(moved.map((row) => row.id));
      await writeActivity(tx, ctx, {
        action: 'reorder',
        resource: 'location',
        resourceId: null,
        details: { order: rows.filter((row) => row.active).map((row) => row.name) },
      });
      await recordEvents(tx, changed(rows.filter((row) => movedIds.has(row.id))));
      return rows.map(locationView);
    });
  }

  /**
   * Deactivates a location that holds no stock, unless it is the last active one shipping online orders. The
   * variants with a level there are locked first (stock changes in flight finish), then the location row (changes
   * putting units there in flight finish, later ones wait and are then refused), then ONE conditional UPDATE checks
   * both rules against their committed levels and writes. Already inactive: answered as it is.
   */
  async deactivate(id: string, ctx: AuditContext): Promise<LocationView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      await lockLocations(tx);
      const before = await find(tx, id);
      if (!before.active) return locationView(before);
      await lockVariantsAt(tx, locks, id);
      await lockLocationRow(tx, id);
      const [row] = await tx
        .update(stockLocations)
        .set({ active: false, updatedAt: new Date() })
        .where(
          and(
            eq(stockLocations.id, id),
            sql`NOT EXISTS (SELECT 1 FROM inventory_levels v
              WHERE v.location_id = ${id} AND (v.quantity > 0 OR v.reserved > 0))`,
            sql`(NOT ${stockLocations.shipsOnline} OR ${anotherShipping(id)})`,
          ),
        )
        .returning();
      if (!row) {
        const [held] = await tx
          .select({ id: inventoryLevels.inventoryId })
          .from(inventoryLevels)
          .where(and(eq(inventoryLevels.locationId, id), sql`${inventoryLevels.quantity} > 0`))
          .limit(1);
        throw held
          ? conflict(LOCATION_MESSAGES.notEmpty, 'LOCATION_NOT_EMPTY')
          : conflict(LOCATION_MESSAGES.lastActive, 'LAST_SHIPPING_LOCATION');
      }
      return this.recordActivation(tx, row, 'deactivate', ctx);
    });
  }

  /** Activates a location again, at its previous place in the fulfilment order. Already active: answered as it is. */
  async activate(id: string, ctx: AuditContext): Promise<LocationView> {
    return lockedTransaction(this.db, async (tx) => {
      await lockLocations(tx);
      const before = await find(tx, id);
      if (before.active) return locationView(before);
      const [row] = await tx
        .update(stockLocations)
        .set({ active: true, updatedAt: new Date() })
        .where(eq(stockLocations.id, id))
        .returning();
      return this.recordActivation(tx, row!, 'activate', ctx);
    });
  }

  private async recordActivation(tx: Tx, row: LocationRow, action: 'activate' | 'deactivate', ctx: AuditContext) {
    await writeActivity(tx, ctx, {
      action,
      resource: 'location',
      resourceId: row.id,
      details: { name: row.name, changes: { active: { before: !row.active, after: row.active } } },
    });
    await recordEvents(tx, changed([row]));
    return locationView(row);
  }
}
