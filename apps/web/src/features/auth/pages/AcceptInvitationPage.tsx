import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInvitationInput, INVITATION_MESSAGES, invitationContracts, TOAST_MS, whenValid } from '@seamline/shared';
import { Button, FormField, Input, useToast } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client';
import { authQueries } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

const ROLE_LABEL = { support: 'Support', moderator: 'Moderator' } as const;

// The shared accept schema without the token (it comes from the link), plus the confirmation typed twice.
const acceptForm = acceptInvitationInput
  .omit({ token: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    ...whenValid({ password: z.string(), confirmPassword: z.string() }, ['password', 'confirmPassword']),
  });
type AcceptFormInput = z.input<typeof acceptForm>;
type AcceptFormData = z.output<typeof acceptForm>;

/**
 * /accept-invitation?token=… — the link from an invitation e-mail: the invitee chooses their name and password, then
 * signs in (where two-factor setup follows when the store requires it). A used, expired or revoked link says so.
 */
export default function AcceptInvitationPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast(TOAST_MS.users);
  const invitation = useQuery(authQueries.invitation(token));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AcceptFormInput, unknown, AcceptFormData>({
    resolver: zodResolver(acceptForm),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ firstName, lastName, password }) => {
    setFailure(null);
    try {
      const answer = await api.call(invitationContracts.accept, { body: { token, firstName, lastName, password } });
      toast.success(answer.message ?? INVITATION_MESSAGES.accepted);
      navigate('/login', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to accept the invitation'));
    }
  });

  const footer = <TextLink to="/login">Go to sign in</TextLink>;
  if (!token) {
    return (
      <AuthLayout title="Join Seamline" footer={footer}>
        <FormAlert tone="error">
          This invitation link is incomplete. Please use the link from the e-mail again.
        </FormAlert>
      </AuthLayout>
    );
  }
  if (invitation.isPending) {
    return (
      <AuthLayout title="Join Seamline" footer={footer}>
        <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Checking your invitation...
        </div>
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    return (
      <AuthLayout title="Join Seamline" footer={footer}>
        <FormAlert tone="error">{errorMessage(invitation.error, INVITATION_MESSAGES.invalidLink)}</FormAlert>
      </AuthLayout>
    );
  }

  const { email, role } = invitation.data;
  return (
    <AuthLayout
      title="Join Seamline"
      subtitle={
        <>
          You are invited as <strong>{ROLE_LABEL[role]}</strong> with <strong>{email}</strong>. Choose your name and
          password.
        </>
      }
      footer={footer}
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" htmlFor="firstName" error={errors.firstName?.message}>
            <Input
              id="firstName"
              autoComplete="given-name"
              autoFocus
              aria-invalid={!!errors.firstName || undefined}
              {...form.register('firstName')}
            />
          </FormField>
          <FormField label="Last name" htmlFor="lastName" error={errors.lastName?.message}>
            <Input
              id="lastName"
              autoComplete="family-name"
              aria-invalid={!!errors.lastName || undefined}
              {...form.register('lastName')}
            />
          </FormField>
        </div>
        {/* The account's e-mail, for password managers (it is fixed by the invitation). */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <FormField label="Password" htmlFor="password" error={errors.password?.message}>
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password || undefined}
            {...form.register('password', {
              onChange: () => form.getFieldState('confirmPassword').isTouched && form.trigger('confirmPassword'),
            })}
          />
        </FormField>
        <FormField label="Confirm password" htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
          <Input
            id="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword || undefined}
            {...form.register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Create my account
        </Button>
      </form>
    </AuthLayout>
  );
}
