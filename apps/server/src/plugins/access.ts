import { createHash, timingSafeEqual } from 'node:crypto';
import { ACCESS, type Role } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, preparedPerDatabase } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthUser, RouteAccess } from '../types.js';
import { apiKeyBearer, checkApiKeyAccess } from './api-key-auth.js';

/** Routes registered by plugins that carry no config of their own. */
const UNDECLARED_PUBLIC_PREFIXES = ['/api/docs'];

/**
 * Deny by default: every /api route must declare `config.access`, or the app refuses to start.
 * Each request's bearer token is verified and the user re-read, so deactivation and password changes bite at once;
 * an API key is looked up by its hash on every request, so a revocation bites at once on every instance.
 */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (!route.config?.access) {
      if (!UNDECLARED_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
        throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
      }
      route.config = { ...route.config, access: 'public' };
    }
    for (const method of [route.method].flat())
      routeTable.push({
        method,
        url: route.url,
        access: route.config.access!,
        operationId: route.config.contract?.operationId,
      });
    // A route-level hook, so it runs after hooks added earlier (the rate limit counts refused calls too).
    route.onRequest = [...[route.onRequest ?? []].flat(), checkAccess];
  });

  async function checkAccess(request: FastifyRequest) {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (bearerIs(request, request.routeOptions.config.serviceToken)) return;
    // An API key (`sk_…`) is decided by its scopes, never by a role (plugins/api-key-auth.ts).
    if (apiKeyBearer(request)) return checkApiKeyAccess(app, request, access);
    const user = await authenticate(app, request);
    if (access === 'public') {
      request.user = user;
      return;
    }
    if (!user) throw unauthorized();
    request.user = user;
    if (access !== 'authenticated' && !(ACCESS[access] as readonly Role[]).includes(user.role)) throw forbidden();
  }
}

/** Constant-time comparison of the bearer token with a configured service token (hashing evens the lengths). */
function bearerIs(request: FastifyRequest, expected: string | undefined): boolean {
  const header = request.headers.authorization;
  if (!expected || !header?.startsWith('Bearer ')) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(header.slice(7).trim()), digest(expected));
}

/**
 * The signed-in user and the token's session, read on every authenticated request: a named prepared statement, so
 * each pooled connection parses and plans it once, built once per database (building the query again on every
 * request cost ~3 % of a cheap staff list call).
 */
const userOfToken = preparedPerDatabase(prepareUserOfToken);

function prepareUserOfToken(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      tokensRevokedAt: users.tokensRevokedAt,
      sessionId: sessions.id,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('access_user_of_token');
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await app.accessTokens.verify(header.slice(7).trim());
  if (!claims) return null;
  const [row] = await userOfToken(app.db).execute({ sessionId: claims.sid ?? '', userId: claims.sub });
  if (!row?.isActive) return null;
  if (row.tokensRevokedAt && claims.iatMs < row.tokensRevokedAt.getTime()) return null;
  // A session ended elsewhere (sessions list, sign-out, reuse detection) ends its access tokens at once.
  if (claims.sid && (!row.sessionId || row.sessionRevokedAt)) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    sessionId: claims.sid ?? null,
  };
}
