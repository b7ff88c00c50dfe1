import { CREATABLE_STAFF_ROLES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, refId, tstz } from './common.js';
import { users } from './users.js';

/**
 * One row per sign-in (a refresh-token family; the id is the family id): the device and address it came from and
 * when it was last used. Ending a session sets revokedAt, which also stops its access tokens (they carry its id).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: refId('id').primaryKey(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastUsedAt), index('sessions_expires_idx').on(t.expiresAt)],
);

/** A staff member's authenticator: the TOTP secret (AES-256-GCM, never stored in clear); enabledAt once confirmed. */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: refId('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: tstz('enabled_at'),
  /** The last TOTP time step accepted: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed; shown to the user once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/** Store-wide settings an admin changes at run time (key → JSON value). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Staff invitations: an admin invites a moderator or support member by e-mail. Only the SHA-256 of the mailed token is
 * kept; a resend replaces it (the old link dies) and restarts the 72 hours. One open (neither accepted nor revoked)
 * invitation per address, case-insensitively.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: idColumn(),
    email: text('email').notNull(),
    role: text('role', { enum: CREATABLE_STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: refId('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('staff_invitations_role_check', t.role, CREATABLE_STAFF_ROLES),
    uniqueIndex('staff_invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('staff_invitations_open_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} IS NULL AND ${t.revokedAt} IS NULL`),
    index('staff_invitations_created_idx').on(t.createdAt),
  ],
);
