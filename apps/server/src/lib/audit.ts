import { apiKeyActorLabel } from '@seamline/shared';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { activityLogs } from '../db/schema/index.js';

export type AuditContext = {
  userId: string | null;
  userEmail: string | null;
  /** The API key acting (then userId is null and userEmail reads "API key 'name'"). */
  apiKeyId?: string | null;
  ip: string | null;
  userAgent: string | null;
};

export type AuditEntry = {
  action: string;
  resource: string;
  resourceId?: string | null;
  status?: 'success' | 'failure';
  details?: Record<string, unknown>;
};

/** The store itself acting, with no staff member and no request (a schedule, a provider's event). */
export const SYSTEM_ACTOR: AuditContext = { userId: null, userEmail: null, ip: null, userAgent: null };

/** Who is acting, from where: taken from the request once and handed to services. */
export function auditContext(request: FastifyRequest, actor = request.user): AuditContext {
  const key = actor?.apiKey;
  return {
    userId: key ? null : (actor?.id ?? null),
    userEmail: key ? apiKeyActorLabel(key.name) : (actor?.email ?? null),
    apiKeyId: key?.id ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

const SECRET_KEY = /password|token|secret|hash/i;

/** Secrets never reach the log, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/**
 * The fields that changed, as { field: { before, after } }. Values are compared by their JSON form
 * so dates, arrays and objects compare by content.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, next] of Object.entries(after)) {
    if (next === undefined) continue;
    const previous = before[key];
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[key] = { before: previous, after: next };
  }
  return changes;
}

/** The fields of something just created, as { field: { before: null, after } }. */
export function createdFields(values: Record<string, unknown>): Record<string, { before: null; after: unknown }> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { before: null, after: value }]));
}

/** The activity-log row of an entry made by `ctx`. */
export function activityRow(ctx: AuditContext, entry: AuditEntry): typeof activityLogs.$inferInsert {
  return {
    userId: ctx.userId,
    userEmail: ctx.userEmail,
    apiKeyId: ctx.apiKeyId ?? null,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId ?? null,
    status: entry.status ?? 'success',
    details: entry.details ? (redact(entry.details) as Record<string, unknown>) : null,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

/** Writes one activity-log row; call it with the transaction that makes the change (docs/domain.md § Security). */
export async function writeActivity(db: DbOrTx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await db.insert(activityLogs).values(activityRow(ctx, entry));
}
