import { apiKeyContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { ApiKeysService } from './api-keys.service.js';

/** Settings → API keys: admins create, list and revoke keys; no key can reach these routes (integrations rule). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new ApiKeysService(app.db);

  serve(app, contracts.list, async () => ok({ apiKeys: await service.list() }));

  serve(app, contracts.create, async (request, reply) => {
    const created = await service.create(request.body, auditContext(request));
    return reply.status(201).send(ok(created, 'API key created: copy it now, it is shown only once'));
  });

  serve(app, contracts.revoke, async (request) =>
    ok({ apiKey: await service.revoke(request.params.id, auditContext(request)) }, 'API key revoked'),
  );
};
