import { z } from 'zod';
import { sessionClientHeaders, sessionView } from '../auth.js';
import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { idParams, objectIdParam } from '../id-params.js';
import {
  challengeInput,
  disableTwoFactorInput,
  enableTwoFactorInput,
  recoveryCodesData,
  regenerateRecoveryCodesInput,
  SECURITY_MESSAGES,
  securitySettings,
  securitySettingsInput,
  sessionListData,
  twoFactorLoginInput,
  twoFactorSetup,
  twoFactorStatus,
} from '../staff-security.js';

const exampleToken = '3f1c9a7e5b2d4c6e8a0b1d3f5a7c9e1b';
const sessionParams = idParams('session');
const userSessionParams = z.object({ id: objectIdParam('user'), sessionId: objectIdParam('session') });

/** The signed-in user's own sessions (refresh-token families), and an admin's view of a staff member's. */
export const sessionContracts = {
  list: endpoint({
    operationId: 'listMySessions',
    method: 'GET',
    path: '/auth/sessions',
    summary: 'Active sessions of the signed-in user (device, address, created, last used)',
    description: 'One session per sign-in; `current` marks the one this request was made with.',
    tag: 'sessions',
    access: 'authenticated',
    responses: { 200: envelope(sessionListData) },
  }),
  end: endpoint({
    operationId: 'endMySession',
    method: 'DELETE',
    path: '/auth/sessions/:id',
    summary: 'End one session: its refresh token is refused and its access token stops working',
    description:
      `Only your own sessions: someone else's answers the same 404 "${SECURITY_MESSAGES.sessionNotFound}" as a ` +
      'missing one. Recorded in the activity log.',
    tag: 'sessions',
    access: 'authenticated',
    params: sessionParams,
    responses: { 200: messageEnvelope },
    errors: [404],
  }),
  endOthers: endpoint({
    operationId: 'endMyOtherSessions',
    method: 'DELETE',
    path: '/auth/sessions',
    summary: 'End every session of the signed-in user except this one',
    description: 'The message says how many sessions ended. Recorded in the activity log.',
    tag: 'sessions',
    access: 'authenticated',
    responses: { 200: messageEnvelope },
  }),
  listForUser: endpoint({
    operationId: 'listUserSessions',
    method: 'GET',
    path: '/admin/users/:id/sessions',
    summary: "A staff member's active sessions",
    description: `The User Management screen's Sessions. A customer or unknown id answers 404 "User not found".`,
    tag: 'sessions',
    access: 'usersWrite',
    params: idParams('user'),
    responses: { 200: envelope(sessionListData) },
    errors: [404],
  }),
  endForUser: endpoint({
    operationId: 'endUserSession',
    method: 'DELETE',
    path: '/admin/users/:id/sessions/:sessionId',
    summary: "End one of a staff member's sessions",
    description:
      `404 "User not found" for a customer or unknown user, 404 "${SECURITY_MESSAGES.sessionNotFound}" for a ` +
      "session that is not this user's live one. Recorded in the activity log.",
    tag: 'sessions',
    access: 'usersWrite',
    params: userSessionParams,
    responses: { 200: messageEnvelope },
    errors: [404],
  }),
  endAllForUser: endpoint({
    operationId: 'endAllUserSessions',
    method: 'DELETE',
    path: '/admin/users/:id/sessions',
    summary: 'End every session of a staff member',
    description:
      'The message says how many sessions ended. 404 "User not found" for a customer or unknown user. Recorded in ' +
      'the activity log.',
    tag: 'sessions',
    access: 'usersWrite',
    params: idParams('user'),
    responses: { 200: messageEnvelope },
    errors: [404],
  }),
};

const tag = 'two-factor';

/** Two-factor sign-in with an authenticator app (TOTP) for staff. */
export const twoFactorContracts = {
  status: endpoint({
    operationId: 'getTwoFactorStatus',
    method: 'GET',
    path: '/auth/two-factor',
    summary: 'Whether two-factor sign-in is on for the signed-in staff member, and recovery codes left',
    description: '`required` tells whether an admin requires two-factor sign-in for all staff.',
    tag,
    access: 'staff',
    responses: { 200: envelope(twoFactorStatus) },
  }),
  setup: endpoint({
    operationId: 'startTwoFactorSetup',
    method: 'POST',
    path: '/auth/two-factor/setup',
    summary: 'Start setup: a new secret and its QR code (confirmed by the first code)',
    description:
      'The secret stays unconfirmed until POST /auth/two-factor/enable; a second call replaces it. ' +
      `409 "${SECURITY_MESSAGES.alreadyEnabled}".`,
    tag,
    access: 'staff',
    responses: { 200: envelope(twoFactorSetup) },
    errors: [409],
  }),
  enable: endpoint({
    operationId: 'enableTwoFactor',
    method: 'POST',
    path: '/auth/two-factor/enable',
    summary: 'Confirm setup with a first code; answers the 10 recovery codes, shown this once',
    description:
      `400 "${SECURITY_MESSAGES.invalidCode}" for a wrong code; 409 "${SECURITY_MESSAGES.setupFirst}" without a ` +
      `setup, 409 "${SECURITY_MESSAGES.alreadyEnabled}" when it is on. Recorded in the activity log.`,
    tag,
    access: 'staff',
    body: enableTwoFactorInput,
    bodyExample: { code: '123456' },
    responses: { 200: envelope(recoveryCodesData) },
    errors: [409],
  }),
  disable: endpoint({
    operationId: 'disableTwoFactor',
    method: 'POST',
    path: '/auth/two-factor/disable',
    summary: 'Turn two-factor sign-in off (current password required)',
    description:
      'A wrong password answers 400 "Current password is incorrect" and counts toward the sign-in throttle (429). ' +
      `409 "${SECURITY_MESSAGES.notEnabled}". When an admin requires two-factor sign-in, the next sign-in asks ` +
      'for a new setup. Recorded in the activity log.',
    tag,
    access: 'staff',
    body: disableTwoFactorInput,
    bodyExample: { currentPassword: 'correct-horse-battery' },
    responses: { 200: messageEnvelope },
    errors: [409, 429],
  }),
  regenerateRecoveryCodes: endpoint({
    operationId: 'regenerateRecoveryCodes',
    method: 'POST',
    path: '/auth/two-factor/recovery-codes',
    summary: 'Ten new recovery codes, shown this once; the old ones stop working (current password required)',
    description:
      'A wrong password answers 400 "Current password is incorrect" and counts toward the sign-in throttle (429). ' +
      `409 "${SECURITY_MESSAGES.notEnabled}". Recorded in the activity log.`,
    tag,
    access: 'staff',
    body: regenerateRecoveryCodesInput,
    bodyExample: { currentPassword: 'correct-horse-battery' },
    responses: { 200: envelope(recoveryCodesData) },
    errors: [409, 429],
  }),
  loginVerify: endpoint({
    operationId: 'loginWithTwoFactor',
    method: 'POST',
    path: '/auth/login/two-factor',
    summary: "Sign-in's second step: a code from the authenticator app or a recovery code",
    description:
      'With the `challengeToken` the password step answered. Each authenticator code works once, each recovery code ' +
      `once. A wrong code answers 401 "${SECURITY_MESSAGES.invalidCode}" and counts toward the sign-in throttle ` +
      `(429 with Retry-After); a challenge that expired answers 401 "${SECURITY_MESSAGES.challengeExpired}". ` +
      'The session is delivered as for sign-in.',
    tag,
    access: 'public',
    headers: sessionClientHeaders,
    body: twoFactorLoginInput,
    bodyExample: { challengeToken: exampleToken, code: '123456' },
    responses: { 200: envelope(sessionView) },
    errors: [401, 429],
  }),
  loginSetup: endpoint({
    operationId: 'startRequiredTwoFactorSetup',
    method: 'POST',
    path: '/auth/login/two-factor/setup',
    summary: 'Two-factor is required but not set up: start setup during sign-in',
    description:
      'For the `setup` challenge of a staff member who must set up two-factor sign-in: a secret and its QR code, as ' +
      `POST /auth/two-factor/setup. 401 "${SECURITY_MESSAGES.challengeExpired}" when the challenge expired.`,
    tag,
    access: 'public',
    body: challengeInput,
    bodyExample: { challengeToken: exampleToken },
    responses: { 200: envelope(twoFactorSetup) },
    errors: [401],
  }),
  loginEnable: endpoint({
    operationId: 'enableRequiredTwoFactor',
    method: 'POST',
    path: '/auth/login/two-factor/enable',
    summary: 'Finish the required setup with a first code: recovery codes and the new session',
    description:
      `A wrong code answers 400 "${SECURITY_MESSAGES.invalidCode}" and counts toward the sign-in throttle (429); ` +
      `401 "${SECURITY_MESSAGES.challengeExpired}" when the challenge expired. The session is delivered as for ` +
      'sign-in, with the 10 recovery codes shown this once.',
    tag,
    access: 'public',
    headers: sessionClientHeaders,
    body: twoFactorLoginInput,
    bodyExample: { challengeToken: exampleToken, code: '123456' },
    responses: { 200: envelope(sessionView.extend(recoveryCodesData.shape)) },
    errors: [401, 429],
  }),
  getSettings: endpoint({
    operationId: 'getSecuritySettings',
    method: 'GET',
    path: '/admin/settings/security',
    summary: 'Store-wide staff security settings',
    description: 'Whether two-factor sign-in is required for all staff.',
    tag,
    access: 'admin',
    responses: { 200: envelope(securitySettings) },
  }),
  updateSettings: endpoint({
    operationId: 'updateSecuritySettings',
    method: 'PUT',
    path: '/admin/settings/security',
    summary: 'Require two-factor sign-in for all staff (set up at their next sign-in)',
    description:
      'Staff without two-factor sign-in get the `setup` challenge at their next sign-in; existing sessions ' +
      'continue. Recorded in the activity log.',
    tag,
    access: 'admin',
    body: securitySettingsInput,
    bodyExample: { requireTwoFactorForStaff: true },
    responses: { 200: envelope(securitySettings) },
  }),
};
