import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityLogRoutes } from './activity-logs/activity-logs.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { healthRoutes } from './health/health.routes.js';

/** Every feature's routes, registered under /api. */
export const apiModules: FastifyPluginAsyncZod[] = [healthRoutes, authRoutes, activityLogRoutes];
