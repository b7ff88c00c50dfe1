import { loadChunk } from '@seamline/client';
import type { ComponentType } from 'react';
import { parse } from 'regexparam';
import { SHOP_BASE } from '../lib/paths';

type PageModule = { default: ComponentType };
type LoadPage = () => Promise<PageModule>;

/** A page whose code is not in the first bundle: its route (wouter's pattern; `nest` for a page with its own routes). */
export type LazyPage = { path: string; nest?: boolean; load: LoadPage };

const listing = () => import('../features/browse/pages/ListingPage');

/** Every page but home (the usual landing page, in the first bundle) and the not-found page, in the router's order. */
export const LAZY_PAGES: readonly LazyPage[] = [
  { path: '/search', load: listing },
  { path: '/category/:category', load: listing },
  { path: '/brand/:brand', load: listing },
  { path: '/products/:slug', load: () => import('../features/product/pages/ProductPage') },
  { path: '/cart', load: () => import('../features/cart/pages/CartPage') },
  { path: '/checkout', nest: true, load: () => import('../features/checkout/pages/CheckoutPage') },
  { path: '/track', load: () => import('../features/orders/pages/TrackOrderPage') },
  { path: '/account', nest: true, load: () => import('./AccountRoutes') },
  { path: '/alerts/unsubscribe/:token', load: () => import('../features/alerts/pages/UnsubscribePage') },
];

const loading = new Map<LoadPage, Promise<PageModule>>();
const loaded = new Map<LoadPage, ComponentType>();

/**
 * A page's code, loaded once whoever asks first (the opened page at start, or the router). Code that does not arrive
 * reloads the page once (loadChunk); a failure is forgotten, so the next render asks again.
 */
export function loadPage(load: LoadPage): Promise<PageModule> {
  let pending = loading.get(load);
  if (!pending) {
    pending = loadChunk(load).then((module) => {
      loaded.set(load, module.default);
      return module;
    });
    pending.catch(() => loading.delete(load));
    loading.set(load, pending);
  }
  return pending;
}

/** The page's component once its code has arrived: the router renders it directly, without suspending. */
export const loadedPage = (load: LoadPage) => loaded.get(load);

/** The lazily loaded page at a browser path, matched as the router matches it (under the shop's base). */
export function lazyPageAt(pathname: string): LazyPage | undefined {
  if (!pathname.toLowerCase().startsWith(SHOP_BASE)) return undefined;
  const path = pathname.slice(SHOP_BASE.length) || '/';
  return LAZY_PAGES.find((page) => parse(page.path, page.nest).pattern.test(path));
}
