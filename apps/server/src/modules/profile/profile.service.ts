import {
  type ChangePasswordInput,
  type CustomerPreferences,
  type ProfileUser,
  type preferencesInput,
  type profileUpdateInput,
  readPreferences,
} from '@seamline/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { unauthorized } from '../../lib/errors.js';
import type { AccessTokens } from '../../lib/jwt.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeUserSessions, startRefreshFamily, toPublicUser } from '../auth/index.js';
import { checkCurrentPassword } from '../credentials/index.js';
import { anonymisedEmail, eraseAccount } from '../privacy/index.js';

type UserRow = typeof users.$inferSelect;

/** Records that a customer's account changed (the customers module's customer.updated), in the change's transaction. */
export type CustomerChanged = (tx: Tx, userId: string) => Promise<void>;

export function toProfileUser(row: UserRow): ProfileUser {
  return { ...toPublicUser(row), preferences: readPreferences(row.preferences) };
}

/** The signed-in customer's own account. Every method acts on the caller's id only (no id comes from the client). */
export class ProfileService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly customerChanged: CustomerChanged,
  ) {}

  async get(userId: string): Promise<ProfileUser> {
    return toProfileUser(await this.find(this.db, userId));
  }

  async update(userId: string, input: z.output<typeof profileUpdateInput>, ctx: AuditContext): Promise<ProfileUser> {
    return this.db.transaction(async (tx) => {
      const before = await this.find(tx, userId, true);
      const next = {
        firstName: input.firstName,
        lastName: input.lastName,
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
      };
      const changes = changedFields(before, next);
      if (Object.keys(changes).length === 0) return toProfileUser(before);
      const [row] = await tx.update(users).set(next).where(eq(users.id, userId)).returning();
      await writeActivity(tx, ctx, { action: 'update', resource: 'profile', resourceId: userId, details: { changes } });
      await this.customerChanged(tx, userId);
      return toProfileUser(row!);
    });
  }

  async updatePreferences(
    userId: string,
    input: z.output<typeof preferencesInput>,
    ctx: AuditContext,
  ): Promise<CustomerPreferences> {
    return this.db.transaction(async (tx) => {
      const before = readPreferences((await this.find(tx, userId, true)).preferences);
      const next: CustomerPreferences = { ...before, ...definedOnly(input) };
      const changes = changedFields(before, next);
      if (Object.keys(changes).length > 0) {
        await tx.update(users).set({ preferences: next }).where(eq(users.id, userId));
        await writeActivity(tx, ctx, {
          action: 'update_preferences',
          resource: 'profile',
          resourceId: userId,
          details: { changes },
        });
      }
      return next;
    });
  }

  /**
   * Changes the password and ends every session, then opens a fresh one for the caller: the device that changed
   * the password keeps working with the returned tokens, every other device is signed out.
   */
  async changePassword(userId: string, input: ChangePasswordInput, ctx: AuditContext) {
    const user = await this.find(this.db, userId);
    await this.checkPassword(user, input.currentPassword, ctx, 'currentPassword', 'Current password is incorrect');
    const passwordHash = await hashPassword(input.newPassword);
    return this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
      await revokeUserSessions(tx, userId);
      await writeActivity(tx, ctx, { action: 'change_password', resource: 'profile', resourceId: userId });
      const { sessionId, refreshToken, expiresAt } = await startRefreshFamily(tx, userId, ctx);
      const accessToken = await this.accessTokens.sign(userId, user.role, sessionId);
      return { accessToken, refreshToken, expiresAt };
    });
  }

  /**
   * Erases the account (docs/security.md "Privacy"): personal data goes from every table in one transaction, the orders keep
   * what the books need, and the e-mail is free for a new registration.
   */
  async deleteAccount(userId: string, password: string, ctx: AuditContext): Promise<void> {
    const user = await this.find(this.db, userId);
    await this.checkPassword(user, password, ctx, 'password', 'Password is incorrect');
    await this.db.transaction(async (tx) => {
      const locked = await this.find(tx, userId, true);
      await eraseAccount(tx, locked);
      await writeActivity(
        tx,
        { userId, userEmail: anonymisedEmail(userId), ip: null, userAgent: null },
        { action: 'delete', resource: 'user', resourceId: userId, details: { anonymised: true } },
      );
      await this.customerChanged(tx, userId);
    });
  }

  private checkPassword(user: UserRow, password: string, ctx: AuditContext, field: string, message: string) {
    return checkCurrentPassword(this.db, user, password, ctx, field, message);
  }

  private async find(db: DbOrTx, userId: string, lock = false): Promise<UserRow> {
    const query = db.select().from(users).where(eq(users.id, userId));
    const [row] = lock ? await locksOf(db).step('customer', () => query.for('update'), [userId]) : await query;
    if (!row || row.deletedAt) throw unauthorized();
    return row;
  }
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
