import { codeFor, DEFAULT_PASSWORD } from '../factories.js';
import { call } from '../harness.js';
import { requireTwoFactor, setupChallenge, twoSessions, withTwoFactor } from '../two-factor.js';
import type { ScenarioTable } from './types.js';

const NEW_PASSWORD = 'Coverage-Security-Pass-9';

/** Two-factor sign-in, sessions and the staff security setting: each step is one row, never a code or secret. */
export const securityScenarios: ScenarioTable = {
  'POST /api/auth/login/two-factor': async ({ app }) => {
    const me = await withTwoFactor(app);
    const first = await call(app, 'POST', '/api/auth/login', {
      body: { email: me.user.email, password: me.user.password },
    });
    const challengeToken = first.body.data.twoFactor.challengeToken as string;
    const code = codeFor(me.secret);
    return {
      call: () => call(app, 'POST', '/api/auth/login/two-factor', { body: { challengeToken, code } }),
      expected: () => ({ userId: me.user.id, action: 'login', resource: 'auth', resourceId: me.user.id }),
      secrets: [me.secret, challengeToken],
    };
  },
  'POST /api/auth/login/two-factor/setup': async ({ app }) => {
    const { user, challengeToken } = await setupChallenge(app);
    return {
      call: () => call(app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } }),
      expected: () => ({ userId: user.id, action: 'two_factor_setup_start', resource: 'auth', resourceId: user.id }),
      secrets: [challengeToken],
    };
  },
  'POST /api/auth/login/two-factor/enable': async ({ app }) => {
    const { user, challengeToken } = await setupChallenge(app);
    const setup = await call(app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } });
    const secret = setup.body.data.secret as string;
    return {
      call: () =>
        call(app, 'POST', '/api/auth/login/two-factor/enable', { body: { challengeToken, code: codeFor(secret) } }),
      // Turning it on and signing in are one operation: one login row, marked as a setup.
      expected: () => ({ userId: user.id, action: 'login', resource: 'auth', resourceId: user.id }),
      secrets: [secret, challengeToken],
    };
  },
  'POST /api/auth/two-factor/setup': async ({ app, staff }) => {
    const me = await staff('moderator');
    return {
      call: () => call(app, 'POST', '/api/auth/two-factor/setup', { token: me.token }),
      expected: () => ({
        userId: me.user.id,
        action: 'two_factor_setup_start',
        resource: 'auth',
        resourceId: me.user.id,
      }),
    };
  },
  'POST /api/auth/two-factor/enable': async ({ app, staff }) => {
    const me = await staff('admin');
    const setup = await call(app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
    const secret = setup.body.data.secret as string;
    return {
      call: () =>
        call(app, 'POST', '/api/auth/two-factor/enable', { token: me.token, body: { code: codeFor(secret) } }),
      expected: () => ({ userId: me.user.id, action: 'two_factor_enable', resource: 'auth', resourceId: me.user.id }),
      secrets: [secret],
    };
  },
  'POST /api/auth/two-factor/disable': async ({ app }) => {
    const me = await withTwoFactor(app);
    return {
      call: () =>
        call(app, 'POST', '/api/auth/two-factor/disable', {
          token: me.token,
          body: { currentPassword: DEFAULT_PASSWORD },
        }),
      expected: () => ({ userId: me.user.id, action: 'two_factor_disable', resource: 'auth', resourceId: me.user.id }),
      secrets: [DEFAULT_PASSWORD, me.secret],
    };
  },
  'POST /api/auth/two-factor/recovery-codes': async ({ app }) => {
    const me = await withTwoFactor(app);
    return {
      call: () =>
        call(app, 'POST', '/api/auth/two-factor/recovery-codes', {
          token: me.token,
          body: { currentPassword: DEFAULT_PASSWORD },
        }),
      expected: () => ({
        userId: me.user.id,
        action: 'two_factor_recovery_codes',
        resource: 'auth',
        resourceId: me.user.id,
      }),
      secrets: [DEFAULT_PASSWORD, me.secret],
    };
  },
  'PUT /api/users/change-password': async ({ app, staff }) => {
    const me = await staff('support');
    return {
      call: () =>
        call(app, 'PUT', '/api/users/change-password', {
          token: me.token,
          body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
        }),
      expected: () => ({ userId: me.user.id, action: 'change_password', resource: 'profile', resourceId: me.user.id }),
      secrets: [DEFAULT_PASSWORD, NEW_PASSWORD],
    };
  },
  'DELETE /api/auth/sessions/:id': async ({ app }) => {
    const me = await twoSessions(app);
    return {
      call: () => call(app, 'DELETE', `/api/auth/sessions/${me.otherSessionId}`, { token: me.token }),
      expected: () => ({
        userId: me.user.id,
        action: 'end_session',
        resource: 'session',
        resourceId: me.otherSessionId,
      }),
    };
  },
  'DELETE /api/auth/sessions': async ({ app }) => {
    const me = await twoSessions(app, 'moderator');
    return {
      call: () => call(app, 'DELETE', '/api/auth/sessions', { token: me.token }),
      expected: () => ({
        userId: me.user.id,
        action: 'end_other_sessions',
        resource: 'session',
        resourceId: me.user.id,
      }),
    };
  },
  'DELETE /api/admin/users/:id/sessions/:sessionId': async ({ app, staff }) => {
    const admin = await staff('admin');
    const target = await twoSessions(app);
    const url = `/api/admin/users/${target.user.id}/sessions/${target.otherSessionId}`;
    return {
      call: () => call(app, 'DELETE', url, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'end_session',
        resource: 'session',
        resourceId: target.otherSessionId,
      }),
    };
  },
  'DELETE /api/admin/users/:id/sessions': async ({ app, staff }) => {
    const admin = await staff('admin');
    const target = await twoSessions(app, 'moderator');
    return {
      call: () => call(app, 'DELETE', `/api/admin/users/${target.user.id}/sessions`, { token: admin.token }),
      expected: () => ({
        userId: admin.user.id,
        action: 'end_all_sessions',
        resource: 'session',
        resourceId: target.user.id,
      }),
    };
  },
  'PUT /api/admin/settings/security': async ({ app, staff }) => {
    const admin = await staff('admin');
    // Turned off by the call, so the scenarios after this one sign in without a second step.
    await requireTwoFactor(app, true);
    return {
      call: () =>
        call(app, 'PUT', '/api/admin/settings/security', {
          token: admin.token,
          body: { requireTwoFactorForStaff: false },
        }),
      expected: () => ({
        userId: admin.user.id,
        action: 'update_settings',
        resource: 'settings',
        resourceId: null,
        changes: ['requireTwoFactorForStaff'],
      }),
    };
  },
};
