import { PHONE_MESSAGE, type PublicUser, type Role } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/auth-context';
import { createQueryClient } from '../../lib/query-client';
import { atUrl, currentUrl } from '../../test/url-probe';
import UsersPage from './pages/UsersPage';

let seq = 0;
function person(role: Role, overrides: Partial<PublicUser> = {}): PublicUser {
  seq += 1;
  const id = seq.toString(16).padStart(24, '0');
  return {
    _id: id,
    id,
    email: `${role}${seq}@example.com`,
    firstName: role === 'admin' ? 'Ada' : 'Sam',
    lastName: `Person${seq}`,
    phone: null,
    role,
    isActive: true,
    emailVerified: true,
    lastLogin: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const listOf = (users: PublicUser[], pages = 1): Reply => ({
  status: 200,
  body: {
    success: true,
    data: { users, pagination: { page: 1, limit: 9, total: users.length, pages, totalPages: pages } },
  },
});

const noInvitations = {
  success: true,
  data: { invitations: [], pagination: { page: 1, limit: 10, total: 0, pages: 1, totalPages: 1, exact: true } },
};

/**
 * Answers GET /api/admin/users with `list`, and other calls with the queued replies, recording every request. The
 * admins' Pending invitations card asks for none here (invitations.test.tsx covers it) and is not recorded.
 */
function serve(list: Reply, replies: (Reply | 'network')[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET' && url.startsWith('/api/admin/invitations')) return json(200, noInvitations);
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = method === 'GET' ? list : replies.shift();
      if (!reply || reply === 'network') throw new TypeError('Failed to fetch');
      return json(reply.status, reply.body);
    }),
  );
  return calls;
}

function renderPage(viewer: PublicUser, url = '/users') {
  const auth = {
    user: viewer,
    isAuthenticated: true,
    isLoading: false,
    error: null,
    login: vi.fn(),
    register: vi.fn(),
    acceptSession: vi.fn(),
    logout: vi.fn(),
    clearError: vi.fn(),
  } satisfies AuthContextValue;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthContext.Provider value={auth}>
        {atUrl(<UsersPage />, url)}
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

// Typing-heavy tests: generous time on a busy machine.
describe('User Management', { timeout: 20_000 }, () => {
  it('asks for staff, 9 per page, and shows cards; a moderator gets no Add, Edit or Delete', async () => {
    const admin = person('admin');
    const support = person('support', { isActive: false, lastLogin: null });
    const calls = serve(listOf([admin, support]));
    renderPage(person('moderator'));
    await screen.findByText(support.email);
    expect(calls[0]!.url).toBe('/api/admin/users?page=1&limit=9&role=staff');
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    const adminCard = screen.getByRole('generic', { name: `${admin.firstName} ${admin.lastName}` });
    expect(within(adminCard).getByText('Admin - Protected')).toBeTruthy();
    const supportCard = screen.getByRole('generic', { name: `${support.firstName} ${support.lastName}` });
    expect(within(supportCard).getByText('Inactive')).toBeTruthy();
    expect(within(supportCard).getByText('Last login: Never')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('gives an admin Edit and Delete on staff cards but never on admin cards', async () => {
    const otherAdmin = person('admin');
    const moderator = person('moderator');
    serve(listOf([otherAdmin, moderator], 2));
    renderPage(person('admin'));
    await screen.findByText(moderator.email);
    expect(screen.getByRole('button', { name: 'Add User' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Edit/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: `Edit ${moderator.firstName} ${moderator.lastName}` })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('shows the empty state and a toast when the list fails', async () => {
    serve({ status: 403, body: { success: false, error: 'Nope', message: 'Nope', code: 'FORBIDDEN' } });
    renderPage(person('admin'));
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
    expect(screen.getByText('No Users Found')).toBeTruthy();
    expect(screen.getByText('There are no users in the system yet.')).toBeTruthy();
  });

  it('enables Create User only when the four required fields are valid, and shows a server failure inside', async () => {
    const calls = serve(listOf([]), [
      {
        status: 409,
        body: { success: false, error: 'An account with this email already exists', code: 'EMAIL_TAKEN' },
      },
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage(person('admin'));
    await screen.findByText('No Users Found');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const submit = within(dialog).getByRole('button', { name: 'Create User' });
    expect(
      within(dialog).getByText('Only moderator and support roles can be created for security reasons.'),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('support');
    expect(submit).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText(/First Name/), 'J');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Doe');
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/Password/), 'short');
    await user.click(within(dialog).getByLabelText(/Phone/));
    // Validation runs as each field is left: on a busy machine the last message may come a moment later.
    expect(await within(dialog).findByText('First name must be at least 2 characters long')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    expect(await within(dialog).findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText(/First Name/), 'ane');
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'jane@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'enough!');
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(await within(dialog).findByText('An account with this email already exists')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/admin/users',
      body: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        password: 'shortenough!',
        role: 'support',
      },
    });
  });

  it('deactivates after the typed name matches, with the fallback message when the call fails', async () => {
    const target = person('support', { firstName: 'Lena', lastName: 'Marsh' });
    serve(listOf([target]), ['network']);
    const user = userEvent.setup({ delay: null });
    renderPage(person('admin'));
    await user.click(await screen.findByRole('button', { name: 'Delete Lena Marsh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Lena');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('The name you entered does not match.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Full name'), ' marsh ');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText('This action can be undone later.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate User' }));
    expect(await within(dialog).findByText('Failed to delete user.')).toBeTruthy();
  });

  it('creates a user: toast, dialog closed, list asked again', async () => {
    const created = person('moderator', { firstName: 'Jane', lastName: 'Doe' });
    const calls = serve(listOf([]), [{ status: 201, body: { success: true, data: { user: created } } }]);
    const user = userEvent.setup({ delay: null });
    renderPage(person('admin'));
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await user.type(within(dialog).getByLabelText(/First Name/), 'Jane');
    await user.type(within(dialog).getByLabelText(/Last Name/), 'Doe');
    await user.type(within(dialog).getByLabelText(/Email/), 'jane@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'Password1!');
    await user.type(within(dialog).getByLabelText(/Phone/), '0123');
    await user.tab();
    expect(await within(dialog).findByText(PHONE_MESSAGE)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText(/Phone/));
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'moderator');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ role: 'moderator' });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(1));
  });

  it('edits role and status, showing the server message when refused and the toast when saved', async () => {
    const target = person('moderator', { firstName: 'Omar', lastName: 'Reyes' });
    const calls = serve(listOf([target]), [
      { status: 403, body: { success: false, error: 'Admin accounts are protected', code: 'FORBIDDEN' } },
      { status: 200, body: { success: true, data: { user: { ...target, role: 'support', isActive: false } } } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage(person('admin'));
    await user.click(await screen.findByRole('button', { name: 'Edit Omar Reyes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('moderator');
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect(within(dialog).queryByRole('option', { name: 'Admin' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'support');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Admin accounts are protected')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put.at(-1)).toMatchObject({
      url: `/api/admin/users/${target.id}/status`,
      body: { role: 'support', isActive: false },
    });
  });

  it('toasts the deactivated user by name', async () => {
    const target = person('support', { firstName: 'Lena', lastName: 'Marsh' });
    const calls = serve(listOf([target]), [
      { status: 200, body: { success: true, data: { user: { ...target, isActive: false } } } },
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage(person('admin'));
    await user.click(await screen.findByRole('button', { name: 'Delete Lena Marsh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate User' });
    await user.type(within(dialog).getByLabelText('Full name'), 'lena marsh');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate User' }));
    expect(await screen.findByText('Lena Marsh deactivated successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ isActive: false });
  });

  it('searches after typing pauses, from the first page', async () => {
    const calls = serve(listOf([person('support')], 3));
    const user = userEvent.setup({ delay: null });
    renderPage(person('support'));
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('page=2'));
    await user.type(screen.getByPlaceholderText('Search users...'), 'ann%');
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/admin/users?page=1&limit=9&search=ann%25&role=staff'));
    expect(calls.filter((c) => c.url.includes('search=')).length).toBe(1);
  });
});

describe('User Management URL state', { timeout: 20_000 }, () => {
  it('asks the server for the search and page in the URL, and a new search starts again at page 1', async () => {
    const calls = serve(listOf([person('support', { lastName: 'Sample' })], 3));
    renderPage(person('admin'), '/users?search=sam&page=2');
    await screen.findByText('Sam Sample');
    expect((screen.getByPlaceholderText('Search users...') as HTMLInputElement).value).toBe('sam');
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/users?page=2&limit=9&search=sam&role=staff']);
    await userEvent.type(screen.getByPlaceholderText('Search users...'), 'p');
    await waitFor(() => expect(currentUrl()).toBe('/users?search=samp'));
    await waitFor(() => expect(calls.at(-1)!.url).toBe('/api/admin/users?page=1&limit=9&search=samp&role=staff'));
  });
});
