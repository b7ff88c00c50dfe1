import { z } from 'zod';
import { publicUser } from '../auth.js';
import { endpoint, envelope, messageEnvelope } from '../contract.js';
import { idParams } from '../ids.js';
import {
  acceptInvitationInput,
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
      'Expired, used and revoked links answer a clear 4xx. When two-factor sign-in is required for staff, the ' +
      'first sign-in asks for its setup.',
    tag,
    access: 'public',
    body: acceptInvitationInput,
    bodyExample: { token: exampleToken, firstName: 'Jamie', lastName: 'Lee', password: 'correct-horse-battery' },
    responses: { 201: envelope(z.object({ user: publicUser })) },
    errors: [404, 409, 429],
  }),
};
