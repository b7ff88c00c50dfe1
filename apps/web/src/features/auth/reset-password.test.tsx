import { json, mockFetch } from '@seamline/ui/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ResetPasswordPage from './pages/ResetPasswordPage';

describe('reset password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('after a successful reset offers a working Sign in link (a link styled as a button)', async () => {
    mockFetch(() => json(200, { success: true, message: 'Password has been reset. You can now sign in.' }));
    const router = createMemoryRouter(
      [
        { path: 'reset-password', Component: ResetPasswordPage },
        { path: 'login', element: <h1>Sign in page</h1> },
      ],
      { initialEntries: ['/reset-password?token=abc'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('New password'), 'Password123!');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Password123!');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await screen.findByText('Password has been reset. You can now sign in.');
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(router.state.location.pathname).toBe('/login');
  });
});
