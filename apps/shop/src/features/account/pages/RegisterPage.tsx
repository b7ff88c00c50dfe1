import { registerInput } from '@seamline/shared';
import { useLocation } from 'wouter';
import { SubmitForm } from '../../../components/account/SubmitForm';
import { Button } from '../../../components/Button';
import { Field, NewPasswordField } from '../../../components/Field';
import { TextLink } from '../../../components/TextLink';
import { useFormSubmit } from '../../../lib/account/use-form-submit';
import { register } from '../api';
import { AuthCard } from '../components/AuthCard';

/** /account/register — a customer account; the server signs it in and mails the verification link. */
export default function RegisterPage() {
  const [, navigate] = useLocation();
  const form = useFormSubmit(registerInput, register, 'The account could not be created. Please try again.');

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
        onSubmitted={() => navigate('/orders?welcome=1', { replace: true })}
      >
        <Field label="First name" name="firstName" autoComplete="given-name" error={form.errors.firstName} />
        <Field label="Last name" name="lastName" autoComplete="family-name" error={form.errors.lastName} />
        <Field
          className="sm:col-span-2"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
        />
        <NewPasswordField className="sm:col-span-2" label="Password" name="password" error={form.errors.password} />
        <Button type="submit" className="sm:col-span-2" busy={form.pending}>
          {form.pending ? 'Creating account…' : 'Create account'}
        </Button>
      </SubmitForm>
    </AuthCard>
  );
}
