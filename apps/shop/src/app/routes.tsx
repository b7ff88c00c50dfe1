import { type ComponentType, Fragment, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../components/NotFoundPage';
import { HomePage } from '../features/browse/pages/HomePage';
import { LAZY_PAGES, type LazyPage, loadedPage, loadPage } from './lazy-pages';

/** A lazily loaded page: rendered directly once its code is here (opened at start), else through React's lazy. */
function lazyPage(load: LazyPage['load']): ComponentType {
  const Lazy = lazy(() => loadPage(load));
  return function Page(props) {
    const Loaded = loadedPage(load) ?? Lazy;
    return <Loaded {...props} />;
  };
}

/** One component per page's code: the search, category and brand routes share the listing page's. */
const components = new Map([...new Set(LAZY_PAGES.map((page) => page.load))].map((load) => [load, lazyPage(load)]));

/**
 * The storefront's pages (wouter: a 2 KB router, so the first bundle stays within the storefront's JavaScript
 * budget, see docs/decisions/0056-shop-router.md). Home is in the first bundle (the usual landing page); every other
 * page is loaded when first opened (lazy-pages.ts).
 */
export function ShopRoutes() {
  return (
    <Suspense fallback={<p className="py-16 text-center text-stone-600">Loading…</p>}>
      <Switch>
        <Route path="/" component={HomePage} />
        {LAZY_PAGES.map(({ path, nest, load }) => (
          // The key is the fragment's, which the router unwraps: the route it renders has none, so moving between
          // routes of one page (a category to a brand) keeps that page mounted, as routes written one by one did.
          <Fragment key={path}>
            <Route path={path} nest={nest} component={components.get(load)} />
          </Fragment>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
