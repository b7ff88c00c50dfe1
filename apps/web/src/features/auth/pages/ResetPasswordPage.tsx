import { zodResolver } from '@hookform/resolvers/zod';
import { authContracts, passwordSchema, whenValid } from '@seamline/shared';
import { Button, FormField, Input } from '@seamline/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

const newPasswordForm = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
    // Compare what was typed even while the new password is still too short: the mismatch is a fact of its own.
    ...whenValid({ password: z.string(), confirmPassword: z.string() }, ['password', 'confirmPassword']),
  });
type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** /reset-password?token=… — the link from the reset e-mail. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordForm),
    // Messages show on blur, then follow the typing.
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setResult(null);
    try {
      const answer = await api.call(authContracts.resetPassword, { body: { token, password } });
      setResult({ tone: 'success', text: answer.message ?? 'Password has been reset. You can now sign in.' });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, 'Failed to reset the password') });
    }
  });

  if (!token) {
    return (
      <AuthLayout title="Reset your password" footer={<TextLink to="/forgot-password">Request a new link</TextLink>}>
        <FormAlert tone="error">This reset link is incomplete. Please use the link from the e-mail again.</FormAlert>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Use at least 8 characters."
      footer={<TextLink to="/login">Back to sign in</TextLink>}
    >
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      {result?.tone === 'success' ? (
        <Button asChild size="lg" className="w-full">
          <TextLink to="/login" className="text-white hover:text-white hover:no-underline">
            Sign in
          </TextLink>
        </Button>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <FormField label="New password" htmlFor="password" error={errors.password?.message}>
            <Input
              id="password"
              type="password"
              autoComplete="new-password"
              autoFocus
              aria-invalid={!!errors.password || undefined}
              {...form.register('password', {
                // Keep the mismatch message current once the confirmation has been visited.
                onChange: () => form.getFieldState('confirmPassword').isTouched && form.trigger('confirmPassword'),
              })}
            />
          </FormField>
          <FormField label="Confirm new password" htmlFor="confirmPassword" error={errors.confirmPassword?.message}>
            <Input
              id="confirmPassword"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.confirmPassword || undefined}
              {...form.register('confirmPassword')}
            />
          </FormField>
          <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
            Reset password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
