import type { Db } from '../../db/client.js';
import type { users } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { claimLoginAttempt, clearLoginFailures } from './login-throttle.js';

/**
 * Re-checks the password of a signed-in user before a sensitive change (password, two-factor off, account delete).
 * Wrong answers count against the sign-in throttle (per account and IP), so a stolen access token cannot be used to
 * guess the password. A wrong password is a 400, not a 401: the session itself is fine.
 */
export async function checkCurrentPassword(
  db: Db,
  user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'passwordHash'>,
  password: string,
  ctx: AuditContext,
  field: string,
  message: string,
): Promise<void> {
  const email = user.email.toLowerCase();
  await claimLoginAttempt(db, email, ctx.ip ?? 'unknown');
  if (await verifyPassword(user.passwordHash, password)) {
    await clearLoginFailures(db, email);
    return;
  }
  await writeActivity(db, ctx, {
    action: 'password_check',
    resource: 'profile',
    resourceId: user.id,
    status: 'failure',
  });
  throw new AppError(400, 'INVALID_PASSWORD', message, [{ field, message }]);
}
