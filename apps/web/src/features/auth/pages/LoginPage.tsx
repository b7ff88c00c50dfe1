import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, loginInput, type TwoFactorChallenge } from '@seamline/shared';
import { Button, FormField, Input } from '@seamline/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAuth } from '../../../auth/auth-context';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';
import { TwoFactorStep } from '../components/TwoFactorStep';

/** /login — after success the route guard moves on to where the user was going, else /dashboard. */
export default function LoginPage() {
  const { login } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TwoFactorChallenge['twoFactor'] | null>(null);
  const form = useForm<z.input<typeof loginInput>, unknown, LoginInput>({
    resolver: zodResolver(loginInput),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await login(values).catch((error: Error) => {
      setFailure(error.message);
      return null;
    });
    if (outcome && 'challenge' in outcome) setChallenge(outcome.challenge);
  });

  if (challenge)
    return (
      <AuthLayout title="Two-factor sign-in" subtitle="One more step to confirm it is you.">
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title="Sign in to the back office"
      subtitle="Welcome back. Enter your staff account details."
      footer={
        <div className="flex flex-col gap-2">
          <span>
            No account yet? <TextLink to="/register">Create one</TextLink>
          </span>
          <span>
            Didn't get the verification e-mail? <TextLink to="/resend-verification">Send it again</TextLink>
          </span>
        </div>
      }
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <FormField label="Email" htmlFor="email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            autoFocus
            placeholder="you@company.com"
            aria-invalid={!!errors.email || undefined}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label="Password"
          htmlFor="password"
          error={errors.password?.message}
          aside={
            <TextLink to="/forgot-password" className="text-xs">
              Forgot password?
            </TextLink>
          }
        >
          <Input
            id="password"
            type="password"
            autoComplete="current-password"
            placeholder="••••••••"
            aria-invalid={!!errors.password || undefined}
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
          {isSubmitting ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
