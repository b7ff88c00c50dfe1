import { Redirect, Route, Switch, useLocation } from 'wouter';
import { AccountShell } from '../features/account/components/AccountShell';
import { AddressesPage } from '../features/account/pages/AddressesPage';
import { CardsPage } from '../features/account/pages/CardsPage';
import { AccountDeletedPage, DeleteAccountPage } from '../features/account/pages/DeleteAccountPage';
import ForgotPasswordPage from '../features/account/pages/ForgotPasswordPage';
import { MyReviewsPage } from '../features/account/pages/MyReviewsPage';
import { ProfilePage } from '../features/account/pages/ProfilePage';
import RegisterPage from '../features/account/pages/RegisterPage';
import ResendVerificationPage from '../features/account/pages/ResendVerificationPage';
import ResetPasswordPage from '../features/account/pages/ResetPasswordPage';
import SignInPage from '../features/account/pages/SignInPage';
import VerifyEmailPage from '../features/account/pages/VerifyEmailPage';
import { GuestWishlistPage, WishlistPage } from '../features/account/pages/WishlistPage';
import { EditReviewPage, WriteReviewPage } from '../features/account/pages/WriteReviewPage';
import { OrderDetailPage } from '../features/orders/pages/OrderDetailPage';
import { OrdersPage } from '../features/orders/pages/OrdersPage';
import { ReturnRequestPage } from '../features/orders/pages/ReturnRequestPage';
import { useShopUser } from '../lib/auth';

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
        <Route path="/reviews" component={MyReviewsPage} />
        <Route path="/reviews/new" component={WriteReviewPage} />
        <Route path="/reviews/:id/edit" component={EditReviewPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/addresses" component={AddressesPage} />
        <Route path="/cards" component={CardsPage} />
        <Route path="/wishlist" component={WishlistPage} />
        <Route path="/delete" component={DeleteAccountPage} />
        <Route>
          <Redirect to="/orders" replace />
        </Route>
      </Switch>
    </AccountShell>
  );
}

/** The wishlist is open to guests too: their list is kept in the browser until they sign in. */
function WishlistArea() {
  const user = useShopUser();
  return user ? <SignedInArea /> : <GuestWishlistPage />;
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
      <Route path="/wishlist" component={WishlistArea} />
      <Route component={SignedInArea} />
    </Switch>
  );
}
