import { savedViewContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { SavedViewsService } from './saved-views.service.js';

/** Saved views of the back-office lists: each staff member reads, saves and deletes their own. */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const views = new SavedViewsService(app.db);

  serve(app, contracts.list, async (request) => ok({ views: await views.list(request.user!, request.query.list) }));

  serve(app, contracts.create, async (request, reply) => {
    const view = await views.create(request.user!, request.body, auditContext(request));
    return reply.status(201).send(ok({ view }, 'View saved successfully'));
  });

  serve(app, contracts.remove, async (request) => {
    await views.remove(request.user!, request.params.id, auditContext(request));
    return { success: true as const, message: 'View deleted successfully' };
  });
};
