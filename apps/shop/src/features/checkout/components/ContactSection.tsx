import { TextField } from '@seamline/ui';
import { Link } from 'wouter';
import { CheckoutSection } from '../../../components/checkout/CheckoutSection';
import { shopHref } from '../../../lib/paths';
import type { Checkout } from '../use-checkout';

/** Who the order is for: the signed-in customer, or a guest's e-mail (with a way to sign in instead). */
export function ContactSection({ checkout }: { checkout: Checkout }) {
  const { user, register, errors } = checkout;
  return (
    <CheckoutSection title="Contact" id="contact-heading">
      {user ? (
        <p className="text-sm">
          Signed in as <span className="font-medium">{user.email}</span>
        </p>
      ) : (
        <>
          <TextField
            id="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <p className="mt-2 text-sm text-stone-600">
            Have an account?{' '}
            <Link href={shopHref('/account/sign-in')} className="underline">
              Sign in
            </Link>
          </p>
        </>
      )}
    </CheckoutSection>
  );
}
