import { activityLogEntry, activityLogQuery, idParams } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/responses.js';
import { ActivityLogService } from './activity-logs.service.js';

const tags = ['activity-logs'];
const paginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
  totalPages: z.number(),
});

/** The audit trail, read-only and admin-only: there are deliberately no PUT, PATCH or DELETE routes. */
export const activityLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ActivityLogService(app.db);

  app.get(
    '/admin/activity-logs',
    {
      config: { access: 'activityLogs' },
      schema: {
        tags,
        querystring: activityLogQuery,
        response: { 200: envelope(z.object({ logs: z.array(activityLogEntry), pagination: paginationSchema })) },
      },
    },
    async (request) => ok(await service.list(request.query)),
  );

  app.get(
    '/admin/activity-logs/:id',
    {
      config: { access: 'activityLogs' },
      schema: {
        tags,
        params: idParams('activity log'),
        response: { 200: envelope(z.object({ log: activityLogEntry })) },
      },
    },
    async (request) => ok({ log: await service.get(request.params.id) }),
  );
};
