import { z } from 'zod';
import { publicUser } from '../auth.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  acceptInvitationInput,
  INVITATION_MESSAGES,
  invitationListData,
  invitationPreview,
  invitationPreviewQuery,
  invitationView,
  inviteStaffInput,
  listInvitationsQuery,
} from '../invitations.js';

const tag = 'invitations';
const params = idParams('invitation');
const invitationEnvelope = envelope(z.object({ invitation: invitationView }));
const exampleToken = 'q0Yx3f1c9a7e5b2d4c6e8a0b1d3f5a7c9e1bZ2k8Lm4';

/**
 * Staff invitations (issue 19 point 2): an admin invites a moderator or support member by e-mail; the mailed link
 * (single use, 72 h) lets them choose their own password. Only admins invite, list, resend and revoke.
 */
export const invitationContracts = {
  list: endpoint({
    operationId: 'listInvitations',
    method: 'GET',
    path: '/admin/invitations',
    summary: 'Pending (and expired, not yet revoked) staff invitations, newest first',
    description:
      'Accepted and revoked invitations are left out; each shows its e-mail, role, status, who invited and expiry.',
    tag,
    access: 'usersWrite',
    query: listInvitationsQuery,
    responses: { 200: envelope(invitationListData) },
  }),
  create: endpoint({
    operationId: 'inviteStaff',
    method: 'POST',
    path: '/admin/invitations',
    summary: 'Invite a moderator or support member by e-mail (the link is valid for 72 hours)',
    description:
      'Mails `$PUBLIC_URL/accept-invitation?token=…` through the mail outbox; the token is never stored or logged, ' +
      `only its hash. 409 "${INVITATION_MESSAGES.emailTaken}" or 409 "${INVITATION_MESSAGES.alreadyPending}"; ` +
      `400 "${INVITATION_MESSAGES.role}" for another role. Recorded in the activity log.`,
    tag,
    access: 'usersWrite',
    body: inviteStaffInput,
    bodyExample: { email: 'jamie@example.com', role: 'support' },
    responses: { 201: invitationEnvelope },
    errors: [409],
  }),
  resend: endpoint({
    operationId: 'resendInvitation',
    method: 'POST',
    path: '/admin/invitations/:id/resend',
    summary: 'Mail a new link (valid 72 hours from now); the previous link stops working',
    description:
      `Also for an expired invitation. 409 "${INVITATION_MESSAGES.used}" or 409 "${INVITATION_MESSAGES.revoked}"; ` +
      `404 "${INVITATION_MESSAGES.notFound}". Recorded in the activity log.`,
    tag,
    access: 'usersWrite',
    params,
    responses: { 200: invitationEnvelope },
    errors: [404, 409],
  }),
  revoke: endpoint({
    operationId: 'revokeInvitation',
    method: 'DELETE',
    path: '/admin/invitations/:id',
    summary: 'Revoke a pending invitation: its link stops working',
    description:
      `409 "${INVITATION_MESSAGES.used}" or 409 "${INVITATION_MESSAGES.revoked}"; 404 ` +
      `"${INVITATION_MESSAGES.notFound}". Recorded in the activity log.`,
    tag,
    access: 'usersWrite',
    params,
    responses: { 200: messageEnvelope },
    errors: [404, 409],
  }),
  preview: endpoint({
    operationId: 'previewInvitation',
    method: 'GET',
    path: '/invitations/preview',
    summary: 'What an invitation link is for (e-mail, role, expiry), or why it no longer works',
    description:
      `An unknown token answers 404 "${INVITATION_MESSAGES.invalidLink}"; an expired link 400 ` +
      `"${INVITATION_MESSAGES.expired}", a revoked one 400 "${INVITATION_MESSAGES.revoked}", a used one 409 ` +
      `"${INVITATION_MESSAGES.used}".`,
    tag,
    access: 'public',
    query: invitationPreviewQuery,
    responses: { 200: envelope(invitationPreview) },
    errors: [404, 409],
  }),
  accept: endpoint({
    operationId: 'acceptInvitation',
    method: 'POST',
    path: '/invitations/accept',
    summary: 'Accept an invitation: choose a name and password; the link is spent',
    description:
      'Expired, used and revoked links answer as the preview does; of parallel accepts one wins, the others get 409. ' +
      'The password follows the registration rules. The staff account is created with the invited role; its ' +
      'first sign-in asks for two-factor setup when that is required for staff. Recorded in the activity log.',
    tag,
    access: 'public',
    body: acceptInvitationInput,
    bodyExample: { token: exampleToken, firstName: 'Jamie', lastName: 'Lee', password: 'correct-horse-battery' },
    responses: { 201: envelope(z.object({ user: publicUser })) },
    errors: [404, 409, 429],
  }),
};
