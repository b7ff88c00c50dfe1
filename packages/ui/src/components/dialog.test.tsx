import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmByNameDialog } from './confirm-by-name-dialog';
import { Dialog, DialogContent } from './dialog';

/** A screen that opens its dialog from state, as the feature screens do (no DialogTrigger). */
function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Edit product">
          <input aria-label="Name" />
          <button type="button">Save</button>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('dialogs and the keyboard', () => {
  it('keep focus inside while open and give it back to the button that opened them', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit product' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
  });

  it('the two-step "type the name" dialog also returns focus to its opener', async () => {
    const user = userEvent.setup();
    function Delete() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete
          </button>
          <ConfirmByNameDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete Product"
            expectedName="Linen Shirt"
            confirmLabel="Permanently Delete Product"
            onConfirm={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Delete />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });
});
