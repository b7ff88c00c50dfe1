import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.js';
import { brandsRoutes } from './brands/brands.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { couponRoutes } from './coupons/coupons.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [
  healthRoutes,
  authRoutes,
  brandsRoutes,
  categoriesRoutes,
  usersRoutes,
  couponRoutes,
];
