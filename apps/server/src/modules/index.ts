import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, analyticsRoutes];
