import { loadChunk } from '@seamline/client';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../features/browse/pages/HomePage';
import { NotFoundPage } from '../components/NotFoundPage';

/**
 * A page loaded when first opened, together with the query client it reads through (not in the first bundle). Code
 * that does not arrive reloads the page once (loadChunk).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Page }, { WithQueries }] = await loadChunk(() => Promise.all([load(), import('./with-queries')]));
    return {
      default: () => (
        <WithQueries>
          <Page />
        </WithQueries>
      ),
    };
  });
}

const ListingPage = lazyPage(() => import('../features/browse/pages/ListingPage'));
const ProductPage = lazyPage(() => import('../features/product/pages/ProductPage'));
const CartPage = lazyPage(() => import('../features/cart/pages/CartPage'));
const CheckoutPage = lazyPage(() => import('../features/checkout/pages/CheckoutPage'));
const TrackOrderPage = lazyPage(() => import('../features/orders/pages/TrackOrderPage'));
const AccountRoutes = lazyPage(() => import('./AccountRoutes'));

/**
 * The storefront's pages (wouter: a 2 KB router, so the first bundle stays within the storefront's JavaScript
 * budget). Home is in the first bundle (the usual landing page, reading without the query library); every other page
 * is loaded when first opened, with the query client.
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
