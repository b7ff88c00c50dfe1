import type { PublicUser } from '@seamline/shared';
import { ConfirmByNameDialog } from '@seamline/ui';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateUserStatus } from '../api';

export type DeactivateUserDialogProps = {
  /** The user to deactivate; null closes the dialog. */
  user: PublicUser | null;
  onClose: () => void;
  onDeactivated: (user: PublicUser) => void;
};

/** "Delete" a staff user: type the full name, Continue, then confirm. It only deactivates. */
export function DeactivateUserDialog({ user, onClose, onDeactivated }: DeactivateUserDialogProps) {
  const update = useUpdateUserStatus();
  const { reset } = update;
  const fullName = user ? `${user.firstName} ${user.lastName}` : '';

  useEffect(() => {
    if (user) reset();
  }, [user, reset]);

  const confirm = async () => {
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, isActive: false });
      onClose();
      onDeactivated(user);
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  };

  return (
    <ConfirmByNameDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Deactivate User"
      expectedName={fullName}
      prompt={
        <>
          To deactivate this user, type their full name <span className="font-semibold text-slate-900">{fullName}</span>{' '}
          and press Continue.
        </>
      }
      inputLabel="Full name"
      confirmDescription={
        <>
          <p className="font-medium">
            {fullName} will be deactivated and signed out everywhere. They will not be able to sign in.
          </p>
          <p>This action can be undone later.</p>
        </>
      }
      confirmLabel="Deactivate User"
      onConfirm={confirm}
      pending={update.isPending}
      error={update.error ? errorMessage(update.error, 'Failed to delete user.') : null}
    />
  );
}
