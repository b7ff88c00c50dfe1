import { SECURITY_MESSAGES, type SessionInfo, STAFF_ROLES } from '@seamline/shared';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { revokeFamily } from '../auth/index.js';
import { USER_NOT_FOUND } from '../users/index.js';

const isLive = and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * Sessions are refresh-token families (one per sign-in). Ending one revokes its refresh tokens, so the next refresh
 * of that browser is refused, and its access tokens, which name it (`sid`).
 */
export class SessionsService {
  constructor(private readonly db: Db) {}

  async list(userId: string, currentSessionId: string | null): Promise<SessionInfo[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isLive))
      .orderBy(desc(sessions.lastUsedAt));
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === currentSessionId,
    }));
  }

  /** Ends one of the user's live sessions; someone else's session is "not found". */
  async end(userId: string, sessionId: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isLive))
        .for('update');
      if (!row) throw notFound(SECURITY_MESSAGES.sessionNotFound);
      await revokeFamily(tx, sessionId);
      await writeActivity(tx, ctx, {
        action: 'end_session',
        resource: 'session',
        resourceId: sessionId,
        details: { userId },
      });
    });
  }

  /** Ends every live session of the user except `keep` (the caller's own, when it names one); answers how many. */
  async endAll(userId: string, keep: string | null, ctx: AuditContext): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ended = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isLive, keep ? ne(sessions.id, keep) : undefined))
        // Ended in id order, so two parallel "end all" calls lock the same rows in the same order.
        .orderBy(sessions.id);
      for (const { id } of ended) await revokeFamily(tx, id);
      await writeActivity(tx, ctx, {
        action: keep ? 'end_other_sessions' : 'end_all_sessions',
        resource: 'session',
        resourceId: userId,
        details: { userId, count: ended.length },
      });
      return ended.length;
    });
  }

  /** The staff member whose sessions an admin manages (customers are not managed here). */
  async requireStaff(userId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)));
    if (!row) throw notFound(USER_NOT_FOUND);
  }
}
