import { ACTIVITY_STATUSES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.js';
import { createdAt, idColumn, oneOf, refId } from './common.js';
import { users } from './users.js';

type SearchColumns = { action: AnyPgColumn; resource: AnyPgColumn; userEmail: AnyPgColumn; details: AnyPgColumn };

function searchText(t: SearchColumns) {
  return sql<string>`(${t.action} || ' ' || ${t.resource} || ' ' || coalesce(${t.userEmail}, '') || ' ' || coalesce(${t.details}::text, ''))`;
}

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: idColumn(),
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Snapshot of the actor's e-mail (or the e-mail tried at a failed sign-in, or an API key's "API key 'name'"). */
    userEmail: text('user_email'),
    /** The API key that made the change, when a key did (then userId is null). */
    apiKeyId: refId('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    status: text('status', { enum: ACTIVITY_STATUSES }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('activity_logs_status_check', t.status, ACTIVITY_STATUSES),
    // (created_at, id): the list's order with its tie-break, so a page's ids come from an index-only scan (it also
    // serves every range on created_at alone, which the former one-column index did).
    index('activity_logs_created_at_id_idx').on(t.createdAt, t.id),
    index('activity_logs_user_idx').on(t.userId, t.createdAt),
    index('activity_logs_resource_idx').on(t.resource, t.createdAt),
    // Account erasure finds the entries about a person's account, orders and addresses by their ids.
    index('activity_logs_resource_id_idx').on(t.resourceId),
    // Trigram index for the plain-text search (ILIKE '%…%'); the expression must match searchText() exactly.
    index('activity_logs_search_idx').using('gin', sql`${searchText(t)} gin_trgm_ops`),
  ],
);

/**
 * The text the activity-log search box matches (action, resource, e-mail and details), one expression shared by
 * the query and its trigram index so the index is used.
 */
export const activitySearchText = searchText(activityLogs);
