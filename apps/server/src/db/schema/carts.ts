import type { CartItem } from '@seamline/shared';
import { jsonb, pgTable } from 'drizzle-orm/pg-core';
import { refId, updatedAt } from './common.js';
import { users } from './users.js';

/**
 * A customer's cart, kept so it follows them to every device (the storefront merges a guest cart into it on sign-in).
 * One row per customer; the lines are a small JSON list (at most 50) written whole, priced only at checkout.
 */
export const carts = pgTable('carts', {
  userId: refId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<CartItem[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
