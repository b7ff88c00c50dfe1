import { authContracts, newPasswordForm, PASSWORD_MIN } from '@seamline/shared';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { AuthCard } from '../../components/account/AuthCard';
import { Button } from '../../components/account/Button';
import { Field } from '../../components/account/Field';
import { Notice } from '../../components/account/Notice';
import { TextLink } from '../../components/account/TextLink';
import { formValues, useFormSubmit } from '../../lib/account/use-form-submit';
import { api } from '../../lib/api';

/** /account/reset-password?token=… — the link from the reset e-mail. */
export default function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState('');
  const form = useFormSubmit(
    newPasswordForm,
    ({ password }) => api.call(authContracts.resetPassword, { body: { token, password } }),
    'The password could not be reset. Please try again.',
  );

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
      <Notice tone="success">{done}</Notice>
      <Notice tone="error">{form.formError}</Notice>
      {done ? null : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await form.submit(event.currentTarget, formValues(event.currentTarget));
            if (answer) setDone(answer.message ?? 'Password has been reset. You can now sign in.');
          }}
        >
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={form.errors.password}
          />
          <Field
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            error={form.errors.confirmPassword}
          />
          <Button type="submit" busy={form.pending} disabled={!token}>
            Reset password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
