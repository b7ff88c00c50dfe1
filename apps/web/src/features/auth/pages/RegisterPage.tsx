import { zodResolver } from '@hookform/resolvers/zod';
import { registerInput } from '@seamline/shared';
import { Button, FormField, Input } from '@seamline/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CUSTOMER_KEPT_OUT } from '../../../auth/AuthProvider';
import { useAuth } from '../../../auth/auth-context';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

type RegisterForm = z.input<typeof registerInput>;
type RegisterValues = z.output<typeof registerInput>;

/** Registration creates a customer account (staff accounts are made by an admin), so it ends with a notice. */
export default function RegisterPage() {
  const { register: registerAccount } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const form = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerInput),
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    await registerAccount(values).catch((error: Error) =>
      error.message === CUSTOMER_KEPT_OUT ? setCreated(true) : setFailure(error.message),
    );
  });

  if (created) {
    return (
      <AuthLayout title="Account created" footer={<TextLink to="/login">Back to sign in</TextLink>}>
        <FormAlert tone="success">
          Your account has been created. We sent you an e-mail to confirm your address.
        </FormAlert>
        <p className="text-sm text-slate-600">
          This back office is for store staff only. Staff accounts are created by an administrator; your account can be
          used on the storefront.
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create an account"
      subtitle="Register with your e-mail address."
      footer={
        <>
          Already have an account? <TextLink to="/login">Sign in</TextLink>
        </>
      }
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid grid-cols-2 gap-3">
          <FormField label="First name" htmlFor="firstName" error={errors.firstName?.message}>
            <Input id="firstName" autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" htmlFor="lastName" error={errors.lastName?.message}>
            <Input id="lastName" autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
        </div>
        <FormField label="Email" htmlFor="email" error={errors.email?.message} required>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email || undefined}
            {...form.register('email')}
          />
        </FormField>
        <FormField
          label="Password"
          htmlFor="password"
          error={errors.password?.message}
          hint="At least 8 characters."
          required
        >
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password || undefined}
            {...form.register('password')}
          />
        </FormField>
        <Button type="submit" size="lg" className="mt-1 w-full" loading={isSubmitting}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
