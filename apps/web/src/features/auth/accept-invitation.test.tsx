import { INVITATION_MESSAGES } from '@seamline/shared';
import { Toaster } from '@seamline/ui';
import { failure, json, mockFetch } from '@seamline/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import AcceptInvitationPage from './pages/AcceptInvitationPage';

const preview = {
  success: true,
  data: { email: 'ivy@example.com', role: 'support', expiresAt: '2026-12-01T10:00:00Z' },
};

function open(url: string) {
  const router = createMemoryRouter(
    [
      { path: 'accept-invitation', Component: AcceptInvitationPage },
      { path: 'login', element: <h1>Sign in page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe('accept invitation page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who is invited, checks the password rules, then sends to sign-in with a toast', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'POST'
        ? json(201, { success: true, data: { user: {} }, message: INVITATION_MESSAGES.accepted })
        : json(200, preview),
    );
    const user = userEvent.setup({ delay: null });
    const router = open('/accept-invitation?token=abc');
    expect(await screen.findByText('ivy@example.com')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/invitations/preview?token=abc');
    await user.type(screen.getByLabelText('First name'), 'Ivy');
    await user.type(screen.getByLabelText('Last name'), 'Invitee');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Invited-Pass-1');
    await user.type(screen.getByLabelText('Confirm password'), 'Invited-Pass-2');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Invited-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText(INVITATION_MESSAGES.accepted)).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post![1]!.body))).toEqual({
      token: 'abc',
      firstName: 'Ivy',
      lastName: 'Invitee',
      password: 'Invited-Pass-1',
    });
  });

  it('a used link says so, with no form', async () => {
    mockFetch(() => failure(409, INVITATION_MESSAGES.used));
    open('/accept-invitation?token=spent');
    expect(await screen.findByText(INVITATION_MESSAGES.used)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('a link without its token says it is incomplete', async () => {
    mockFetch(() => json(200, preview));
    open('/accept-invitation');
    expect(await screen.findByText(/This invitation link is incomplete/)).toBeTruthy();
  });
});
