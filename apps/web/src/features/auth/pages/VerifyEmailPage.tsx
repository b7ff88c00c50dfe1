import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { authQueries } from '../api';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';
import { TextLink } from '../components/TextLink';

/** /verify-email?token=… — confirms the address once (the query dedupes, the token is single-use). */
export default function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const verification = useQuery(authQueries.verifyEmail(token));

  return (
    <AuthLayout
      title="Verify your e-mail"
      footer={
        <div className="flex flex-col gap-2">
          <TextLink to="/login">Go to sign in</TextLink>
          {verification.isError || !token ? (
            <TextLink to="/resend-verification">Send a new verification e-mail</TextLink>
          ) : null}
        </div>
      }
    >
      {!token ? (
        <FormAlert tone="error">This verification link is incomplete. Please use the link from the e-mail.</FormAlert>
      ) : verification.isPending ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Verifying your e-mail address...
        </div>
      ) : verification.isError ? (
        <FormAlert tone="error">{errorMessage(verification.error, 'Failed to verify the e-mail address')}</FormAlert>
      ) : (
        <FormAlert tone="success">{verification.data.message ?? 'Email verified successfully'}</FormAlert>
      )}
    </AuthLayout>
  );
}
