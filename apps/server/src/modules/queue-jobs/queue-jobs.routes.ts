import { queueJobContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { QueueJobService } from './queue-jobs.service.js';

/** Settings → Jobs: the job queue's jobs by state, and a retry for a failed one (admins). */
export const queueJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new QueueJobService(app.db);

  serve(app, contracts.list, async (request) => ok(await service.list(request.query)));

  serve(app, contracts.retry, async (request) =>
    ok({ job: await service.retry(request.params.id, auditContext(request)) }),
  );
};
