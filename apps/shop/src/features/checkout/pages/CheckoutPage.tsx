import { loadChunk } from '@seamline/client';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import CheckoutFormPage from './CheckoutFormPage';

const ConfirmationPage = lazy(() => loadChunk(() => import('./ConfirmationPage')));

/** /checkout: the form, and /checkout/confirmation/:orderNumber once paid. */
export default function CheckoutPage() {
  return (
    <Switch>
      <Route path="/confirmation/:orderNumber" component={ConfirmationPage} />
      <Route component={CheckoutFormPage} />
    </Switch>
  );
}
