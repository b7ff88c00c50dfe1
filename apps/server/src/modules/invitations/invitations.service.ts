import {
  type AcceptInvitationData,
  deadInvitationMessage,
  INVITATION_MESSAGES,
  INVITATIONS,
  type InvitationListData,
  type InvitationPreview,
  type InvitationStatus,
  type InvitationView,
  type InviteStaffData,
  invitationStatus,
  type ListInvitationsQuery,
  type PublicUser,
  pagination,
} from '@seamline/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { staffInvitations, users } from '../../db/schema/index.js';
import { type AuditContext, createdFields, writeActivity } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { queueMail } from '../../lib/mail.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken, newOpaqueToken } from '../../lib/secrets.js';
import { toPublicUser } from '../auth/index.js';
import { isUniqueViolation } from '../users/index.js';

type InvitationRow = typeof staffInvitations.$inferSelect;
type Inviter = { id: string; email: string; firstName: string; lastName: string } | null;

/** Neither accepted nor revoked (it may have expired): the ones admins see, resend and revoke. */
const isOpen = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt));
const sameEmail = (email: string) => sql`lower(${staffInvitations.email}) = ${email.toLowerCase()}`;

const emailTaken = () => conflict(INVITATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');

/** Why a mailed link no longer works, as the invitee sees it. */
function deadLink(status: Exclude<InvitationStatus, 'pending'>): AppError {
  const message = deadInvitationMessage(status);
  if (status === 'accepted') return new AppError(409, 'INVITATION_USED', message);
  return new AppError(400, status === 'expired' ? 'INVITATION_EXPIRED' : 'INVITATION_REVOKED', message);
}

/** Why an admin can no longer resend or revoke it. */
function closed(status: 'accepted' | 'revoked'): AppError {
  return status === 'accepted'
    ? conflict(INVITATION_MESSAGES.used, 'INVITATION_USED')
    : conflict(INVITATION_MESSAGES.revoked, 'INVITATION_REVOKED');
}

function toView(row: InvitationRow, inviter: Inviter): InvitationView {
  return {
    _id: row.id,
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatus(row),
    invitedBy: inviter,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Staff invitations. Every operation is one transaction that also writes its activity-log row (and, for invite and
 * resend, its mail in the outbox); the token is mailed and never stored (only its SHA-256) nor logged.
 */
export class InvitationsService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async list(query: ListInvitationsQuery & { page: number; limit: number }): Promise<InvitationListData> {
    const rows = await this.db
      .select({
        invitation: staffInvitations,
        inviter: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(staffInvitations)
      .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
      .where(isOpen)
      .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await this.db.select({ value: count() }).from(staffInvitations).where(isOpen);
    return {
      invitations: rows.map((r) => toView(r.invitation, r.inviter?.id ? r.inviter : null)),
      pagination: pagination(query.page, query.limit, total?.value ?? 0),
    };
  }

  async invite(input: InviteStaffData, ctx: AuditContext): Promise<InvitationView> {
    try {
      return await this.db.transaction(async (tx) => {
        await this.refuseExistingAccount(tx, input.email);
        const [open] = await tx
          .select()
          .from(staffInvitations)
          .where(and(isOpen, sameEmail(input.email)))
          .for('update');
        let replaced: string | undefined;
        if (open) {
          if (invitationStatus(open) === 'pending')
            throw conflict(INVITATION_MESSAGES.alreadyPending, 'INVITATION_PENDING');
          // An expired invitation does not block a new one: it is closed (revoked) and replaced.
          await tx.update(staffInvitations).set({ revokedAt: sql`now()` }).where(eq(staffInvitations.id, open.id));
          replaced = open.id;
        }
        const token = newOpaqueToken();
        const [row] = await tx
          .insert(staffInvitations)
          .values({
            email: input.email,
            role: input.role,
            tokenHash: hashToken(token),
            invitedBy: ctx.userId,
            expiresAt: new Date(Date.now() + INVITATIONS.ttlMs),
          })
          .returning();
        const invitation = row!;
        await this.mailLink(tx, invitation, token, ctx);
        await writeActivity(tx, ctx, {
          action: 'invite',
          resource: 'invitation',
          resourceId: invitation.id,
          details: {
            email: invitation.email,
            changes: createdFields({ email: invitation.email, role: invitation.role }),
            expiresAt: invitation.expiresAt.toISOString(),
            ...(replaced ? { replacedExpiredInvitation: replaced } : {}),
          },
        });
        return toView(invitation, await this.inviter(tx, ctx.userId));
      });
    } catch (error) {
      // Two admins inviting one address at once: the partial unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw conflict(INVITATION_MESSAGES.alreadyPending, 'INVITATION_PENDING');
      throw error;
    }
  }

  /** A new token and 72 hours from now; the old link is dead from this commit on. */
  async resend(id: string, ctx: AuditContext): Promise<InvitationView> {
    return this.db.transaction(async (tx) => {
      const current = await this.lockOpen(tx, id);
      await this.refuseExistingAccount(tx, current.email);
      const token = newOpaqueToken();
      const [row] = await tx
        .update(staffInvitations)
        .set({ tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATIONS.ttlMs) })
        .where(eq(staffInvitations.id, id))
        .returning();
      const invitation = row!;
      await this.mailLink(tx, invitation, token, ctx);
      await writeActivity(tx, ctx, {
        action: 'resend_invitation',
        resource: 'invitation',
        resourceId: id,
        details: {
          email: invitation.email,
          role: invitation.role,
          changes: {
            expiresAt: { before: current.expiresAt.toISOString(), after: invitation.expiresAt.toISOString() },
          },
        },
      });
      return toView(invitation, await this.inviter(tx, invitation.invitedBy));
    });
  }

  async revoke(id: string, ctx: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await this.lockOpen(tx, id);
      await tx.update(staffInvitations).set({ revokedAt: sql`now()` }).where(eq(staffInvitations.id, id));
      await writeActivity(tx, ctx, {
        action: 'revoke_invitation',
        resource: 'invitation',
        resourceId: id,
        details: {
          email: current.email,
          role: current.role,
          changes: { status: { before: invitationStatus(current), after: 'revoked' } },
        },
      });
    });
  }

  /** What a link is for; a dead link answers why. */
  async preview(token: string): Promise<InvitationPreview> {
    const row = await this.byToken(this.db, token);
    return { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * Spends the link with one conditional UPDATE (of parallel accepts exactly one finds it open; the others find it
   * used and get 409) and creates the staff account in the same transaction. The password is hashed only for a link
   * that was alive a moment before, so dead links cost no hashing.
   */
  async accept(input: AcceptInvitationData, ctx: AuditContext): Promise<PublicUser> {
    await this.byToken(this.db, input.token);
    const passwordHash = await hashPassword(input.password);
    return this.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(staffInvitations)
        .set({ acceptedAt: sql`now()` })
        .where(
          and(
            eq(staffInvitations.tokenHash, hashToken(input.token)),
            isOpen,
            sql`${staffInvitations.expiresAt} > now()`,
          ),
        )
        .returning();
      if (!spent) {
        // Someone else spent, revoked or replaced it meanwhile: answer why (byToken throws for every dead state).
        await this.byToken(tx, input.token);
        throw deadLink('expired');
      }
      const [user] = await tx
        .insert(users)
        .values({
          email: spent.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: spent.role,
          // The invitee proved the address by opening the mailed link.
          emailVerified: true,
        })
        .onConflictDoNothing()
        .returning();
      // An account made for that address since the invitation (e.g. a customer sign-up) keeps it; the link stays open.
      if (!user) throw emailTaken();
      await writeActivity(
        tx,
        { ...ctx, userId: user.id, userEmail: user.email },
        {
          action: 'accept_invitation',
          resource: 'invitation',
          resourceId: spent.id,
          details: { email: user.email, role: user.role, userId: user.id, invitedBy: spent.invitedBy },
        },
      );
      return toPublicUser(user);
    });
  }

  private async byToken(db: DbOrTx, token: string): Promise<InvitationRow> {
    const [row] = await db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashToken(token)));
    if (!row) throw notFound(INVITATION_MESSAGES.invalidLink);
    const status = invitationStatus(row);
    if (status !== 'pending') throw deadLink(status);
    return row;
  }

  private async lockOpen(tx: DbOrTx, id: string): Promise<InvitationRow> {
    const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
    if (!row) throw notFound(INVITATION_MESSAGES.notFound);
    const status = invitationStatus(row);
    if (status === 'accepted' || status === 'revoked') throw closed(status);
    return row;
  }

  private async refuseExistingAccount(db: DbOrTx, email: string): Promise<void> {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    if (existing) throw emailTaken();
  }

  private async inviter(db: DbOrTx, userId: string | null): Promise<Inviter> {
    if (!userId) return null;
    const [row] = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  private async mailLink(db: DbOrTx, invitation: InvitationRow, token: string, ctx: AuditContext): Promise<void> {
    const link = `${this.publicUrl}${INVITATIONS.acceptPath}?token=${token}`;
    const by = ctx.userEmail ? ` by ${ctx.userEmail}` : '';
    await queueMail(db, {
      to: invitation.email,
      kind: 'staff_invitation',
      subject: 'You are invited to the Seamline back office',
      body: `Hello,\n\nYou have been invited${by} to join the Seamline back office as ${invitation.role}.\n\nChoose your password within ${INVITATIONS.ttlHours} hours: ${link}\n\nThe link works once. If you did not expect this, ignore this message.`,
    });
  }
}
