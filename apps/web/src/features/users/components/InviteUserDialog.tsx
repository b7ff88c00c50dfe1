import { zodResolver } from '@hookform/resolvers/zod';
import {
  INVITATION_MESSAGES,
  INVITATIONS,
  type InviteStaffData,
  type InviteStaffInput,
  inviteStaffInput,
} from '@seamline/shared';
import { controlProps, Dialog, DialogContent, FormDialogActions, FormField, Input, Select } from '@seamline/ui';
import { Mail } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useInviteStaff } from '../api';
import { ROLE_OPTIONS } from './roles';

const EMPTY: InviteStaffInput = { email: '', role: 'support' };

export type InviteUserDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInvited: (email: string) => void;
};

/** Invite User: an e-mail and a role; the invitee chooses their own password from the mailed link. */
export function InviteUserDialog({ open, onOpenChange, onInvited }: InviteUserDialogProps) {
  const id = useId();
  const invite = useInviteStaff();
  const form = useForm<InviteStaffInput, unknown, InviteStaffData>({
    resolver: zodResolver(inviteStaffInput),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isValid } = form.formState;
  const { reset: resetForm } = form;
  const { reset: resetMutation } = invite;

  useEffect(() => {
    if (open) {
      resetForm(EMPTY);
      resetMutation();
    }
  }, [open, resetForm, resetMutation]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const { invitation } = await invite.mutateAsync(values);
      onOpenChange(false);
      onInvited(invitation.email);
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  });

  const field = controlProps(form, id);

  return (
    <Dialog open={open} onOpenChange={(next) => !invite.isPending && onOpenChange(next)}>
      <DialogContent
        title="Invite User"
        description={`They get an e-mail with a link to choose their own password (valid for ${INVITATIONS.ttlHours} hours, once).`}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormField label="Email" htmlFor={`${id}-email`} error={errors.email?.message} required>
            <Input type="email" autoComplete="off" placeholder="jane.doe@example.com" {...field('email')} />
          </FormField>
          <FormField label="Role" htmlFor={`${id}-role`} error={errors.role?.message}>
            <Select options={ROLE_OPTIONS} {...field('role')} />
          </FormField>
          <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-800">
            <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
            {INVITATION_MESSAGES.role} When two-factor sign-in is required, they set it up at their first sign-in.
          </p>
          <FormDialogActions
            failure={invite.error ? errorMessage(invite.error, 'Failed to send the invitation.') : null}
            pending={invite.isPending}
            submitLabel="Send Invitation"
            onCancel={() => onOpenChange(false)}
            submitDisabled={!isValid}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
