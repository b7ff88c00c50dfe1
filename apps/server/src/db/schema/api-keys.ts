import { API_SCOPES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, refId, tstz } from './common.js';
import { users } from './users.js';

/**
 * Scoped keys for machine callers (docs/decisions/0064-api-keys.md): only the sha-256 of the whole key is kept; the
 * prefix is its public part, shown in lists. Keys are revoked (revokedAt), never deleted, so the trail keeps them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: idColumn(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    revokedBy: refId('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: tstz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [
    // Every request looks its key up by this hash.
    uniqueIndex('api_keys_secret_hash_idx').on(t.secretHash),
    uniqueIndex('api_keys_prefix_idx').on(t.prefix),
    index('api_keys_created_at_idx').on(t.createdAt),
    check('api_keys_scopes_check', sql`cardinality(${t.scopes}) >= 1`),
  ],
);
