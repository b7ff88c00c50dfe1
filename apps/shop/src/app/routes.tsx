import { loadChunk } from '@seamline/client';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/NotFoundPage';
import { HomePage } from '../features/browse/pages/HomePage';

/** A page loaded when first opened; code that does not arrive reloads the page once (loadChunk). */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => loadChunk(load));
}

const ListingPage = lazyPage(() => import('../features/browse/pages/ListingPage'));
const ProductPage = lazyPage(() => import('../features/product/pages/ProductPage'));
const CartPage = lazyPage(() => import('../features/cart/pages/CartPage'));
const CheckoutPage = lazyPage(() => import('../features/checkout/pages/CheckoutPage'));
const TrackOrderPage = lazyPage(() => import('../features/orders/pages/TrackOrderPage'));
const AccountRoutes = lazyPage(() => import('./AccountRoutes'));
const UnsubscribePage = lazyPage(() => import('../features/alerts/pages/UnsubscribePage'));

/**
 * The storefront's pages (wouter: a 2 KB router, so the first bundle stays within the storefront's JavaScript
 * budget, see docs/decisions/0056-shop-router.md). Home is in the first bundle (the usual landing page); every other
 * page is loaded when first opened.
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
        <Route path="/alerts/unsubscribe/:token" component={UnsubscribePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
