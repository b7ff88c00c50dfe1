import { ACCESS, type Role } from '@seamline/shared';
import type { RouteAccess } from '../../src/types.js';
import type { ScenarioTable } from './types.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const STAFF_ROLES: readonly Role[] = ['admin', 'moderator', 'support'];

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Whether a route's access lets some staff member call it. */
export function staffCanCall(access: RouteAccess['access']): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  return (ACCESS[access] as readonly Role[]).some((role) => STAFF_ROLES.includes(role));
}

/** Every POST, PUT, PATCH and DELETE under /api that staff can call, once each. */
export function mutatingStaffRoutes(routeTable: RouteAccess[]): RouteAccess[] {
  const seen = new Set<string>();
  return routeTable.filter((route) => {
    const key = routeKey(route);
    if (!route.url.startsWith('/api') || !MUTATING.has(route.method) || !staffCanCall(route.access)) return false;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Problems with the scenario table: routes without an entry, entries for routes that do not exist, and
 * role-restricted staff routes excused from logging (only public/authenticated routes may be). */
export function coverageProblems(routeTable: RouteAccess[], table: ScenarioTable): string[] {
  const routes = mutatingStaffRoutes(routeTable);
  const keys = new Set(routes.map(routeKey));
  const problems: string[] = [];
  for (const route of routes) {
    const entry = table[routeKey(route)];
    if (!entry) problems.push(`no scenario for ${routeKey(route)}`);
    else if (typeof entry !== 'function' && route.access !== 'public' && route.access !== 'authenticated')
      problems.push(`${routeKey(route)} is a staff route and must be logged`);
  }
  for (const key of Object.keys(table)) if (!keys.has(key)) problems.push(`scenario for unknown route ${key}`);
  return problems;
}

/** A role refused by the route, preferring a staff role (customer when every staff role may call it). */
export function refusedRole(access: RouteAccess['access']): Role | null {
  if (access === 'public' || access === 'authenticated') return null;
  const allowed = ACCESS[access] as readonly Role[];
  return [...STAFF_ROLES, 'customer' as const].find((role) => !allowed.includes(role)) ?? null;
}
