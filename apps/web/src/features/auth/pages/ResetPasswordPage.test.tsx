import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import ResetPasswordPage from './ResetPasswordPage';

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/reset-password?token=abc']}>
      <ResetPasswordPage />
    </MemoryRouter>,
  );
  return { password: screen.getByLabelText('New password'), confirm: screen.getByLabelText('Confirm new password') };
}

describe('ResetPasswordPage', () => {
  it('shows "Passwords do not match" on blur while the new password is still too short', async () => {
    const user = userEvent.setup();
    const { password, confirm } = renderPage();
    await user.type(password, 'abc');
    await user.type(confirm, 'abd');
    await user.tab();
    await screen.findByText('Passwords do not match');
    expect(screen.getByText('Password must be at least 8 characters long')).toBeTruthy();
  });

  it('clears the mismatch when the new password is corrected to match', async () => {
    const user = userEvent.setup();
    const { password, confirm } = renderPage();
    await user.type(password, 'long enough');
    await user.type(confirm, 'long enough 1');
    await user.tab();
    await screen.findByText('Passwords do not match');
    await user.type(password, ' 1');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('shows no mismatch once both fields hold the same text', async () => {
    const user = userEvent.setup();
    const { password, confirm } = renderPage();
    await user.type(password, 'long enough 1');
    await user.type(confirm, 'long enough 1');
    await user.tab();
    await user.click(password);
    await user.tab();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });
});
