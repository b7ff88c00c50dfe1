import { TextLink } from '../../../components/TextLink';
import { useShopUser } from '../../../lib/auth';
import { resendVerification } from '../api';
import { AuthCard } from '../components/AuthCard';
import { EmailRequestForm } from '../components/EmailRequestForm';

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
      <EmailRequestForm submitLabel="Send verification e-mail" defaultEmail={user?.email} send={resendVerification} />
    </AuthCard>
  );
}
