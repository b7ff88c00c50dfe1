import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordInput } from '@seamline/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, FormField, Input } from '../../../components/ui';
import { api, errorMessage } from '../../../lib/api-client';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

/** Asks for a reset link; the server answers the same whether or not the address exists. */
export default function ForgotPasswordPage() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<z.input<typeof forgotPasswordInput>, unknown, z.output<typeof forgotPasswordInput>>({
    resolver: zodResolver(forgotPasswordInput),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const answer = await api.post<never>('/auth/forgot-password', values);
      setResult({
        tone: 'success',
        text: answer.message ?? 'If the address is registered, a reset link is on its way.',
      });
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, 'Failed to send the reset link') });
    }
  });

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new one."
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
          Send reset link
        </Button>
      </form>
    </AuthLayout>
  );
}
