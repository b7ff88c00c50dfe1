import type { AccessRule } from '@seamline/shared';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** What a back-office route tells the layout: the page title (header, tab title) and who may open it. */
export type RouteHandle = { title: string; rule: AccessRule };

/**
 * A lazily loaded back-office page: `page('orders', { title: 'Orders', rule: 'orders' }, () => import('…/OrdersPage'))`.
 * The module's default export is the page component.
 */
export function page(path: string, handle: RouteHandle, load: () => Promise<{ default: ComponentType }>): RouteObject {
  return { path, handle, lazy: async () => ({ Component: (await load()).default }) };
}
