import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';

const ListingPage = lazy(() => import('../pages/ListingPage'));
const ProductPage = lazy(() => import('../pages/ProductPage'));
const CartPage = lazy(() => import('../pages/CartPage'));
const CheckoutPage = lazy(() => import('../pages/CheckoutPage'));
const TrackOrderPage = lazy(() => import('../pages/TrackOrderPage'));
const AccountRoutes = lazy(() => import('../pages/account/AccountRoutes'));

/**
 * The storefront's pages (wouter: a 2 KB router, so the first bundle stays within the storefront's JavaScript
 * budget). Home is in the first bundle (the usual landing page); every other page is loaded when first opened.
 */
export function ShopRoutes() {
  return (
    <Suspense fallback={<p className="py-16 text-center text-stone-600">Loading…</p>}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/search" component={ListingPage} />
        <Route path="/category/:category" component={ListingPage} />
        <Route path="/brand/:brand" component={ListingPage} />
        <Route path="/products/:slug" component={ProductPage} />
        <Route path="/cart" component={CartPage} />
        <Route path="/checkout" nest component={CheckoutPage} />
        <Route path="/track" component={TrackOrderPage} />
        <Route path="/account" nest component={AccountRoutes} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
