import type { AccessRule } from '@seamline/shared';

/**
 * What a back-office route tells the layout: the page title (header, tab title) and who may open it. A module of its
 * own below both the routes and the layout, so neither imports the other.
 */
export type RouteHandle = { title: string; rule: AccessRule };
