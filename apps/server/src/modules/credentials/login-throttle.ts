import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { tooManyRequests } from '../../lib/errors.js';

/**
 * docs/domain.md § Security: 5 failed sign-ins in 15 minutes, per account and per IP, then 429 until the oldest falls
 * out.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** Advisory-lock key spaces, so an account and an address never share a lock. */
const EMAIL_LOCK_SPACE = 7101;
const IP_LOCK_SPACE = 7102;

async function oldestBlockingFailure(db: DbOrTx, column: 'email' | 'ip', value: string, since: Date) {
  const field = column === 'email' ? loginFailures.email : loginFailures.ip;
  const rows = await db
    .select({ createdAt: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(field, value), gt(loginFailures.createdAt, since)))
    .orderBy(sql`${loginFailures.createdAt} desc`)
    .limit(LOGIN_MAX_FAILURES);
  return rows.length >= LOGIN_MAX_FAILURES ? rows[rows.length - 1]!.createdAt : null;
}

/**
 * Claims one sign-in attempt before any password is checked, or answers 429. The attempt is recorded as a failure
 * at once, under per-account and per-IP advisory locks, so parallel attempts cannot all read "fewer than five"
 * before any of them is written; a correct password clears it again (clearLoginFailures). The locks are held only
 * for the count and the insert, never across the slow hash. Every caller takes the account lock before the
 * address lock, so two claims cannot wait on each other.
 */
export async function claimLoginAttempt(db: Db, email: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${EMAIL_LOCK_SPACE}::int, hashtext(${email}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IP_LOCK_SPACE}::int, hashtext(${ip}))`);
    const since = new Date(Date.now() - LOGIN_WINDOW_MS);
    for (const [column, value] of [
      ['email', email],
      ['ip', ip],
    ] as const) {
      const oldest = await oldestBlockingFailure(tx, column, value, since);
      if (oldest) {
        const retryAfter = Math.max(1, Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - Date.now()) / 1000));
        throw tooManyRequests('Too many failed sign-in attempts. Please try again later.', retryAfter);
      }
    }
    await tx.insert(loginFailures).values({ email, ip });
  });
}

export async function clearLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
