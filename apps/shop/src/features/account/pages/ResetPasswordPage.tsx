import { newPasswordForm, PASSWORD_MIN } from '@seamline/shared';
import { Button, Notice, TextField } from '@seamline/ui';
import { useSearchParams } from 'wouter';
import { SubmitForm } from '../../../components/SubmitForm';
import { TextLink } from '../../../components/TextLink';
import { useShopForm } from '../../../lib/use-shop-form';
import { resetPassword } from '../api';
import { AuthCard } from '../components/AuthCard';

/** /account/reset-password?token=… — the link from the reset e-mail. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useShopForm(newPasswordForm, {
    defaultValues: { password: '', confirmPassword: '' },
    fallback: 'The password could not be reset. Please try again.',
  });

  return (
    <AuthCard
      title="Choose a new password"
      footer={
        <div className="flex flex-col gap-3">
          <TextLink href="/sign-in">Go to sign in</TextLink>
          <TextLink href="/forgot-password">Send a new reset link</TextLink>
        </div>
      }
    >
      {!token ? (
        <Notice tone="error">This reset link is incomplete. Please use the link from the e-mail.</Notice>
      ) : null}
      {form.success ? (
        <Notice tone="success">{form.success}</Notice>
      ) : (
        <SubmitForm
          form={form}
          className="flex flex-col gap-4"
          onSubmit={form.submit(
            ({ password }) => resetPassword(token, password),
            (answer) => form.setSuccess(answer.message ?? 'Password has been reset. You can now sign in.'),
          )}
        >
          <TextField
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            label="New password"
            error={form.errors.password}
            {...form.register('password')}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={form.errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
          <Button size="xl" type="submit" loading={form.pending} disabled={!token}>
            Reset password
          </Button>
        </SubmitForm>
      )}
    </AuthCard>
  );
}
