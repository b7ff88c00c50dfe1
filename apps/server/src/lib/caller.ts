import { can } from '@seamline/shared';
import type { FastifyRequest } from 'fastify';

/** Staff read the catalogue with inactive products and staff-only fields; their reads are not storefront views. */
export const isStaffReader = (request: FastifyRequest): boolean => can(request.user?.role, 'catalogueRead');
