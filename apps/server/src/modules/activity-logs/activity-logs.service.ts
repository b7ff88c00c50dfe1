import { type ActivityLogEntry, type ActivityLogQuery, dateFilterBound, pagination } from '@seamline/shared';
import { and, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activityLogs, activitySearchText, users } from '../../db/schema/index.js';
import { boundedCount } from '../../lib/bounded-count.js';
import { notFound } from '../../lib/errors.js';
import { containsPattern } from '../../lib/search.js';

/** The entries the screen's search and filters select: the list's and the export's condition. */
export function activityLogConditions(query: Omit<ActivityLogQuery, 'page' | 'limit'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    query.userId ? eq(activityLogs.userId, query.userId) : undefined,
    query.action ? eq(activityLogs.action, query.action) : undefined,
    query.resource ? eq(activityLogs.resource, query.resource) : undefined,
    query.status ? eq(activityLogs.status, query.status) : undefined,
    query.startDate ? gte(activityLogs.createdAt, dateFilterBound(query.startDate, 'start')) : undefined,
    query.endDate ? lt(activityLogs.createdAt, dateFilterBound(query.endDate, 'end')) : undefined,
    // Plain text, case-insensitive, over action, resource, e-mail and details (never a regex).
    query.search ? ilike(activitySearchText, containsPattern(query.search)) : undefined,
  ];
  return and(...conditions.filter(Boolean));
}

export const activityLogColumns = {
  id: activityLogs.id,
  userId: activityLogs.userId,
  userEmail: activityLogs.userEmail,
  currentEmail: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  action: activityLogs.action,
  resource: activityLogs.resource,
  resourceId: activityLogs.resourceId,
  status: activityLogs.status,
  details: activityLogs.details,
  ip: activityLogs.ip,
  userAgent: activityLogs.userAgent,
  createdAt: activityLogs.createdAt,
};

export type ActivityLogRow = {
  id: string;
  userId: string | null;
  userEmail: string | null;
  currentEmail: string | null;
  firstName: string | null;
  lastName: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  status: 'success' | 'failure';
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
};

/** The e-mail is the snapshot taken when it happened (or the e-mail tried at a failed sign-in). */
export function toEntry(row: ActivityLogRow): ActivityLogEntry {
  const email = row.userEmail ?? row.currentEmail;
  return {
    _id: row.id,
    id: row.id,
    user: row.userId || email ? { email: email ?? null, firstName: row.firstName, lastName: row.lastName } : null,
    action: row.action,
    resource: row.resource,
    resourceId: row.resourceId,
    status: row.status,
    details: row.details,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Read-only: the audit trail is written by the features (lib/audit.ts) and never changed or deleted. */
export class ActivityLogService {
  constructor(private readonly db: Db) {}

  /**
   * One page, ids first: the page's ids come from the filters, the order and LIMIT/OFFSET alone (an index-only scan
   * of (created_at, id) when unfiltered, so a deep OFFSET skips index entries, not wide rows), then only those rows
   * are read whole and joined to their user, in the page's order.
   */
  async list(query: ActivityLogQuery) {
    const where = activityLogConditions(query);
    // The trail only grows: its total is counted up to COUNT_EXACT_LIMIT and estimated past it.
    const matching = this.db.select({ one: sql`1` }).from(activityLogs).where(where).getSQL();
    const page = this.db
      .select({ pageId: activityLogs.id, pageCreatedAt: activityLogs.createdAt })
      .from(activityLogs)
      .where(where)
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .as('page');
    const [rows, total] = await Promise.all([
      this.db
        .select(activityLogColumns)
        .from(page)
        .innerJoin(activityLogs, eq(activityLogs.id, page.pageId))
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .orderBy(desc(page.pageCreatedAt), desc(page.pageId)),
      boundedCount(this.db, matching),
    ]);
    return { logs: rows.map(toEntry), pagination: pagination(query.page, query.limit, total.total, total.exact) };
  }

  async get(id: string): Promise<ActivityLogEntry> {
    const [row] = await this.db
      .select(activityLogColumns)
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(eq(activityLogs.id, id));
    if (!row) throw notFound('Activity log not found');
    return toEntry(row);
  }
}
