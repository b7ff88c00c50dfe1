import {
  customerTier,
  isStaffRole,
  type LoginInput,
  type PublicUser,
  SECURITY_MESSAGES,
  TWO_FACTOR,
  type TwoFactorChallenge,
  type TwoFactorSetup,
} from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { AppError, conflict, unauthorized } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import type { AccessTokens, ChallengePurpose, ChallengeTokens } from '../../lib/jwt.js';
import { queueMail } from '../../lib/mail.js';

/** Where a customer's account pages live in the storefront (apps/shop, served at /shop). */
const SHOP_ACCOUNT_PATH = '/shop/account';

import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { claimLoginAttempt, clearLoginFailures } from '../credentials/index.js';
import type { TwoFactorService } from '../two-factor/index.js';
import { createMailToken, lockUserByEmail, mayMailToken, revokeMailTokens, spendMailToken } from './mail-tokens.js';
import {
  type Device,
  familyOfToken,
  issueRefreshToken,
  lockSession,
  revokeAllForUser,
  revokeFamily,
  spendRefreshToken,
  startRefreshFamily,
} from './refresh-tokens.js';
import type { IssuedTokens } from './session-transport.js';
import { revokeUserSessions } from './sessions.js';
import { toPublicUser } from './user-view.js';

/** A new sign-in as issued: the route decides where its refresh token goes (cookie or body, session-transport). */
export type IssuedSession = { user: PublicUser; tokens: IssuedTokens };

const INVALID_CREDENTIALS = 'Invalid email or password';
const DEACTIVATED = 'Your account has been deactivated. Please contact support.';
/** The one thing registration tells about an existing account: the same answer whatever its role or state. */
const EMAIL_TAKEN = 'An account with this email already exists';
const RESET_TTL_MS = 60 * 60 * 1000;
const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for this email, a password reset link has been sent.';
export const RESEND_VERIFICATION_ANSWER =
  'If an unverified account exists for this email, a verification link has been sent.';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly publicUrl: string,
    private readonly twoFactor: TwoFactorService,
    private readonly challenges: ChallengeTokens,
  ) {}

  private async startSession(db: DbOrTx, user: typeof users.$inferSelect, device: Device): Promise<IssuedSession> {
    const { sessionId, refreshToken, expiresAt } = await startRefreshFamily(db, user.id, device);
    const accessToken = await this.accessTokens.sign(user.id, user.role, sessionId);
    return { user: toPublicUser(user), tokens: { accessToken, refreshToken, expiresAt } };
  }

  /**
   * The attempt is claimed (and counted as a failure) before the password is checked; only a correct password on an
   * active account clears it. A deactivated account answers the same whatever the password, so the answer never
   * tells whether a guessed password was right. When a second step is due (two-factor on, or required and not yet
   * set up) the answer is a challenge instead, and the claimed attempt stays counted until that step succeeds: the
   * password and the codes share one throttle, so knowing the password buys no extra code guesses.
   */
  async login(input: LoginInput, ctx: AuditContext): Promise<IssuedSession | TwoFactorChallenge> {
    const ip = ctx.ip ?? 'unknown';
    await claimLoginAttempt(this.db, input.email, ip);
    const [user] = await this.db.select().from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || user.deletedAt || (user.isActive && !passwordOk)) {
      await this.logFailedLogin(ctx, input.email, user?.id, 'invalid credentials');
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!user.isActive) {
      await this.logFailedLogin(ctx, user.email, user.id, 'account deactivated');
      throw new AppError(403, 'ACCOUNT_DEACTIVATED', DEACTIVATED);
    }
    const step = await this.secondStepDue(user);
    if (step) {
      await writeActivity(
        this.db,
        { ...ctx, userId: user.id, userEmail: user.email },
        { action: 'login_password', resource: 'auth', resourceId: user.id, details: { next: `two_factor_${step}` } },
      );
      const challengeToken = await this.challenges.sign(user.id, step, TWO_FACTOR.challengeTtlMs);
      const expiresAt = new Date(Date.now() + TWO_FACTOR.challengeTtlMs).toISOString();
      return { twoFactor: { step, challengeToken, expiresAt } };
    }
    return this.completeLogin(user, ctx, {});
  }

  private async secondStepDue(user: typeof users.$inferSelect): Promise<ChallengePurpose | null> {
    if (!isStaffRole(user.role)) return null;
    if (await this.twoFactor.isEnabled(this.db, user.id)) return 'verify';
    return (await this.twoFactor.settings()).requireTwoFactorForStaff ? 'setup' : null;
  }

  /** The second step: an authenticator code or a recovery code; wrong ones count toward the sign-in throttle. */
  async loginWithCode(challengeToken: string, code: string, ctx: AuditContext): Promise<IssuedSession> {
    const user = await this.challengedUser(challengeToken, 'verify');
    await claimLoginAttempt(this.db, user.email.toLowerCase(), ctx.ip ?? 'unknown');
    const method = await this.twoFactor.verifyCode(this.db, user.id, code);
    if (!method) {
      await this.logFailedLogin(ctx, user.email, user.id, 'invalid two-factor code');
      throw unauthorized(SECURITY_MESSAGES.invalidCode);
    }
    return this.completeLogin(user, ctx, { twoFactor: method });
  }

  /** Two-factor is required but not set up yet: the setup, authorised by the sign-in challenge. */
  async startRequiredSetup(challengeToken: string, ctx: AuditContext): Promise<TwoFactorSetup> {
    const user = await this.challengedUser(challengeToken, 'setup');
    return this.twoFactor.startSetup(user, { ...ctx, userId: user.id, userEmail: user.email });
  }

  /** Finishes the required setup with a first code: the recovery codes and the session. */
  async finishRequiredSetup(challengeToken: string, code: string, ctx: AuditContext) {
    const user = await this.challengedUser(challengeToken, 'setup');
    const actor = { ...ctx, userId: user.id, userEmail: user.email };
    await claimLoginAttempt(this.db, user.email.toLowerCase(), ctx.ip ?? 'unknown');
    const checked = await this.twoFactor.checkFirstCode(user, code, actor);
    // Turning it on and signing in are one operation with one log row (the login, marked as a setup).
    return this.db.transaction(async (tx) => {
      const recoveryCodes = await this.twoFactor.confirm(tx, user.id, checked);
      return { ...(await this.completeLoginIn(tx, user, ctx, { twoFactor: 'setup' })), recoveryCodes };
    });
  }

  private async challengedUser(token: string, purpose: ChallengePurpose) {
    const claims = await this.challenges.verify(token, purpose);
    const [user] = claims ? await this.db.select().from(users).where(eq(users.id, claims.userId)) : [];
    // A password change or deactivation since the first step voids the challenge.
    const revoked = user?.tokensRevokedAt && claims && claims.iatMs < user.tokensRevokedAt.getTime();
    if (!user?.isActive || user.deletedAt || revoked) throw unauthorized(SECURITY_MESSAGES.challengeExpired);
    return user;
  }

  private completeLogin(user: typeof users.$inferSelect, ctx: AuditContext, details: Record<string, unknown>) {
    return this.db.transaction((tx) => this.completeLoginIn(tx, user, ctx, details));
  }

  private async completeLoginIn(
    tx: Tx,
    user: typeof users.$inferSelect,
    ctx: AuditContext,
    details: Record<string, unknown>,
  ) {
    const [updated] = await tx.update(users).set({ lastLogin: sql`now()` }).where(eq(users.id, user.id)).returning();
    await clearLoginFailures(tx, user.email.toLowerCase());
    await writeActivity(
      tx,
      { ...ctx, userId: user.id, userEmail: user.email },
      {
        action: 'login',
        resource: 'auth',
        resourceId: user.id,
        details: { email: user.email, role: user.role, ...details },
      },
    );
    return this.startSession(tx, updated!, ctx);
  }

  private async logFailedLogin(ctx: AuditContext, email: string, userId: string | undefined, reason: string) {
    await writeActivity(
      this.db,
      { ...ctx, userId: userId ?? null, userEmail: email },
      {
        action: 'login',
        resource: 'auth',
        resourceId: userId,
        status: 'failure',
        details: { email, reason },
      },
    );
  }

  async register(
    input: { email: string; password: string; firstName: string; lastName: string },
    ctx: AuditContext,
  ): Promise<IssuedSession> {
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email}`);
      if (existing) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
      // A parallel registration of the same address may commit between the check and the insert: the unique index
      // decides and the loser gets the same answer.
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'customer',
        })
        .onConflictDoNothing()
        .returning();
      if (!user) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
      // The customer's back-office view (customers module): a new account has no orders yet.
      const customer = { ...toPublicUser(user), orderCount: 0, totalSpent: 0, tier: customerTier(0) };
      await recordEvent(tx, { type: 'customer.created', objectId: user.id, data: customer });
      await this.sendVerification(tx, user);
      await writeActivity(
        tx,
        { ...ctx, userId: user.id, userEmail: user.email },
        { action: 'register', resource: 'user', resourceId: user.id, details: { email: user.email } },
      );
      return this.startSession(tx, user, ctx);
    });
  }

  async refresh(refreshToken: string, device: Device): Promise<IssuedTokens> {
    const result = await this.db.transaction(async (tx) => {
      // Session before its tokens, the order ending a session takes too: a refresh racing an "end session" waits
      // instead of deadlocking with it.
      const family = await familyOfToken(tx, refreshToken);
      if (family) await lockSession(tx, family.familyId);
      const spent = await spendRefreshToken(tx, refreshToken);
      if (spent.kind === 'reused') {
        await revokeFamily(tx, spent.familyId);
        return null;
      }
      if (spent.kind === 'invalid') return null;
      const [user] = await tx.select().from(users).where(eq(users.id, spent.userId));
      if (!user?.isActive) {
        await revokeFamily(tx, spent.familyId);
        return null;
      }
      const next = await issueRefreshToken(tx, user.id, { id: spent.familyId, expiresAt: spent.expiresAt }, device);
      const accessToken = await this.accessTokens.sign(user.id, user.role, spent.familyId);
      return { accessToken, refreshToken: next, expiresAt: spent.expiresAt };
    });
    if (!result) throw unauthorized('Invalid or expired refresh token');
    return result;
  }

  /**
   * Ends the session of the given refresh token (holding it is the proof: the browser's cookie needs no access token),
   * or, without a known one, every session of the signed-in caller. With neither there is nothing to end.
   */
  async logout(caller: AuditContext, refreshToken: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      const family = refreshToken ? await familyOfToken(tx, refreshToken) : null;
      if (family) await revokeFamily(tx, family.familyId);
      else if (caller.userId) await revokeAllForUser(tx, caller.userId);
      const userId = family?.userId ?? caller.userId;
      if (!userId) return;
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      await writeActivity(
        tx,
        { ...caller, userId, userEmail: user?.email ?? null },
        { action: 'logout', resource: 'auth', resourceId: userId },
      );
    });
  }

  async currentUser(userId: string): Promise<PublicUser> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized();
    return toPublicUser(user);
  }

  /**
   * Mails a reset link unless the account already had MAIL_TOKENS_PER_HOUR of them in the last hour; the answer is
   * the same either way, so the throttle reveals nothing about the account. A new link invalidates the older ones.
   */
  async forgotPassword(email: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await lockUserByEmail(tx, email);
      if (!user?.isActive || user.deletedAt) return;
      if (!(await mayMailToken(tx, user.id, 'password_reset'))) return;
      await revokeMailTokens(tx, user.id, 'password_reset');
      const token = await createMailToken(tx, user.id, 'password_reset', RESET_TTL_MS);
      await queueMail(tx, {
        to: user.email,
        kind: 'password_reset',
        subject: 'Reset your Seamline password',
        body: `Hello ${user.firstName},\n\nReset your password within one hour: ${this.mailLink(user, 'reset-password', token)}\n\nIf you did not ask for this, ignore this message.`,
      });
      await writeActivity(
        tx,
        { ...ctx, userId: user.id, userEmail: user.email },
        { action: 'password_reset_request', resource: 'auth', resourceId: user.id },
      );
    });
  }

  async resetPassword(token: string, password: string, ctx: AuditContext): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      const userId = await spendMailToken(tx, token, 'password_reset');
      if (!userId) throw new AppError(400, 'INVALID_TOKEN', 'Invalid or expired reset token');
      const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
      await revokeUserSessions(tx, userId);
      await writeActivity(
        tx,
        { ...ctx, userId, userEmail: user?.email ?? null },
        { action: 'password_reset', resource: 'auth', resourceId: userId },
      );
    });
  }

  async verifyEmail(token: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const userId = await spendMailToken(tx, token, 'email_verification');
      if (!userId) throw new AppError(400, 'INVALID_TOKEN', 'Invalid or expired verification token');
      const [user] = await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId)).returning();
      await writeActivity(
        tx,
        { ...ctx, userId, userEmail: user?.email ?? null },
        { action: 'verify_email', resource: 'auth', resourceId: userId },
      );
    });
  }

  async resendVerification(email: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const user = await lockUserByEmail(tx, email);
      if (!user || user.emailVerified || !user.isActive) return;
      if (!(await mayMailToken(tx, user.id, 'email_verification'))) return;
      await this.sendVerification(tx, user);
    });
  }

  private async sendVerification(db: DbOrTx, user: typeof users.$inferSelect): Promise<void> {
    const token = await createMailToken(db, user.id, 'email_verification', VERIFY_TTL_MS);
    await queueMail(db, {
      to: user.email,
      kind: 'email_verification',
      subject: 'Verify your Seamline e-mail address',
      body: `Hello ${user.firstName},\n\nConfirm your e-mail address within 24 hours: ${this.mailLink(user, 'verify-email', token)}`,
    });
  }

  /** Customers finish in the storefront's account pages; staff in the back office's pages of the same name. */
  private mailLink(user: Pick<typeof users.$inferSelect, 'role'>, page: string, token: string): string {
    const where = user.role === 'customer' ? `${SHOP_ACCOUNT_PATH}/${page}` : `/${page}`;
    return `${this.publicUrl}${where}?token=${token}`;
  }
}
