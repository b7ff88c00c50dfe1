import type { PublicUser } from '@seamline/shared';
import { Dialog, DialogContent, FormDialogActions, FormField, Select } from '@seamline/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateUserStatus } from '../api';
import { ROLE_OPTIONS } from './roles';

type EditableRole = (typeof ROLE_OPTIONS)[number]['value'];
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export type EditUserDialogProps = {
  /** The user being edited; null closes the dialog. */
  user: PublicUser | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Edit User: role (support or moderator) and status (active or inactive). */
export function EditUserDialog({ user, onClose, onSaved }: EditUserDialogProps) {
  const id = useId();
  const update = useUpdateUserStatus();
  const [role, setRole] = useState<EditableRole>('support');
  const [status, setStatus] = useState('active');
  const { reset } = update;

  useEffect(() => {
    if (!user) return;
    setRole(user.role === 'moderator' ? 'moderator' : 'support');
    setStatus(user.isActive ? 'active' : 'inactive');
    reset();
  }, [user, reset]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, role, isActive: status === 'active' });
      onClose();
      onSaved();
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  };

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent
        title="Edit User"
        description={user ? `${user.firstName} ${user.lastName} · ${user.email}` : undefined}
        size="sm"
      >
        <form onSubmit={submit} className="flex flex-col gap-4">
          <FormField label="Role" htmlFor={`${id}-role`}>
            <Select
              id={`${id}-role`}
              options={ROLE_OPTIONS}
              value={role}
              onChange={(event) => setRole(event.target.value as EditableRole)}
            />
          </FormField>
          <FormField label="Status" htmlFor={`${id}-status`}>
            <Select
              id={`${id}-status`}
              options={STATUS_OPTIONS}
              value={status}
              onChange={(event) => setStatus(event.target.value)}
            />
          </FormField>
          <FormDialogActions
            failure={update.error ? errorMessage(update.error, 'Failed to update user.') : null}
            pending={update.isPending}
            submitLabel="Save Changes"
            onCancel={onClose}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
