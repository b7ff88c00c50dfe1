import { TextLink } from '../../../components/TextLink';
import { forgotPassword } from '../api';
import { AuthCard } from '../components/AuthCard';
import { EmailRequestForm } from '../components/EmailRequestForm';

/** /account/forgot-password — mails a reset link to /shop/account/reset-password?token=. */
export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the e-mail of your account and we will send you a link to choose a new password."
      footer={<TextLink href="/sign-in">Back to sign in</TextLink>}
    >
      <EmailRequestForm submitLabel="Send reset link" send={forgotPassword} />
    </AuthCard>
  );
}
