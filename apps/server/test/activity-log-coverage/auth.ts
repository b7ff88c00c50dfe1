import { API_CLIENT, buildUser } from '../factories.js';
import { call } from '../harness.js';
import { dataOf, mailedToken, type ScenarioTable } from './types.js';

const NEW_PASSWORD = 'Coverage-NewPass-42';

/** Sign-in flows: each writes one row for the person concerned (no business fields change). */
export const authScenarios: ScenarioTable = {
  'POST /api/auth/login': async ({ app }) => {
    const user = await buildUser(app.db, { role: 'support' });
    return {
      call: () => call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } }),
      expected: () => ({ userId: user.id, action: 'login', resource: 'auth', resourceId: user.id }),
      secrets: [user.password],
    };
  },
  'POST /api/auth/register': async ({ app }) => {
    const email = `coverage-register-${Date.now()}@example.com`;
    return {
      call: () => call(app, 'POST', '/api/auth/register', { body: { email, password: NEW_PASSWORD } }),
      expected: (res) => {
        const { id } = dataOf<{ user: { id: string } }>(res).user;
        return { userId: id, action: 'register', resource: 'user', resourceId: id };
      },
      secrets: [NEW_PASSWORD],
    };
  },
  'POST /api/auth/logout': async ({ app, staff }) => {
    const session = await staff('moderator');
    return {
      call: () => call(app, 'POST', '/api/auth/logout', { token: session.token, headers: API_CLIENT, body: {} }),
      expected: () => ({ userId: session.user.id, action: 'logout', resource: 'auth', resourceId: session.user.id }),
    };
  },
  'POST /api/auth/forgot-password': async ({ app }) => {
    const user = await buildUser(app.db, { role: 'admin' });
    return {
      call: () => call(app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } }),
      expected: () => ({ userId: user.id, action: 'password_reset_request', resource: 'auth', resourceId: user.id }),
    };
  },
  'POST /api/auth/reset-password': async ({ app }) => {
    const user = await buildUser(app.db, { role: 'moderator' });
    await call(app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await mailedToken(app, user.email);
    return {
      call: () => call(app, 'POST', '/api/auth/reset-password', { body: { token, password: NEW_PASSWORD } }),
      expected: () => ({ userId: user.id, action: 'password_reset', resource: 'auth', resourceId: user.id }),
      secrets: [token, NEW_PASSWORD],
    };
  },
  'POST /api/auth/verify-email': async ({ app }) => {
    const user = await buildUser(app.db, { role: 'support', emailVerified: false });
    await call(app, 'POST', '/api/auth/resend-verification', { body: { email: user.email } });
    const token = await mailedToken(app, user.email);
    return {
      call: () => call(app, 'POST', '/api/auth/verify-email', { body: { token } }),
      expected: () => ({ userId: user.id, action: 'verify_email', resource: 'auth', resourceId: user.id }),
      secrets: [token],
    };
  },
  'POST /api/auth/refresh': { notLogged: 'rotates the session token; no data a person changed' },
  'POST /api/auth/resend-verification': { notLogged: 'only mails a new verification link' },
};
