import { zodResolver } from '@hookform/resolvers/zod';
import { authContracts, forgotPasswordInput, resendVerificationInput } from '@seamline/shared';
import { Button, FormField, Input } from '@seamline/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api, errorMessage } from '../../../lib/api-client';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

/** The requests that take only an e-mail address and answer the same whether or not the account exists. */
type EmailRequest = typeof authContracts.forgotPassword | typeof authContracts.resendVerification;
type EmailForm = z.input<EmailRequest['body']>;

type EmailRequestPageProps = {
  request: EmailRequest;
  /** The request's body schema, imported as itself: in the browser a contract carries only its route. */
  schema: EmailRequest['body'];
  title: string;
  subtitle: string;
  submitLabel: string;
  /** Shown when the server's answer carries no message. */
  sent: string;
  /** Shown when the call fails without a message of the server's. */
  failed: string;
};

/** "Enter your e-mail": one field, one button, the server's answer above the form. */
function EmailRequestPage({ request, schema, title, subtitle, submitLabel, sent, failed }: EmailRequestPageProps) {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<EmailForm, unknown, z.output<EmailRequest['body']>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const answer = await api.call(request, { body: values });
      setResult({ tone: 'success', text: answer.message ?? sent });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, failed) });
    }
  });

  return (
    <AuthLayout title={title} subtitle={subtitle} footer={<TextLink to="/login">Back to sign in</TextLink>}>
      {result ? <FormAlert tone={result.tone}>{result.text}</FormAlert> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            aria-invalid={!!errors.email || undefined}
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </form>
    </AuthLayout>
  );
}

/** /forgot-password — asks for a reset link. */
export function ForgotPasswordPage() {
  return (
    <EmailRequestPage
      request={authContracts.forgotPassword}
      schema={forgotPasswordInput}
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new one."
      submitLabel="Send reset link"
      sent="If the address is registered, a reset link is on its way."
      failed="Failed to send the reset link"
    />
  );
}

/** /resend-verification — asks for a new e-mail confirmation link. */
export function ResendVerificationPage() {
  return (
    <EmailRequestPage
      request={authContracts.resendVerification}
      schema={resendVerificationInput}
      title="Resend verification e-mail"
      subtitle="We will send a new confirmation link to your address."
      submitLabel="Send verification e-mail"
      sent="If the address needs verifying, a new link is on its way."
      failed="Failed to send the verification e-mail"
    />
  );
}
