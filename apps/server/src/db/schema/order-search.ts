import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { refId, tstz } from './common.js';
import { orders } from './orders.js';

/**
 * One search document per order, for the staff order search: the order number, guest e-mail, shipping name and city,
 * the customer's name and e-mail and the product names of its lines, lower-cased, one per line (a search never holds
 * a line break, so a match stays inside one of them). Kept by triggers on orders, order_items and users (migration
 * 0041), in the writing transaction, but for a new order's: written by the next search (order_search_pending). A
 * narrow table of its own: the trigram index finds rare words, and a common
 * word's newest matches come from walking (created_at, order_id) backwards over small rows, never sorting them all.
 */
export const orderSearchDocuments = pgTable(
  'order_search_documents',
  {
    orderId: refId('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's created_at, copied so the newest-first walk stays in this table. */
    createdAt: tstz('created_at').notNull(),
    document: text('document').notNull(),
  },
  (t) => [
    index('order_search_documents_created_idx').on(t.createdAt, t.orderId),
    index('order_search_documents_trgm_idx').using('gin', sql`${t.document} gin_trgm_ops`),
  ],
);

/**
 * Orders whose search document is still to be written (migration 0047): a new order's lines append its id here in
 * the order's own statement instead of writing the document (its trigram index is the costliest write of a
 * checkout); `order_search_fold()` writes the documents of all of them at once, and every search calls it first, so
 * a search always finds every committed order. No key: ids are only appended and taken whole.
 */
export const orderSearchPending = pgTable('order_search_pending', {
  orderId: refId('order_id').notNull(),
});
