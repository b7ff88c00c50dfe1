import { editOrderInput, idParams, orderView } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, messageEnvelope, ok } from '../../lib/responses.js';
import { paymentProvider } from '../payments/provider-registry.js';
import { OrderChanges } from './order-changes.service.js';

const tags = ['orders'];
const params = idParams('order');

/** Back-office edits (DESIGN §3 paths the spec leaves open). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const changes = new OrderChanges(app.db, paymentProvider(app.config));

  app.put(
    '/admin/orders/:id',
    {
      config: { access: 'orders' },
      schema: { tags, params, body: editOrderInput, response: { 200: envelope(z.object({ order: orderView })) } },
    },
    async (request) =>
      ok(
        { order: await changes.edit(request.params.id, request.body, request.user!, auditContext(request)) },
        'Order updated successfully',
      ),
  );

  app.delete(
    '/admin/orders/:id',
    { config: { access: 'ordersDelete' }, schema: { tags, params, response: { 200: messageEnvelope } } },
    async (request) => {
      await changes.remove(request.params.id, request.user!, auditContext(request));
      return { success: true as const, message: 'Order deleted successfully' };
    },
  );
};
