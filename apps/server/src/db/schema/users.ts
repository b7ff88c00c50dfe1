import { MAIL_TOKEN_KINDS, ROLES } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, oneOf, refId, tstz, updatedAt } from './common.js';

/** A phone number's digits alone ('555-019-8765' → '5550198765'). */
function digitsOf(phone: AnyPgColumn) {
  return sql<string>`regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g')`;
}

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: text('role', { enum: ROLES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    lastLogin: tstz('last_login'),
    /** Tokens issued before this instant are dead (password change, deactivation). */
    tokensRevokedAt: tstz('tokens_revoked_at'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when a customer deletes their account: the row is anonymised and kept for the books. */
    deletedAt: tstz('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the customer search matches, kept by PostgreSQL (migration 0053): "first last", e-mail, phone and the
     * phone's digits, lower-cased, one per line, so a search text (which never holds a line break) matches within one
     * of them, as if each were searched alone, and "Ann Smith" finds the full name.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("first_name" || ' ' || "last_name" || E'\\n' || "email" || E'\\n' || coalesce("phone", '') || E'\\n' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))`,
    ),
  },
  (t) => [
    oneOf('users_role_check', t.role, ROLES),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // Analytics' customer counts (registered in a range, active, up to a day) from the index alone.
    index('users_customers_created_idx')
      .on(t.createdAt, t.isActive)
      .where(sql`${t.role} = 'customer' AND ${t.deletedAt} IS NULL`),
    // Trigram index for the customer search (LIKE '%…%' on search_text).
    index('users_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const userPhoneDigits = digitsOf(users.phone);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: refId('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Absolute end of the family (7 days from sign-in); rotation does not extend it. */
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // The retention job's walk over expired families.
    index('refresh_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Single-use tokens sent by mail: password reset (1 h) and e-mail verification (24 h). */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('mail_tokens_kind_check', t.kind, MAIL_TOKEN_KINDS),
    uniqueIndex('mail_tokens_hash_idx').on(t.tokenHash),
    index('mail_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The HTML part, for mails that have one (order mails); `body` is always the plain-text part. */
    html: text('html'),
    kind: text('kind').notNull(),
    sentAt: tstz('sent_at'),
    /** Sends tried so far (the `mail.send` job that sends it retries with back-off; see lib/mail.ts). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // Account erasure finds every mail to an address, whatever its case.
    index('mail_outbox_to_lower_idx').on(sql`lower(${t.toEmail})`),
    // The walk over unsent mail (account erasure, counts), and the retention job's walk over sent mail.
    index('mail_outbox_pending_idx').on(t.createdAt).where(sql`${t.sentAt} IS NULL`),
    index('mail_outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
  ],
);

/** Failed sign-ins, for the per-account and per-IP throttle (kept in the database so every instance shares it). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: idColumn(),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
