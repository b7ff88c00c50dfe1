import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationInput } from '@seamline/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, FormField, Input } from '../../../components/ui';
import { api, errorMessage } from '../../../lib/api-client';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

export default function ResendVerificationPage() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<z.input<typeof resendVerificationInput>, unknown, z.output<typeof resendVerificationInput>>({
    resolver: zodResolver(resendVerificationInput),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const answer = await api.post<never>('/auth/resend-verification', values);
      setResult({
        tone: 'success',
        text: answer.message ?? 'If the address needs verifying, a new link is on its way.',
      });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, 'Failed to send the verification e-mail') });
    }
  });

  return (
    <AuthLayout
      title="Resend verification e-mail"
      subtitle="We will send a new confirmation link to your address."
      footer={<TextLink to="/login">Back to sign in</TextLink>}
    >
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
          Send verification e-mail
        </Button>
      </form>
    </AuthLayout>
  );
}
