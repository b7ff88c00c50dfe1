import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmByNameDialog, namesMatch } from './confirm-by-name-dialog';

function Harness({ onConfirm, error }: { onConfirm: () => void; error?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmByNameDialog
      open={open}
      onOpenChange={setOpen}
      title="Deactivate User"
      expectedName="Sara Support"
      inputLabel="Full name"
      confirmDescription="This action can be undone later."
      confirmLabel="Deactivate User"
      onConfirm={onConfirm}
      error={error}
    />
  );
}

describe('ConfirmByNameDialog', () => {
  it('matches ignoring case and surrounding spaces', () => {
    expect(namesMatch('  sara SUPPORT ', 'Sara Support')).toBe(true);
    expect(namesMatch('Sara', 'Sara Support')).toBe(false);
  });

  it('refuses a wrong name, then continues with the right one and confirms in a second step', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} error="Failed to delete user." />);
    const input = screen.getByLabelText('Full name');
    await user.type(input, 'Sara');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe('The name you entered does not match.');
    expect(screen.queryByRole('button', { name: 'Deactivate User' })).toBeNull();

    await user.clear(input);
    await user.type(input, '  sara support ');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('This action can be undone later.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete user.');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deactivate User' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Cancel closes it', async () => {
    const user = userEvent.setup();
    render(<Harness onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
