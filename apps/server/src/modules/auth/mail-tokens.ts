import type { MailTokenKind } from '@seamline/shared';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mailTokens, users } from '../../db/schema/index.js';
import { hashToken, newOpaqueToken } from '../../lib/secrets.js';

/** At most this many links of one kind are mailed to one account per hour (mail bombing, token spraying). */
export const MAIL_TOKENS_PER_HOUR = 3;

/** Finds the account by e-mail and locks its row, so parallel requests for one account take turns. */
export async function lockUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1).for('update');
  return user;
}

/** Whether another link of this kind may be mailed; call with the user row locked (lockUserByEmail). */
export async function mayMailToken(db: DbOrTx, userId: string, kind: MailTokenKind): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(mailTokens)
    .where(
      and(
        eq(mailTokens.userId, userId),
        eq(mailTokens.kind, kind),
        gt(mailTokens.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return (row?.n ?? 0) < MAIL_TOKENS_PER_HOUR;
}

export async function createMailToken(db: DbOrTx, userId: string, kind: MailTokenKind, ttlMs: number) {
  const token = newOpaqueToken();
  await db
    .insert(mailTokens)
    .values({ userId, kind, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Single use: one conditional UPDATE spends the token or finds it spent, expired or unknown. */
export async function spendMailToken(db: DbOrTx, token: string, kind: MailTokenKind): Promise<string | null> {
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.tokenHash, hashToken(token)),
        eq(mailTokens.kind, kind),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: mailTokens.userId });
  return row?.userId ?? null;
}

/** Marks the user's unused links (of one kind, or all) as spent. */
export async function revokeMailTokens(db: DbOrTx, userId: string, kind?: MailTokenKind): Promise<void> {
  await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mailTokens.userId, userId), isNull(mailTokens.usedAt), kind ? eq(mailTokens.kind, kind) : undefined));
}
