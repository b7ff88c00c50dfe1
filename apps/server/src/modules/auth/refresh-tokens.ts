import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { hashToken, newOpaqueToken } from '../../lib/secrets.js';

/** Absolute life of a sign-in: rotation never extends it (docs/domain.md § Security). */
export const REFRESH_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Where a sign-in comes from, shown in the sessions list. */
export type Device = { userAgent: string | null; ip: string | null };

/** A new sign-in: a session row (the family) and its first refresh token. */
export async function startRefreshFamily(
  db: DbOrTx,
  userId: string,
  device: Device,
): Promise<{ sessionId: string; refreshToken: string; expiresAt: Date }> {
  const family = { id: newId(), expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS) };
  await db.insert(sessions).values({
    id: family.id,
    userId,
    userAgent: device.userAgent,
    ip: device.ip,
    expiresAt: family.expiresAt,
  });
  const refreshToken = await issueRefreshToken(db, userId, family);
  return { sessionId: family.id, refreshToken, expiresAt: family.expiresAt };
}

/** The next token of a family (rotation); the session records when and from where it was last used. */
export async function issueRefreshToken(
  db: DbOrTx,
  userId: string,
  family: { id: string; expiresAt: Date },
  device?: Device,
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insert(refreshTokens)
    .values({ userId, familyId: family.id, tokenHash: hashToken(token), expiresAt: family.expiresAt });
  if (device)
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, ...(device.ip ? { ip: device.ip } : {}) })
      .where(eq(sessions.id, family.id));
  return token;
}

export type SpendResult =
  | { kind: 'ok'; userId: string; familyId: string; expiresAt: Date }
  | { kind: 'reused'; familyId: string }
  | { kind: 'invalid' };

/**
 * Marks the token spent in one conditional UPDATE, so two concurrent refreshes cannot both win.
 * A token that was already spent is a reuse: the caller revokes its whole family.
 */
export async function spendRefreshToken(db: DbOrTx, token: string): Promise<SpendResult> {
  const tokenHash = hashToken(token);
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (spent) return { kind: 'ok', userId: spent.userId, familyId: spent.familyId, expiresAt: spent.expiresAt };
  const [existing] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (existing?.usedAt) return { kind: 'reused', familyId: existing.familyId };
  return { kind: 'invalid' };
}

/** Locks a session row; every change to a session and its tokens takes this lock first. */
export async function lockSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for('update');
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, familyId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function familyOfToken(db: DbOrTx, token: string): Promise<{ familyId: string; userId: string } | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}
