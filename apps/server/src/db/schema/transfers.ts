import { TRANSFER_STATUSES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgSequence, pgTable, text } from 'drizzle-orm/pg-core';
import { inventory, products } from './catalogue.js';
import { createdAt, idColumn, oneOf, refId, tstz, updatedAt } from './common.js';
import { stockLocations } from './locations.js';
import { users } from './users.js';

/** The running number of the transfers' human reference (TR-000001, …). */
export const stockTransferNumbers = pgSequence('stock_transfer_number_seq');

/**
 * A move of stock from one location to another (packages/shared transfers.ts): draft → in_transit → received, or
 * cancelled. The stock moves by `transfer_out` / `transfer_in` movements; this row says where the transfer stands.
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: idColumn(),
    number: text('number')
      .notNull()
      .unique('stock_transfers_number_key')
      .default(sql`('TR-' || lpad(nextval('stock_transfer_number_seq')::text, 6, '0'))`),
    fromLocationId: refId('from_location_id')
      .notNull()
      .references(() => stockLocations.id),
    toLocationId: refId('to_location_id')
      .notNull()
      .references(() => stockLocations.id),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('draft'),
    note: text('note').notNull().default(''),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: tstz('shipped_at'),
    receivedAt: tstz('received_at'),
    cancelledAt: tstz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('stock_transfers_status_check', t.status, TRANSFER_STATUSES),
    check('stock_transfers_locations_differ', sql`${t.fromLocationId} <> ${t.toLocationId}`),
    index('stock_transfers_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('stock_transfers_from_idx').on(t.fromLocationId),
    index('stock_transfers_to_idx').on(t.toLocationId),
  ],
);

/**
 * One size/colour of a transfer. Product, size and colour are kept as written when the line was added (the variant
 * may be deleted later: its ids become null, the line still reads).
 */
export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: idColumn(),
    transferId: refId('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    inventoryId: refId('inventory_id').references(() => inventory.id, { onDelete: 'set null' }),
    productId: refId('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull(),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    index('stock_transfer_lines_transfer_idx').on(t.transferId),
    index('stock_transfer_lines_inventory_idx').on(t.inventoryId),
    check('stock_transfer_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('stock_transfer_lines_received_range', sql`${t.received} >= 0 AND ${t.received} <= ${t.quantity}`),
  ],
);
