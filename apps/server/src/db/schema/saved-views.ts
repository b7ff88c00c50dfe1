import { SAVED_VIEW_LISTS } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, refId } from './common.js';
import { users } from './users.js';

/** A staff member's named filters of one list (issue 17 item 4): the list screen's query string. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list', { enum: SAVED_VIEW_LISTS }).notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('saved_views_list_check', t.list, SAVED_VIEW_LISTS),
    // One name per list and person (case-insensitive); it also serves the menu's read (user, list).
    uniqueIndex('saved_views_user_list_name_idx').on(t.userId, t.list, sql`lower(${t.name})`),
  ],
);
