import { createHash } from 'node:crypto';
import { INVITATION_MESSAGES, INVITATIONS, PASSWORD_MIN } from '@seamline/shared';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken } from '../../../test/activity-log-coverage/types.js';
import { buildUser, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, mailOutbox, staffInvitations, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://back.example.test' });
  admin = await signedIn(t.app, 'admin');
});
afterAll(async () => t.close());

let seq = 0;
const newEmail = () => `invitee${++seq}-${Date.now()}@example.com`;
const PASSWORD = 'Invited-Pass-2026';

const invite = (body: unknown, token = admin.token) => call(t.app, 'POST', '/api/admin/invitations', { token, body });
const list = (token = admin.token, query = '') => call(t.app, 'GET', `/api/admin/invitations${query}`, { token });
const resend = (id: string, token = admin.token) =>
  call(t.app, 'POST', `/api/admin/invitations/${id}/resend`, { token });
const revoke = (id: string, token = admin.token) => call(t.app, 'DELETE', `/api/admin/invitations/${id}`, { token });
const preview = (token: string) => call(t.app, 'GET', `/api/invitations/preview?token=${encodeURIComponent(token)}`);
const accept = (token: string, overrides: Record<string, unknown> = {}) =>
  call(t.app, 'POST', '/api/invitations/accept', {
    body: { token, firstName: 'Ivy', lastName: 'Invitee', password: PASSWORD, ...overrides },
  });
const logsFor = (resourceId: string) =>
  t.app.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.resource, 'invitation'), eq(activityLogs.resourceId, resourceId)))
    .orderBy(desc(activityLogs.createdAt));

/** Invites a fresh address and answers the invitation and the mailed token. */
async function invited(role: 'support' | 'moderator' = 'support') {
  const email = newEmail();
  const res = await invite({ email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, invitation: res.body.data.invitation, token: await mailedToken(t.app, email) };
}

describe('POST /api/admin/invitations', () => {
  it('invites by e-mail: a 72-hour link to PUBLIC_URL in the outbox, only its hash stored, one log row', async () => {
    const email = newEmail();
    const before = Date.now();
    const res = await invite({ email: `  ${email.toUpperCase()} `, role: 'moderator' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(INVITATION_MESSAGES.sent);
    const invitation = res.body.data.invitation;
    expect(invitation).toMatchObject({
      email,
      role: 'moderator',
      status: 'pending',
      invitedBy: { id: admin.user.id, email: admin.user.email },
    });
    expect(invitation._id).toBe(invitation.id);
    const expires = Date.parse(invitation.expiresAt) - before;
    expect(expires).toBeGreaterThan(INVITATIONS.ttlMs - 60_000);
    expect(expires).toBeLessThanOrEqual(INVITATIONS.ttlMs + 60_000);

    const [mail] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, email));
    expect(mail).toMatchObject({ kind: 'staff_invitation' });
    expect(mail!.body).toMatch(/https:\/\/back\.example\.test\/accept-invitation\?token=[A-Za-z0-9_-]{40,}/);
    const token = await mailedToken(t.app, email);
    const [row] = await t.app.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(res.body)).not.toContain(token);

    const logs = await logsFor(invitation.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ action: 'invite', status: 'success', userId: admin.user.id });
    expect(logs[0]!.details).toMatchObject({ email, changes: { role: { before: null, after: 'moderator' } } });
    expect(JSON.stringify(logs[0])).not.toContain(token);
  });

  it('defaults to support', async () => {
    const res = await invite({ email: newEmail() });
    expect(res.status).toBe(201);
    expect(res.body.data.invitation.role).toBe('support');
  });

  it.each(['admin', 'customer', 'owner'])('refuses role %s', async (role) => {
    const res = await invite({ email: newEmail(), role });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVITATION_MESSAGES.role);
  });

  it('refuses a bad e-mail', async () => {
    const res = await invite({ email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter a valid email address');
  });

  it('answers 409 for an address that already has an account (any case, any role)', async () => {
    const customer = await buildUser(t.app.db, { role: 'customer' });
    const res = await invite({ email: customer.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', error: INVITATION_MESSAGES.emailTaken });
  });

  it('answers 409 for an address with a pending invitation, and sends nothing more', async () => {
    const { email } = await invited();
    const res = await invite({ email, role: 'moderator' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'INVITATION_PENDING', error: INVITATION_MESSAGES.alreadyPending });
    expect(await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, email))).toHaveLength(1);
  });

  it('replaces an expired invitation with a new one (the old link stays dead)', async () => {
    const { email, invitation, token } = await invited();
    await t.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invitation.id));
    const res = await invite({ email });
    expect(res.status).toBe(201);
    expect(res.body.data.invitation.id).not.toBe(invitation.id);
    expect((await accept(token)).status).toBe(400);
    expect((await accept(await mailedToken(t.app, email))).status).toBe(201);
  });
});

describe('who may manage invitations', () => {
  it('moderators and support get 403, anonymous callers 401, on every admin call', async () => {
    const { invitation } = await invited();
    for (const role of ['moderator', 'support', 'customer'] as const) {
      const { token } = await signedIn(t.app, role);
      expect((await invite({ email: newEmail() }, token)).status, role).toBe(403);
      expect((await list(token)).status, role).toBe(403);
      expect((await resend(invitation.id, token)).status, role).toBe(403);
      expect((await revoke(invitation.id, token)).status, role).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/invitations')).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/admin/invitations', { body: { email: newEmail() } })).status).toBe(401);
    const [row] = await t.app.db.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id));
    expect(row).toMatchObject({ revokedAt: null, acceptedAt: null });
  });
});

describe('GET /api/admin/invitations', () => {
  it('lists open invitations newest first (expired ones marked), not accepted or revoked ones', async () => {
    const accepted = await invited();
    expect((await accept(accepted.token)).status).toBe(201);
    const revoked = await invited();
    expect((await revoke(revoked.invitation.id)).status).toBe(200);
    const expired = await invited();
    await t.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, expired.invitation.id));
    const pending = await invited('moderator');

    const res = await list(admin.token, '?limit=100');
    expect(res.status).toBe(200);
    const rows = res.body.data.invitations as { id: string; status: string; email: string }[];
    const ids = rows.map((r) => r.id);
    expect(ids).not.toContain(accepted.invitation.id);
    expect(ids).not.toContain(revoked.invitation.id);
    expect(rows.find((r) => r.id === expired.invitation.id)?.status).toBe('expired');
    expect(rows[0]).toMatchObject({ id: pending.invitation.id, status: 'pending', role: 'moderator' });
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 100, total: rows.length });
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
  });
});

describe('accepting an invitation', () => {
  it('previews the link, then creates the staff account, which signs in with the chosen password', async () => {
    const { email, invitation, token } = await invited('moderator');
    const seen = await preview(token);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual({ email, role: 'moderator', expiresAt: invitation.expiresAt });

    const res = await accept(token);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(INVITATION_MESSAGES.accepted);
    expect(res.body.data.user).toMatchObject({
      email,
      role: 'moderator',
      firstName: 'Ivy',
      lastName: 'Invitee',
      isActive: true,
      emailVerified: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/tokens|argon2/);
    const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.role).toBe('moderator');

    const [log] = await logsFor(invitation.id);
    expect(log).toMatchObject({
      action: 'accept_invitation',
      status: 'success',
      userId: res.body.data.user.id,
      userEmail: email,
    });
    expect(JSON.stringify(log)).not.toContain(token);
    expect(JSON.stringify(log)).not.toContain(PASSWORD);
  });

  it('is single use: the link then says it has been used', async () => {
    const { token } = await invited();
    expect((await accept(token)).status).toBe(201);
    const again = await accept(token, { password: 'Another-Pass-99' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVITATION_USED', error: INVITATION_MESSAGES.used });
    const seen = await preview(token);
    expect(seen.status).toBe(409);
    expect(seen.body.error).toBe(INVITATION_MESSAGES.used);
  });

  it('an expired link says it has expired', async () => {
    const { invitation, token } = await invited();
    await t.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invitation.id));
    for (const res of [await accept(token), await preview(token)]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVITATION_EXPIRED', error: INVITATION_MESSAGES.expired });
    }
  });

  it('an unknown link says it is not valid', async () => {
    for (const res of [await accept('no-such-token'), await preview('no-such-token')]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(INVITATION_MESSAGES.invalidLink);
    }
  });

  it("checks the spec's password and name rules with their messages, and spends nothing on a refusal", async () => {
    const { token } = await invited();
    const short = await accept(token, { password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe(`Password must be at least ${PASSWORD_MIN} characters long`);
    const noName = await accept(token, { firstName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('First name is required');
    expect((await accept(token)).status).toBe(201);
  });

  it('refuses when the address got an account meanwhile, and leaves the link open', async () => {
    const { email, token } = await invited();
    await buildUser(t.app.db, { email, role: 'customer' });
    const res = await accept(token);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect((await preview(token)).status).toBe(200);
  });

  it('when two-factor is required for staff, the first sign-in asks for its setup (the existing login flow)', async () => {
    const on = await call(t.app, 'PUT', '/api/admin/settings/security', {
      token: admin.token,
      body: { requireTwoFactorForStaff: true },
    });
    expect(on.status).toBe(200);
    try {
      const { email, token } = await invited();
      expect((await accept(token)).status).toBe(201);
      const login = await call(t.app, 'POST', '/api/auth/login', { body: { email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(login.body.data.twoFactor).toMatchObject({ step: 'setup' });
      expect(login.body.data.tokens).toBeUndefined();
    } finally {
      await call(t.app, 'PUT', '/api/admin/settings/security', {
        token: admin.token,
        body: { requireTwoFactorForStaff: false },
      });
    }
  });
});

describe('revoking and resending', () => {
  it('revoke: the link says it was revoked; a second revoke is a 409; one log row', async () => {
    const { invitation, token } = await invited();
    const res = await revoke(invitation.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INVITATION_MESSAGES.revokedDone);
    const dead = await accept(token);
    expect(dead.status).toBe(400);
    expect(dead.body).toMatchObject({ code: 'INVITATION_REVOKED', error: INVITATION_MESSAGES.revoked });
    expect((await revoke(invitation.id)).status).toBe(409);
    expect((await resend(invitation.id)).status).toBe(409);
    const logs = await logsFor(invitation.id);
    expect(logs.map((l) => l.action)).toEqual(['revoke_invitation', 'invite']);
    expect(logs[0]!.details).toMatchObject({ changes: { status: { before: 'pending', after: 'revoked' } } });
  });

  it('resend: a new link valid 72 h from now, the old one dead; works on an expired invitation too', async () => {
    const { email, invitation, token } = await invited();
    await t.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invitation.id));
    const res = await resend(invitation.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(INVITATION_MESSAGES.resent);
    expect(res.body.data.invitation).toMatchObject({ id: invitation.id, status: 'pending' });
    expect(Date.parse(res.body.data.invitation.expiresAt)).toBeGreaterThan(Date.now() + INVITATIONS.ttlMs - 60_000);
    const fresh = await mailedToken(t.app, email);
    expect(fresh).not.toBe(token);
    expect((await accept(token)).status).toBe(404);
    expect((await accept(fresh)).status).toBe(201);
    expect((await resend(invitation.id)).status).toBe(409);

    const [log] = (await logsFor(invitation.id)).filter((l) => l.action === 'resend_invitation');
    expect(log).toMatchObject({ userId: admin.user.id, status: 'success' });
    expect(JSON.stringify(log)).not.toContain(fresh);
    expect(JSON.stringify(log)).not.toContain(token);
  });

  it('unknown and malformed ids', async () => {
    expect((await resend('0123456789abcdef01234567')).status).toBe(404);
    expect((await revoke('0123456789abcdef01234567')).status).toBe(404);
    const bad = await revoke('nope');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Invalid invitation ID format. Expected 24 characters, got 4');
  });
});

describe(`parallel calls`, () => {
  it('20 accepts of one link at once: exactly one account, one 201, the others a clear 409 (never a 500)', async () => {
    const { email, token } = await invited();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => accept(token, { password: `Parallel-Pass-${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body.error).toBe(INVITATION_MESSAGES.used);
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('two admins inviting one address at once: one 201, one 409', async () => {
    const email = newEmail();
    const answers = await Promise.all([invite({ email }), invite({ email, role: 'moderator' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('accept throttle', () => {
  it('shares the per-IP budget of expensive public writes', async () => {
    const limited = await createTestApp({
      rateLimitMax: undefined,
      rateLimits: { anonymous: 100, customer: 100, staff: 100, apiKey: 100, publicWrites: 2 },
    });
    try {
      const body = { token: 'no-such-token', firstName: 'Ivy', lastName: 'Invitee', password: PASSWORD };
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(limited.app, 'POST', '/api/invitations/accept', { body, ip: '203.0.113.9' })).status);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
