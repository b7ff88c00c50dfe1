import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './catalogue.js';
import { createdAt, money, refId } from './common.js';
import { users } from './users.js';

/**
 * A product a customer wishes for: one row per (customer, product), gone with either. The price the shopper paid
 * then (the final price, sale included) is kept so the list can tell when it dropped.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceAtAdd: money('price_at_add').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    // The customer's list, newest first, and the staff count per product.
    index('wishlist_items_user_created_idx').on(t.userId, sql`${t.createdAt} DESC`, t.productId),
    index('wishlist_items_product_idx').on(t.productId),
  ],
);
