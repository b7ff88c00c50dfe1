import { loginInput } from '@seamline/shared';
import { Button, TextField } from '@seamline/ui';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { SubmitForm } from '../../../components/SubmitForm';
import { TextLink } from '../../../components/TextLink';
import { useShopUser } from '../../../lib/auth';
import { useShopForm } from '../../../lib/use-shop-form';
import { signIn } from '../api';
import { AuthCard } from '../components/AuthCard';
import { nextPath } from '../next-path';

/** /account/sign-in — customers only; a staff account is told to use the back office. */
export default function SignInPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const form = useShopForm(loginInput, {
    defaultValues: { email: '', password: '' },
    fallback: 'Sign-in failed. Please try again.',
  });
  // Already signed in (another tab, or the back button): straight on.
  if (useShopUser() && !form.pending) return <Redirect to={nextPath(search)} replace />;

  return (
    <AuthCard
      title="Sign in"
      intro="Track orders, save addresses and check out faster."
      footer={
        <p>
          New here? <TextLink href="/register">Create an account</TextLink>
        </p>
      }
    >
      <SubmitForm
        form={form}
        className="flex flex-col gap-4"
        onSubmit={form.submit(signIn, () => navigate(nextPath(search), { replace: true }))}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={form.errors.email}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.errors.password}
          {...form.register('password')}
        />
        <Link href="/forgot-password" className="self-start text-sm underline underline-offset-4">
          Forgot password?
        </Link>
        <Button size="xl" type="submit" loading={form.pending}>
          {form.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </SubmitForm>
    </AuthCard>
  );
}
