import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { revokeMailTokens } from './mail-tokens.js';
import { revokeAllForUser } from './refresh-tokens.js';

/**
 * Ends every session of a user at once: access tokens issued before now, all refresh tokens and every unused
 * mailed link (reset, verification) stop working.
 */
export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ tokensRevokedAt: sql`now()` }).where(eq(users.id, userId));
  await revokeAllForUser(db, userId);
  await revokeMailTokens(db, userId);
}
