import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';

/**
 * The storefront's pages (wouter: a 2 KB router, so the first bundle stays within the storefront's JavaScript
 * budget). Home is in the first bundle (the usual landing page); other pages are `lazy(() => import(...))` components,
 * loaded when first opened.
 */
export function ShopRoutes() {
  return (
    <Suspense fallback={<p className="py-16 text-center text-stone-600">Loading…</p>}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
