import { PASSWORD_MIN, registerInput } from '@seamline/shared';
import { Button, TextField } from '@seamline/ui';
import { useLocation } from 'wouter';
import { SubmitForm } from '../../../components/SubmitForm';
import { TextLink } from '../../../components/TextLink';
import { useShopForm } from '../../../lib/use-shop-form';
import { register } from '../api';
import { AuthCard } from '../components/AuthCard';

/** /account/register — a customer account; the server signs it in and mails the verification link. */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const form = useShopForm(registerInput, {
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    fallback: 'The account could not be created. Please try again.',
  });

  return (
    <AuthCard
      title="Create account"
      footer={
        <p>
          Already have an account? <TextLink href="/sign-in">Sign in</TextLink>
        </p>
      }
    >
      <SubmitForm
        form={form}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        onSubmit={form.submit(register, () => navigate('/orders?welcome=1', { replace: true }))}
      >
        <TextField
          label="First name"
          autoComplete="given-name"
          error={form.errors.firstName}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={form.errors.lastName}
          {...form.register('lastName')}
        />
        <TextField
          className="sm:col-span-2"
          label="Email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
          {...form.register('email')}
        />
        <TextField
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters.`}
          className="sm:col-span-2"
          label="Password"
          error={form.errors.password}
          {...form.register('password')}
        />
        <Button size="xl" type="submit" className="sm:col-span-2" loading={form.pending}>
          {form.pending ? 'Creating account…' : 'Create account'}
        </Button>
      </SubmitForm>
    </AuthCard>
  );
}
