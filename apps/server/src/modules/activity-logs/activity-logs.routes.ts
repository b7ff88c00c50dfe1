import { activityLogContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { ActivityLogService } from './activity-logs.service.js';

/** The audit trail, read-only and admin-only: there are deliberately no PUT, PATCH or DELETE routes. */
export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ActivityLogService(app.db);

  serve(app, contracts.list, async (request) => ok(await service.list(request.query)));

  serve(app, contracts.get, async (request) => ok({ log: await service.get(request.params.id) }));
};
