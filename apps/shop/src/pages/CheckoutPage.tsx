import { loadChunk } from '@seamline/client';
import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import CheckoutFormPage from './checkout/CheckoutFormPage';

const ConfirmationPage = lazy(() => loadChunk(() => import('./checkout/ConfirmationPage')));

/** /checkout: the form, and /checkout/confirmation/:orderNumber once paid. */
export default function CheckoutPage() {
  return (
    <Switch>
      <Route path="/confirmation/:orderNumber" component={ConfirmationPage} />
      <Route component={CheckoutFormPage} />
    </Switch>
  );
}
