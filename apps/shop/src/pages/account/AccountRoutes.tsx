import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AccountShell } from '../../components/account/AccountShell';
import { useShopUser } from '../../lib/auth';
import { AddressesPage } from './AddressesPage';
import { CardsPage } from './CardsPage';
import { AccountDeletedPage, DeleteAccountPage } from './DeleteAccountPage';
import ForgotPasswordPage from './ForgotPasswordPage';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';
import { ProfilePage } from './ProfilePage';
import RegisterPage from './RegisterPage';
import ResendVerificationPage from './ResendVerificationPage';
import ResetPasswordPage from './ResetPasswordPage';
import { ReturnRequestPage } from './ReturnRequestPage';
import SignInPage from './SignInPage';
import VerifyEmailPage from './VerifyEmailPage';

/** The pages a signed-in customer sees; anyone else is sent to sign in and brought back afterwards. */
function SignedInArea() {
  const user = useShopUser();
  const [location] = useLocation();
  if (!user) return <Redirect to={`/sign-in?next=${encodeURIComponent(location)}`} replace />;
  return (
    <AccountShell>
      <Switch>
        <Route path="/" component={OrdersPage} />
        <Route path="/orders" component={OrdersPage} />
        <Route path="/orders/:id/return" component={ReturnRequestPage} />
        <Route path="/orders/:id" component={OrderDetailPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/addresses" component={AddressesPage} />
        <Route path="/cards" component={CardsPage} />
        <Route path="/delete" component={DeleteAccountPage} />
        <Route>
          <Redirect to="/orders" replace />
        </Route>
      </Switch>
    </AccountShell>
  );
}

/** /shop/account/…: the sign-in screens (open to anyone, linked from the mails) and the signed-in account area. */
export default function AccountRoutes() {
  return (
    <Switch>
      <Route path="/sign-in" component={SignInPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route path="/resend-verification" component={ResendVerificationPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/deleted" component={AccountDeletedPage} />
      <Route component={SignedInArea} />
    </Switch>
  );
}
