import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageError } from './layout/RouteError';
import type { RouteHandle } from './route-handle';

/**
 * A lazily loaded back-office page: `page('orders', { title: 'Orders', rule: 'orders' }, () => import('…/OrdersPage'))`.
 * The module's default export is the page component. If its code does not arrive or it throws, the page area shows
 * a friendly error with 'Try Again' while the sidebar stays usable.
 */
export function page(path: string, handle: RouteHandle, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path, handle, lazy: lazyComponent(load), ErrorBoundary: PageError };
}

/**
 * A route's `lazy` that never rejects: if the code does not arrive, the route gets a component that throws the load
 * error, so the route's own error boundary shows it. (A rejected `lazy` leaves the route unresolved and the router
 * renders an empty screen instead of any error boundary.)
 */
export function lazyComponent(
  load: () => Promise<{ default: ComponentType }>,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}
