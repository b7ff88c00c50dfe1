import { loadChunk } from '@seamline/client';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import CheckoutFormPage from './CheckoutFormPage';

const ConfirmationPage = lazy(() => loadChunk(() => import('./ConfirmationPage')));
const PaymentReturnPage = lazy(() => loadChunk(() => import('./PaymentReturnPage')));

/**
 * /checkout: the form, /checkout/confirmation/:orderNumber once paid (or placed), and /checkout/return where Stripe
 * sends the shopper back after 3-D Secure.
 */
export default function CheckoutPage() {
  return (
    <Switch>
      <Route path="/confirmation/:orderNumber" component={ConfirmationPage} />
      <Route path="/return" component={PaymentReturnPage} />
      <Route component={CheckoutFormPage} />
    </Switch>
  );
}
