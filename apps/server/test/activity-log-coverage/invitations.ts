import { call } from '../harness.js';
import { dataOf, mailedToken, type ScenarioTable } from './types.js';

const INVITEE_PASSWORD = 'Coverage-Invitee-Pass-9';
let seq = 0;
const inviteeEmail = () => `coverage-invitee-${++seq}-${Date.now()}@example.com`;

type Invited = { invitation: { id: string } };

/** Staff invitations: invite, resend and revoke (admins), and the invitee's accept (public, logged as them). */
export const invitationsScenarios: ScenarioTable = {
  'POST /api/admin/invitations': async ({ app, staff }) => {
    const admin = await staff('admin');
    const body = { email: inviteeEmail(), role: 'moderator' };
    return {
      call: () => call(app, 'POST', '/api/admin/invitations', { token: admin.token, body }),
      expected: (res) => ({
        userId: admin.user.id,
        action: 'invite',
        resource: 'invitation',
        resourceId: dataOf<Invited>(res).invitation.id,
        changes: ['email', 'role'],
      }),
    };
  },
  'POST /api/admin/invitations/:id/resend': async ({ app, staff }) => {
    const admin = await staff('admin');
    const email = inviteeEmail();
    const sent = await call(app, 'POST', '/api/admin/invitations', { token: admin.token, body: { email } });
    const { id } = dataOf<Invited>(sent).invitation;
    const oldToken = await mailedToken(app, email);
    return {
      call: () => call(app, 'POST', `/api/admin/invitations/${id}/resend`, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'resend_invitation',
        resource: 'invitation',
        resourceId: id,
        changes: ['expiresAt'],
      }),
      secrets: [oldToken],
    };
  },
  'DELETE /api/admin/invitations/:id': async ({ app, staff }) => {
    const admin = await staff('admin');
    const email = inviteeEmail();
    const sent = await call(app, 'POST', '/api/admin/invitations', { token: admin.token, body: { email } });
    const { id } = dataOf<Invited>(sent).invitation;
    const token = await mailedToken(app, email);
    return {
      call: () => call(app, 'DELETE', `/api/admin/invitations/${id}`, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'revoke_invitation',
        resource: 'invitation',
        resourceId: id,
        changes: ['status'],
      }),
      secrets: [token],
    };
  },
  'POST /api/invitations/accept': async ({ app, staff }) => {
    const admin = await staff('admin');
    const email = inviteeEmail();
    const sent = await call(app, 'POST', '/api/admin/invitations', {
      token: admin.token,
      body: { email, role: 'support' },
    });
    const { id } = dataOf<Invited>(sent).invitation;
    const token = await mailedToken(app, email);
    return {
      call: () =>
        call(app, 'POST', '/api/invitations/accept', {
          body: { token, firstName: 'Cora', lastName: 'Invitee', password: INVITEE_PASSWORD },
        }),
      expected: (res) => ({
        userId: dataOf<{ user: { id: string } }>(res).user.id,
        action: 'accept_invitation',
        resource: 'invitation',
        resourceId: id,
      }),
      secrets: [token, INVITEE_PASSWORD],
    };
  },
};
