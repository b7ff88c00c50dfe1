import { orderPaymentContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import { OrderPaymentsService } from './order-payments.service.js';

/** An order's payment timeline and staff refunds (back office). */
export const orderPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = new OrderPaymentsService(app.db, app.payments);

  serve(app, contracts.list, async (request) => ok(await payments.timeline(request.params.id, request.user!)));

  serve(app, contracts.refund, async (request) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    return payments.refund(request.params.id, request.body, request.user!, auditContext(request), key);
  });
};
