import { stockAlertContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { subscribe, unsubscribe } from './stock-alerts.service.js';

const UNSUBSCRIBED = 'You will not get an e-mail for this item';

export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.subscribe, async (request, reply) => {
    const customerId = request.user?.role === 'customer' ? request.user.id : null;
    const alert = await subscribe(app.db, request.body, { customerId, publicUrl: app.config.publicUrl });
    return reply.status(201).send(ok(alert, 'We will e-mail you when it is back in stock'));
  });

  const unsubscribeByToken = async (request: { params: { token: string } }) => {
    await unsubscribe(app.db, request.params.token);
    return { success: true as const, message: UNSUBSCRIBED };
  };
  serve(app, contracts.unsubscribeLink, unsubscribeByToken);
  serve(app, contracts.unsubscribe, unsubscribeByToken);
};
