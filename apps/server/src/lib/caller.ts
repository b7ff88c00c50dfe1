import { can, STAFF_ROLES, scopeFor } from '@seamline/shared';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../types.js';

/** Staff read the catalogue with inactive products and staff-only fields; their reads are not storefront views. */
export const isStaffReader = (request: FastifyRequest): boolean =>
  request.user?.apiKey
    ? request.user.apiKey.scopes.includes(scopeFor('catalogueRead', 'GET')!)
    : can(request.user?.role, 'catalogueRead');

/** A signed-in member of staff (any staff role); null is a guest. */
export const isStaff = (user: AuthUser | null): boolean =>
  user !== null && (STAFF_ROLES as readonly string[]).includes(user.role);

/** The user to store as the one who acted (created by, decided by…): none when an API key acted. */
export const actingUserId = (user: AuthUser): string | null => (user.apiKey ? null : user.id);
