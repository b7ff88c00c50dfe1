import {
  API_KEY_MESSAGES,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiScope,
  apiKeyActorLabel,
  scopeFor,
} from '@seamline/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, preparedPerDatabase } from '../db/client.js';
import { apiKeys } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { hashToken } from '../lib/secrets.js';
import type { Access, AuthUser } from '../types.js';

type KeyRow = {
  id: string;
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

/** A bearer that is an API key (`sk_…`) rather than a staff or customer access token. */
export function apiKeyBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith(`Bearer ${API_KEY_PREFIX}`)) return null;
  return header.slice(7).trim();
}

/**
 * The key's row by the hash of the whole key, read on every request (no cache: a revocation on any instance bites
 * at the next call): a named prepared statement built once per database, like the session check.
 */
const keyOfHash = preparedPerDatabase((db: Db) =>
  db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('access_api_key_of_hash'),
);

// The rate limit and the access check both need the key of a request: it is read once.
const lookups = new WeakMap<FastifyRequest, Promise<KeyRow | null>>();

/** The row of the request's API key (valid or not), or null when there is none by that value. */
export function apiKeyOf(app: FastifyInstance, request: FastifyRequest): Promise<KeyRow | null> {
  const known = lookups.get(request);
  if (known) return known;
  const bearer = apiKeyBearer(request);
  const lookup =
    bearer && API_KEY_PATTERN.test(bearer)
      ? keyOfHash(app.db)
          .execute({ hash: hashToken(bearer) })
          .then(([row]) => row ?? null)
      : Promise.resolve(null);
  lookups.set(request, lookup);
  return lookup;
}

/** Why a key cannot be used now, or null when it can. */
function refusal(row: KeyRow | null, now = new Date()): string | null {
  if (!row) return API_KEY_MESSAGES.invalid;
  if (row.revokedAt) return API_KEY_MESSAGES.revoked;
  if (row.expiresAt && row.expiresAt <= now) return API_KEY_MESSAGES.expired;
  return null;
}

/** The caller a key stands for: no user of its own; the least staff role, so role checks in services fail closed. */
function callerOf(row: KeyRow): AuthUser {
  return {
    id: row.id,
    email: apiKeyActorLabel(row.name),
    role: 'support',
    firstName: apiKeyActorLabel(row.name),
    lastName: '',
    sessionId: null,
    apiKey: { id: row.id, name: row.name, scopes: row.scopes },
  };
}

/** Last use (time and address), written at most once a minute per key by a conditional UPDATE. */
async function noteUse(db: Db, row: KeyRow, ip: string | undefined) {
  if (row.lastUsedAt && Date.now() - row.lastUsedAt.getTime() < 60_000) return;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, lastUsedIp: ip ?? null })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

/**
 * Access for a request that carries an API key: the route's rule and method name the scope it needs
 * (packages/shared api-keys.ts scopeFor). On a public route an unusable key is simply no caller, as a bad token is.
 */
export async function checkApiKeyAccess(app: FastifyInstance, request: FastifyRequest, access: Access) {
  const row = await apiKeyOf(app, request);
  const refused = refusal(row);
  if (access === 'public') {
    request.user = refused ? null : callerOf(row!);
    if (!refused) await noteUse(app.db, row!, request.ip);
    return;
  }
  if (refused) throw unauthorized(refused);
  await noteUse(app.db, row!, request.ip);
  const needed = access === 'authenticated' ? null : scopeFor(access, request.method);
  if (!needed) throw forbidden(API_KEY_MESSAGES.notForKeys);
  if (!row!.scopes.includes(needed)) throw forbidden(API_KEY_MESSAGES.missingScope(needed));
  request.user = callerOf(row!);
}

/** The key id of a request's usable API key, for its own request budget; null when it has none. */
export async function usableApiKeyId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (!apiKeyBearer(request)) return null;
  const row = await apiKeyOf(app, request);
  return refusal(row) ? null : row!.id;
}
