import { webhookContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { WebhookEndpointsService } from './endpoints.service.js';

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new WebhookEndpointsService(app.db, app.config.totpEncryptionKey, app.config.webhooks);

  serve(app, contracts.list, async () => ok({ endpoints: await service.list() }));

  serve(app, contracts.get, async (request) => ok({ endpoint: await service.get(request.params.id) }));

  serve(app, contracts.create, async (request, reply) =>
    reply.status(201).send(ok(await service.create(request.body, auditContext(request)), 'Webhook endpoint added')),
  );

  serve(app, contracts.update, async (request) =>
    ok(
      { endpoint: await service.update(request.params.id, request.body, auditContext(request)) },
      'Webhook endpoint updated',
    ),
  );

  serve(app, contracts.remove, async (request) => {
    await service.remove(request.params.id, auditContext(request));
    return { success: true as const, message: 'Webhook endpoint deleted' };
  });

  serve(app, contracts.rotateSecret, async (request) =>
    ok(await service.rotateSecret(request.params.id, auditContext(request)), 'Signing secret rotated'),
  );

  serve(app, contracts.sendTest, async (request, reply) =>
    reply.status(202).send(ok({ delivery: await service.sendTest(request.params.id, auditContext(request)) })),
  );

  serve(app, contracts.deliveries, async (request) =>
    ok(await service.deliveries(request.params.id, request.query.cursor)),
  );

  serve(app, contracts.resend, async (request, reply) => {
    const { id, deliveryId } = request.params;
    return reply.status(202).send(ok({ delivery: await service.resend(id, deliveryId, auditContext(request)) }));
  });
};
