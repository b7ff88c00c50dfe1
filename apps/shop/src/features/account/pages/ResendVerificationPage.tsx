import { authContracts } from '@seamline/shared';
import { AuthCard } from '../components/AuthCard';
import { EmailRequestForm } from '../components/EmailRequestForm';
import { TextLink } from '../../../components/TextLink';
import { api } from '../../../lib/api';
import { useShopUser } from '../../../lib/auth';

/** /account/resend-verification — a new verification link (the old ones stop working). */
export default function ResendVerificationPage() {
  const user = useShopUser();
  return (
    <AuthCard
      title="Verify your e-mail"
      intro="We will send a new verification link to your e-mail address."
      footer={
        <TextLink href={user ? '/orders' : '/sign-in'}>{user ? 'Back to your account' : 'Back to sign in'}</TextLink>
      }
    >
      <EmailRequestForm
        submitLabel="Send verification e-mail"
        defaultEmail={user?.email}
        send={(email) => api.call(authContracts.resendVerification, { body: { email } })}
      />
    </AuthCard>
  );
}
