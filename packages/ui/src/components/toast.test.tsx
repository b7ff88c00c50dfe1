import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Toaster, useToast } from './toast';

function Screen() {
  const toast = useToast(60_000);
  return (
    <>
      <button type="button" onClick={() => toast.success('Saved')}>
        Save
      </button>
      <Toaster />
    </>
  );
}

describe('Toaster keyboard focus', () => {
  it('gives focus back to where it came from when the focused toast is closed, not to the page body', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await screen.findByText('Saved');

    await user.tab();
    const close = screen.getByRole('button', { name: 'Close toast' });
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
    expect(document.activeElement).toBe(save);
  });

  it('lets Tab move on past the toasts instead of sending focus back', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    await user.tab();
    await user.tab();
    await user.tab();
    await act(async () => {});
    expect(document.activeElement).toBe(document.body);
  });
});
