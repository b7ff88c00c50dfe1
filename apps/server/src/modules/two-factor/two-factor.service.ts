import {
  isStaffRole,
  REQUIRE_TWO_FACTOR_SETTING,
  SECURITY_MESSAGES,
  type SecuritySettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@seamline/shared';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { appSettings, recoveryCodes, twoFactorSecrets, users } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.js';
import { open, seal } from '../../lib/secret-box.js';
import { hashToken } from '../../lib/secrets.js';
import { checkCurrentPassword } from '../credentials/index.js';
import { matchingStep, newAuthenticator, newRecoveryCodes, normaliseRecoveryCode } from './totp.js';

type UserRow = typeof users.$inferSelect;
type FirstCode = { secretEncrypted: string; step: number };

/**
 * Two-factor sign-in with an authenticator app (TOTP) for staff. The secret is sealed with AES-256-GCM before it is
 * stored; recovery codes are stored as hashes and each works once. Audit entries never carry a secret or a code.
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  async isEnabled(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ enabledAt: twoFactorSecrets.enabledAt })
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, userId));
    return Boolean(row?.enabledAt);
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const [left] = await this.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return {
      enabled: await this.isEnabled(this.db, userId),
      recoveryCodesLeft: left?.n ?? 0,
      required: (await this.settings()).requireTwoFactorForStaff,
    };
  }

  /** A new secret, kept unconfirmed until the first code proves the app has it (a second call replaces it). */
  async startSetup(user: UserRow, ctx: AuditContext): Promise<TwoFactorSetup> {
    if (!isStaffRole(user.role)) throw forbidden(SECURITY_MESSAGES.staffOnly);
    if (await this.isEnabled(this.db, user.id)) throw conflict(SECURITY_MESSAGES.alreadyEnabled);
    const setup = await newAuthenticator(user.email);
    const secretEncrypted = seal(this.key, setup.secret);
    await this.db.transaction(async (tx) => {
      await tx
        .insert(twoFactorSecrets)
        .values({ userId: user.id, secretEncrypted })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secretEncrypted, enabledAt: null, lastUsedStep: null, createdAt: sql`now()` },
        });
      await writeActivity(tx, ctx, { action: 'two_factor_setup_start', resource: 'auth', resourceId: user.id });
    });
    return setup;
  }

  /** Confirms the pending secret with a first code; answers the recovery codes (shown once). */
  async enable(user: UserRow, code: string, ctx: AuditContext): Promise<string[]> {
    const checked = await this.checkFirstCode(user, code, ctx);
    return this.db.transaction(async (tx) => {
      const codes = await this.confirm(tx, user.id, checked);
      await writeActivity(tx, ctx, { action: 'two_factor_enable', resource: 'auth', resourceId: user.id });
      return codes;
    });
  }

  /** The pending secret the first code matches, and the code's time step; a wrong code is logged and refused. */
  async checkFirstCode(user: UserRow, code: string, ctx: AuditContext): Promise<FirstCode> {
    const [row] = await this.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    if (!row) throw conflict(SECURITY_MESSAGES.setupFirst);
    if (row.enabledAt) throw conflict(SECURITY_MESSAGES.alreadyEnabled);
    const step = matchingStep(open(this.key, row.secretEncrypted), code);
    if (step === null) {
      await writeActivity(this.db, ctx, {
        action: 'two_factor_enable',
        resource: 'auth',
        resourceId: user.id,
        status: 'failure',
        details: { reason: 'invalid code' },
      });
      throw badRequest(SECURITY_MESSAGES.invalidCode, 'code');
    }
    return { secretEncrypted: row.secretEncrypted, step };
  }

  /**
   * Turns the checked secret on inside the caller's transaction and answers new recovery codes. Only the secret the
   * code was checked against, and only once: a parallel confirmation loses with 409.
   */
  async confirm(tx: DbOrTx, userId: string, checked: FirstCode): Promise<string[]> {
    const [confirmed] = await tx
      .update(twoFactorSecrets)
      .set({ enabledAt: sql`now()`, lastUsedStep: checked.step })
      .where(
        and(
          eq(twoFactorSecrets.userId, userId),
          eq(twoFactorSecrets.secretEncrypted, checked.secretEncrypted),
          isNull(twoFactorSecrets.enabledAt),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    if (!confirmed) throw conflict(SECURITY_MESSAGES.alreadyEnabled);
    return this.replaceRecoveryCodes(tx, userId);
  }

  async disable(user: UserRow, currentPassword: string, ctx: AuditContext): Promise<void> {
    if (!(await this.isEnabled(this.db, user.id))) throw conflict(SECURITY_MESSAGES.notEnabled);
    await checkCurrentPassword(this.db, user, currentPassword, ctx, 'currentPassword', 'Current password is incorrect');
    await this.db.transaction(async (tx) => {
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await writeActivity(tx, ctx, { action: 'two_factor_disable', resource: 'auth', resourceId: user.id });
    });
  }

  /** New recovery codes for a staff member with two-factor on; the old ones stop working. */
  async regenerateRecoveryCodes(user: UserRow, currentPassword: string, ctx: AuditContext): Promise<string[]> {
    if (!(await this.isEnabled(this.db, user.id))) throw conflict(SECURITY_MESSAGES.notEnabled);
    await checkCurrentPassword(this.db, user, currentPassword, ctx, 'currentPassword', 'Current password is incorrect');
    return this.db.transaction(async (tx) => {
      // The secret's row is the lock: two parallel calls replace the codes one after the other, never leaving 20.
      const [row] = await tx
        .select({ enabledAt: twoFactorSecrets.enabledAt })
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, user.id))
        .for('update');
      if (!row?.enabledAt) throw conflict(SECURITY_MESSAGES.notEnabled);
      const codes = await this.replaceRecoveryCodes(tx, user.id);
      await writeActivity(tx, ctx, { action: 'two_factor_recovery_codes', resource: 'auth', resourceId: user.id });
      return codes;
    });
  }

  /**
   * Checks a sign-in code: a TOTP code of a time step not used before (one conditional UPDATE, so a code cannot be
   * replayed, even in parallel), or an unused recovery code (spent the same way). Answers how it matched, or null.
   */
  async verifyCode(db: DbOrTx, userId: string, code: string): Promise<'totp' | 'recovery_code' | null> {
    const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
    if (!row?.enabledAt) return null;
    const step = matchingStep(open(this.key, row.secretEncrypted), code);
    if (step !== null) {
      const [spent] = await db
        .update(twoFactorSecrets)
        .set({ lastUsedStep: step })
        .where(
          and(
            eq(twoFactorSecrets.userId, userId),
            or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
          ),
        )
        .returning({ userId: twoFactorSecrets.userId });
      return spent ? 'totp' : null;
    }
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashToken(normaliseRecoveryCode(code))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used ? 'recovery_code' : null;
  }

  private async replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)) })));
    return codes;
  }

  async settings(): Promise<SecuritySettings> {
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, REQUIRE_TWO_FACTOR_SETTING));
    return { requireTwoFactorForStaff: row?.value === true };
  }

  async updateSettings(input: SecuritySettings, ctx: AuditContext): Promise<SecuritySettings> {
    const before = await this.settings();
    await this.db.transaction(async (tx) => {
      await tx
        .insert(appSettings)
        .values({ key: REQUIRE_TWO_FACTOR_SETTING, value: input.requireTwoFactorForStaff })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: input.requireTwoFactorForStaff, updatedAt: sql`now()` },
        });
      await writeActivity(tx, ctx, {
        action: 'update_settings',
        resource: 'settings',
        resourceId: null,
        details: {
          changes: {
            requireTwoFactorForStaff: {
              before: before.requireTwoFactorForStaff,
              after: input.requireTwoFactorForStaff,
            },
          },
        },
      });
    });
    return input;
  }

  async findUser(userId: string): Promise<UserRow> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user?.isActive || user.deletedAt) throw unauthorized();
    return user;
  }
}
