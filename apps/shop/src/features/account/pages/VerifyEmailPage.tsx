import { Notice } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'wouter';
import { TextLink } from '../../../components/TextLink';
import { errorMessage } from '../../../lib/api';
import { useShopUser } from '../../../lib/auth';
import { accountQueries } from '../api';
import { AuthCard } from '../components/AuthCard';

/** /account/verify-email?token=… — the link from the verification e-mail. */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const user = useShopUser();
  const verification = useQuery(accountQueries.verifyEmail(token));

  return (
    <AuthCard
      title="Verify your e-mail"
      footer={
        <div className="flex flex-col gap-3">
          <TextLink href={user ? '/orders' : '/sign-in'}>{user ? 'Go to your account' : 'Sign in'}</TextLink>
          {verification.isError || !token ? (
            <TextLink href="/resend-verification">Send a new verification e-mail</TextLink>
          ) : null}
        </div>
      }
    >
      {!token ? (
        <Notice tone="error">This verification link is incomplete. Please use the link from the e-mail.</Notice>
      ) : verification.isPending ? (
        <Notice tone="info">Verifying your e-mail address…</Notice>
      ) : verification.isError ? (
        <Notice tone="error">{errorMessage(verification.error, 'Failed to verify the e-mail address')}</Notice>
      ) : (
        <Notice tone="success">{verification.data.message ?? 'Email verified successfully'}</Notice>
      )}
    </AuthCard>
  );
}
