import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  type ApiKeyStatus,
  type ApiKeyView,
  type ApiScope,
  apiKeyExpiryInstant,
  type apiKeyInput,
} from '@seamline/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { hashToken } from '../../lib/secrets.js';
import { iso } from '../../lib/serialize.js';

type NewApiKey = z.output<typeof apiKeyInput>;

/** `sk_<8 hex>_<32 random bytes, base64url>`: the prefix is the public part, the whole key is hashed. */
function newKey(): { key: string; prefix: string } {
  const prefix = randomBytes(4).toString('hex');
  return { key: `sk_${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  lastUsedIp: apiKeys.lastUsedIp,
  revokedAt: apiKeys.revokedAt,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};
type ViewRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
  creatorFirstName: string | null;
  creatorLastName: string | null;
};

function statusOf(row: Pick<ViewRow, 'revokedAt' | 'expiresAt'>, now: Date): ApiKeyStatus {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toView(row: ViewRow, now = new Date()): ApiKeyView {
  const creator = [row.creatorFirstName, row.creatorLastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    name: row.name,
    prefix: `sk_${row.prefix}`,
    scopes: row.scopes,
    createdBy: creator || null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: iso(row.revokedAt),
    status: statusOf(row, now),
  };
}

async function viewOf(db: DbOrTx, id: string): Promise<ApiKeyView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id));
  return row ? toView(row) : null;
}

/** Admins' keys for machine callers (docs/domain.md § API keys); the secret leaves the server once, at creation. */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  async list(): Promise<ApiKeyView[]> {
    const rows = await this.db
      .select(viewColumns)
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    const now = new Date();
    return rows.map((row) => toView(row, now));
  }

  async create(input: NewApiKey, ctx: AuditContext): Promise<{ apiKey: ApiKeyView; secret: string }> {
    const { key, prefix } = newKey();
    const expiresAt = input.expiresOn ? apiKeyExpiryInstant(input.expiresOn) : null;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          name: input.name,
          prefix,
          secretHash: hashToken(key),
          scopes: input.scopes,
          createdBy: ctx.userId,
          expiresAt,
        })
        .returning({ id: apiKeys.id });
      // The details name the key by its public prefix only: never the secret or its hash.
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'api_key',
        resourceId: row!.id,
        details: { name: input.name, prefix: `sk_${prefix}`, scopes: input.scopes, expiresAt: iso(expiresAt) },
      });
      return { apiKey: (await viewOf(tx, row!.id))!, secret: key };
    });
  }

  /** Revoked from the next request on: every instance reads the key on every call. */
  async revoke(id: string, ctx: AuditContext): Promise<ApiKeyView> {
    return this.db.transaction(async (tx) => {
      const [revoked] = await tx
        .update(apiKeys)
        .set({ revokedAt: sql`now()`, revokedBy: ctx.userId })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
      if (!revoked) {
        const [exists] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, id));
        throw exists
          ? conflict(API_KEY_MESSAGES.alreadyRevoked, 'API_KEY_REVOKED')
          : notFound(API_KEY_MESSAGES.notFound);
      }
      await writeActivity(tx, ctx, {
        action: 'revoke',
        resource: 'api_key',
        resourceId: id,
        details: { name: revoked.name, prefix: `sk_${revoked.prefix}` },
      });
      return (await viewOf(tx, id))!;
    });
  }
}
