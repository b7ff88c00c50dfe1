import { z } from 'zod';
import { pageQuery, paginationView } from './api.js';
import { emailSchema, passwordSchema, personNameSchema } from './auth.js';
import { CREATABLE_STAFF_ROLES } from './constants.js';

/** Staff invitations (issue 19 point 2): the rules server and web share. */
export const INVITATIONS = {
  /** How long an invitation link stays valid (also after a resend, counted from the resend). */
  ttlMs: 72 * 60 * 60 * 1000,
  ttlHours: 72,
  /** The Pending invitations card's page size. */
  pageSize: 10,
  /** The web page the mailed link opens: `${PUBLIC_URL}${acceptPath}?token=…`. */
  acceptPath: '/accept-invitation',
} as const;

export const INVITATION_MESSAGES = {
  invalidLink: 'This invitation link is not valid. Ask an admin to send you a new one.',
  expired: 'This invitation has expired. Ask an admin to send you a new one.',
  used: 'This invitation has already been used. Sign in with the password you chose.',
  revoked: 'This invitation has been revoked. Ask an admin if you still need access.',
  alreadyPending: 'An invitation for this email is already pending. Resend it from Pending invitations instead.',
  emailTaken: 'An account with this email already exists',
  role: 'Only moderator and support members can be invited.',
  notFound: 'Invitation not found',
  sent: 'Invitation sent',
  resent: 'Invitation sent again. The previous link no longer works.',
  revokedDone: 'Invitation revoked',
  accepted: 'Your account is ready. Sign in with your new password.',
} as const;

/** What an invitation is now: only `pending` can be accepted; admins may resend or revoke pending and expired ones. */
export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export function invitationStatus(
  row: { acceptedAt: Date | string | null; revokedAt: Date | string | null; expiresAt: Date | string },
  now: Date = new Date(),
): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return new Date(row.expiresAt).getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The message a link in that state answers (accept and preview); `pending` has none. */
export function deadInvitationMessage(status: Exclude<InvitationStatus, 'pending'>): string {
  return {
    expired: INVITATION_MESSAGES.expired,
    accepted: INVITATION_MESSAGES.used,
    revoked: INVITATION_MESSAGES.revoked,
  }[status];
}

const tokenSchema = z
  .string({ error: 'Invitation token is required' })
  .trim()
  .min(1, 'Invitation token is required')
  .max(512, INVITATION_MESSAGES.invalidLink);

export const inviteStaffInput = z.object({
  email: emailSchema,
  role: z.enum(CREATABLE_STAFF_ROLES, { error: INVITATION_MESSAGES.role }).default('support'),
});
export type InviteStaffInput = z.input<typeof inviteStaffInput>;
export type InviteStaffData = z.output<typeof inviteStaffInput>;

/** The invitee's own name and password (the spec's password rules: the shared password schema). */
export const acceptInvitationInput = z.object({
  token: tokenSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  password: passwordSchema,
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;
export type AcceptInvitationData = z.output<typeof acceptInvitationInput>;

export const invitationPreviewQuery = z.object({ token: tokenSchema });

/** What the accept page shows before the invitee chooses a password. */
export const invitationPreview = z.object({
  email: z.string(),
  role: z.enum(CREATABLE_STAFF_ROLES),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const listInvitationsQuery = pageQuery(INVITATIONS.pageSize);
export type ListInvitationsQuery = z.input<typeof listInvitationsQuery>;

export const invitationView = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  role: z.enum(CREATABLE_STAFF_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

export const invitationListData = z.object({ invitations: z.array(invitationView), pagination: paginationView });
export type InvitationListData = z.infer<typeof invitationListData>;
