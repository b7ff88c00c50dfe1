import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inventory, products } from './catalogue.js';
import { createdAt, idColumn, refId, tstz } from './common.js';
import { users } from './users.js';

/**
 * A shopper waiting for a sold-out size/colour (an inventory row) to come back. `notified_at` is set when the
 * back-in-stock mail is queued (claimed once, see modules/stock-alerts); unsubscribing deletes the row. The token is
 * kept as its SHA-256 only.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    inventoryId: refId('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    customerId: refId('customer_id').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    uniqueIndex('stock_alerts_token_idx').on(t.tokenHash),
    // One waiting alert per address and combination; once mailed, the shopper may subscribe again.
    uniqueIndex('stock_alerts_waiting_email_idx')
      .on(t.inventoryId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} IS NULL`),
    // The waiting line of a combination, in order of subscription (the claim reads it).
    index('stock_alerts_waiting_idx').on(t.inventoryId, t.createdAt, t.id).where(sql`${t.notifiedAt} IS NULL`),
    index('stock_alerts_product_idx').on(t.productId),
    index('stock_alerts_customer_idx').on(t.customerId),
  ],
);
