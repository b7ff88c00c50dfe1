import { INVITATION_MESSAGES, type InvitationView, type PublicUser } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { json } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { adminUser, signedInAs } from '../../test/fixtures';
import { atUrl } from '../../test/url-probe';
import UsersPage from './pages/UsersPage';

const moderator: PublicUser = { ...adminUser, _id: 'b'.repeat(24), id: 'b'.repeat(24), role: 'moderator' };
const emptyUsers = {
  success: true,
  data: { users: [], pagination: { page: 1, limit: 9, total: 0, pages: 1, totalPages: 1, exact: true } },
};

function invitation(overrides: Partial<InvitationView> = {}): InvitationView {
  const id = overrides.id ?? 'c'.repeat(24);
  return {
    _id: id,
    id,
    email: 'new.colleague@example.com',
    role: 'support',
    status: 'pending',
    invitedBy: { id: adminUser.id, email: adminUser.email, firstName: 'Ava', lastName: 'Admin' },
    expiresAt: '2026-12-01T10:00:00.000Z',
    createdAt: '2026-11-28T10:00:00.000Z',
    ...overrides,
  };
}
const invitationList = (invitations: InvitationView[]) => ({
  success: true,
  data: {
    invitations,
    pagination: { page: 1, limit: 10, total: invitations.length, pages: 1, totalPages: 1, exact: true },
  },
});

type Call = { method: string; url: string; body: unknown };
/** Users list empty; invitation list from `pending()`; writes answered by the queued replies. */
function serve(pending: () => InvitationView[], replies: Response[] = []) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'GET' && url.startsWith('/api/admin/invitations')) return json(200, invitationList(pending()));
      if (method === 'GET') return json(200, emptyUsers);
      const reply = replies.shift();
      if (!reply) throw new TypeError('Failed to fetch');
      return reply;
    }),
  );
  return calls;
}

function renderPage(viewer: PublicUser) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={signedInAs(viewer)}>
        {atUrl(<UsersPage />, '/users')}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('staff invitations on User Management', { timeout: 20_000 }, () => {
  it('gives admins Invite User as the primary button beside Add User; moderators get neither, nor the card', async () => {
    const calls = serve(() => [invitation()]);
    renderPage(moderator);
    await screen.findByText('No Users Found');
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByText('Pending invitations')).toBeNull();
    expect(calls.some((c) => c.url.includes('invitations'))).toBe(false);
  });

  it('invites by e-mail and role: validation, a server refusal inside the dialog, then a toast', async () => {
    const sent = invitation({ email: 'jo@example.com', role: 'moderator' });
    const calls = serve(
      () => [],
      [
        json(409, { success: false, error: INVITATION_MESSAGES.alreadyPending, code: 'INVITATION_PENDING' }),
        json(201, { success: true, data: { invitation: sent }, message: INVITATION_MESSAGES.sent }),
      ],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(adminUser);
    const invite = await screen.findByRole('button', { name: 'Invite User' });
    const add = screen.getByRole('button', { name: 'Add User' });
    expect(invite.className).toContain('bg-primary');
    expect(add.className).not.toContain('bg-primary');
    // The primary action comes last in the header row, where the eye ends.
    expect(add.compareDocumentPosition(invite) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite User' });
    const submit = within(dialog).getByRole('button', { name: 'Send Invitation' });
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.tab();
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'Jo@Example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'moderator');
    expect(within(dialog).queryByRole('option', { name: 'Admin' })).toBeNull();
    await user.click(submit);
    expect(await within(dialog).findByText(INVITATION_MESSAGES.alreadyPending)).toBeTruthy();
    await user.click(submit);
    expect(await screen.findByText('Invitation sent to jo@example.com')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({
      url: '/api/admin/invitations',
      body: { email: 'jo@example.com', role: 'moderator' },
    });
  });

  it('lists pending and expired invitations, and resends or revokes one with a toast', async () => {
    let pending = [invitation(), invitation({ id: 'd'.repeat(24), email: 'late@example.com', status: 'expired' })];
    const calls = serve(
      () => pending,
      [
        json(200, { success: true, data: { invitation: invitation() }, message: INVITATION_MESSAGES.resent }),
        json(200, { success: true, message: INVITATION_MESSAGES.revokedDone }),
      ],
    );
    const user = userEvent.setup({ delay: null });
    renderPage(adminUser);
    const card = await screen.findByRole('list', { name: 'Pending invitations' });
    const rows = within(card).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('new.colleague@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('Pending')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Invited by Ava Admin/)).toBeTruthy();
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Resend invitation to late@example.com' }));
    expect(await screen.findByText(INVITATION_MESSAGES.resent)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/admin/invitations/${'d'.repeat(24)}/resend`);

    pending = [pending[1]!];
    await user.click(screen.getByRole('button', { name: 'Revoke invitation to new.colleague@example.com' }));
    expect(await screen.findByText(INVITATION_MESSAGES.revokedDone)).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(`/api/admin/invitations/${'c'.repeat(24)}`);
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(1));
  });
});
