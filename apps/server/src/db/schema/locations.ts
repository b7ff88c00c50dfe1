import { LOCATION_KINDS } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { alertRank, inventory } from './catalogue.js';
import { createdAt, idColumn, oneOf, refId, updatedAt } from './common.js';

/**
 * A warehouse or shop that holds stock (docs/domain.md § Stock locations). `priority` is the fulfilment order (1
 * first); online orders are allocated among the active locations that ship them, pickup orders at their shop.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: idColumn(),
    name: text('name').notNull(),
    kind: text('kind', { enum: LOCATION_KINDS }).notNull(),
    address: text('address').notNull().default(''),
    shipsOnline: boolean('ships_online').notNull().default(true),
    pickup: boolean('pickup').notNull().default(false),
    priority: integer('priority').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stock_locations_name_idx').on(sql`lower(${t.name})`),
    oneOf('stock_locations_kind_check', t.kind, LOCATION_KINDS),
  ],
);

/**
 * One size/colour's stock at one location. The variant's `inventory.quantity` and `reserved` are the sums of its
 * levels, kept by the triggers of migration 0043 (a level is inserted empty, or as its variant's starting stock by
 * the variant's own insert, and changes by UPDATE). A level changes only under its variant's inventory row lock, so
 * the variant lock orders every level write (lib/locked-transaction.ts).
 */
export const inventoryLevels = pgTable(
  'inventory_levels',
  {
    inventoryId: refId('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'cascade' }),
    locationId: refId('location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'inventory_levels_pkey', columns: [t.inventoryId, t.locationId] }),
    index('inventory_levels_location_idx').on(t.locationId, t.inventoryId),
    // One location's low-stock alerts, worst first: only the levels at or below their threshold, in the alerts' order.
    index('inventory_levels_low_stock_idx')
      .on(t.locationId, alertRank(t), t.quantity, t.inventoryId)
      .where(sql`${t.quantity} <= ${t.lowStockThreshold}`),
    check('inventory_levels_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('inventory_levels_reserved_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.quantity}`),
    check('inventory_levels_threshold_nonneg', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/** A level's alert status as a rank (as `inventoryAlertRank` for a variant's totals): one location's alerts order. */
export const levelAlertRank = alertRank(inventoryLevels);

/**
 * Each location's totals over its levels (migration 0050): units, units reserved and levels at or below their
 * threshold. Inventory analytics and the locations list read one row per location instead of every level (900,000 on a
 * large store). A level change does not update this shared row — every order at the same location would wait for the
 * one before it to commit — but appends its difference to `location_stock_pending`; `location_stock_fold()` adds those
 * up (every reader calls it first, a job every minute), so the figures read are exact.
 */
export const locationStockTotals = pgTable('location_stock_totals', {
  locationId: refId('location_id')
    .primaryKey()
    .references(() => stockLocations.id),
  units: bigint('units', { mode: 'number' }).notNull().default(0),
  reserved: bigint('reserved', { mode: 'number' }).notNull().default(0),
  lowLevels: integer('low_levels').notNull().default(0),
});

/** Level changes not yet added to `location_stock_totals`; no key: rows are only appended and taken whole. */
export const locationStockPending = pgTable('location_stock_pending', {
  locationId: refId('location_id').notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  reserved: bigint('reserved', { mode: 'number' }).notNull(),
  lowLevels: integer('low_levels').notNull(),
});
