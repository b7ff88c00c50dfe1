import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginFailures } from '../../db/schema/index.js';
import { tooManyRequests } from '../../lib/errors.js';

/** DESIGN §4: 5 failed sign-ins in 15 minutes, per account and per IP, then 429 until the oldest falls out. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

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

export async function assertLoginAllowed(db: DbOrTx, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_MS);
  for (const [column, value] of [
    ['email', email],
    ['ip', ip],
  ] as const) {
    const oldest = await oldestBlockingFailure(db, column, value, since);
    if (oldest) {
      const retryAfter = Math.ceil((oldest.getTime() + LOGIN_WINDOW_MS - Date.now()) / 1000);
      throw tooManyRequests('Too many failed sign-in attempts. Please try again later.', retryAfter);
    }
  }
}

export async function recordLoginFailure(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearLoginFailures(db: DbOrTx, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
