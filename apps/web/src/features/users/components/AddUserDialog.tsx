import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREATE_ROLE_MESSAGE,
  type CreateUserData,
  type CreateUserInput,
  createUserInput,
  PHONE_HINT,
} from '@seamline/shared';
import { controlProps, Dialog, DialogContent, FormDialogActions, FormField, Input, Select } from '@seamline/ui';
import { Info } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useCreateUser } from '../api';
import { ROLE_OPTIONS } from './roles';

const EMPTY: CreateUserInput = { firstName: '', lastName: '', email: '', password: '', phone: '', role: 'support' };

export type AddUserDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void };

/** Add New User: the shared schema validates as the user types; submit only when the required four are valid. */
export function AddUserDialog({ open, onOpenChange, onCreated }: AddUserDialogProps) {
  const id = useId();
  const create = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserData>({
    resolver: zodResolver(createUserInput),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isValid } = form.formState;
  const { reset: resetForm } = form;
  const { reset: resetMutation } = create;

  useEffect(() => {
    if (open) {
      resetForm(EMPTY);
      resetMutation();
    }
  }, [open, resetForm, resetMutation]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      onOpenChange(false);
      onCreated();
    } catch {
      // Shown inside the dialog from the mutation's error.
    }
  });

  const field = controlProps(form, id);

  return (
    <Dialog open={open} onOpenChange={(next) => !create.isPending && onOpenChange(next)}>
      <DialogContent title="Add New User" description="Create a staff account for your team.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First Name" htmlFor={`${id}-firstName`} error={errors.firstName?.message} required>
              <Input autoComplete="off" placeholder="Jane" {...field('firstName')} />
            </FormField>
            <FormField label="Last Name" htmlFor={`${id}-lastName`} error={errors.lastName?.message} required>
              <Input autoComplete="off" placeholder="Doe" {...field('lastName')} />
            </FormField>
          </div>
          <FormField label="Email" htmlFor={`${id}-email`} error={errors.email?.message} required>
            <Input type="email" autoComplete="off" placeholder="jane.doe@example.com" {...field('email')} />
          </FormField>
          <FormField label="Password" htmlFor={`${id}-password`} error={errors.password?.message} required>
            <Input type="password" autoComplete="new-password" {...field('password')} />
          </FormField>
          <FormField label="Phone (optional)" htmlFor={`${id}-phone`} error={errors.phone?.message} hint={PHONE_HINT}>
            <Input type="tel" autoComplete="off" placeholder="5551234567" {...field('phone')} />
          </FormField>
          <FormField label="Role" htmlFor={`${id}-role`}>
            <Select options={ROLE_OPTIONS} {...field('role')} />
          </FormField>
          <p className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-800">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {CREATE_ROLE_MESSAGE}
          </p>
          <FormDialogActions
            failure={create.error ? errorMessage(create.error, 'Failed to create user.') : null}
            pending={create.isPending}
            submitLabel="Create User"
            onCancel={() => onOpenChange(false)}
            submitDisabled={!isValid}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
