import { REQUIRE_TWO_FACTOR_SETTING, type Role } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import { appSettings } from '../src/db/schema/index.js';
import { buildUser, previousStepCode, signedIn } from './factories.js';
import { call } from './harness.js';

/** Turns the store-wide "require two-factor for all staff" setting on or off, straight in the database. */
export async function requireTwoFactor(app: FastifyInstance, on: boolean) {
  await app.db
    .insert(appSettings)
    .values({ key: REQUIRE_TWO_FACTOR_SETTING, value: on })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: on } });
}

/** A staff member with two-factor on (confirmed with the previous step's code, so the current one is still free). */
export async function withTwoFactor(app: FastifyInstance) {
  const me = await signedIn(app, 'support');
  const setup = await call(app, 'POST', '/api/auth/two-factor/setup', { token: me.token });
  const secret = setup.body.data.secret as string;
  const enable = await call(app, 'POST', '/api/auth/two-factor/enable', {
    token: me.token,
    body: { code: await previousStepCode(secret) },
  });
  if (enable.status !== 200) throw new Error(`enable failed: ${JSON.stringify(enable.body)}`);
  return { ...me, secret };
}

/**
 * The challenge of a staff member who must set two-factor up at sign-in. The store-wide requirement is on only while
 * the password step runs, so the other scenarios sign in as usual.
 */
export async function setupChallenge(app: FastifyInstance) {
  const user = await buildUser(app.db, { role: 'moderator' });
  await requireTwoFactor(app, true);
  const login = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  await requireTwoFactor(app, false);
  return { user, challengeToken: login.body.data.twoFactor.challengeToken as string };
}

/** A second session of the same user (another sign-in), and its id in the session list. */
export async function twoSessions(app: FastifyInstance, role: Role = 'support') {
  const me = await signedIn(app, role);
  await call(app, 'POST', '/api/auth/login', { body: { email: me.user.email, password: me.user.password } });
  const list = await call(app, 'GET', '/api/auth/sessions', { token: me.token });
  const other = (list.body.data.sessions as { id: string; current: boolean }[]).find((s) => !s.current);
  if (!other) throw new Error('no second session');
  return { ...me, otherSessionId: other.id };
}
