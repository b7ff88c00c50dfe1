import { adminOrderContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import { reassignLine } from './order-line-location.js';
import { OrderRequestsService } from './order-requests.service.js';

/** The back office's order calls: the spec's `/admin/orders` paths and the edits docs/domain.md § API adds. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = new OrderRequestsService(app.db, app.payments, app.config.publicUrl, app.config.payments, () =>
    app.queue.wake(),
  );

  // Add Order: staff name a customer or a guest e-mail; an Idempotency-Key makes a retried submission create nothing.
  serve(app, contracts.create, async (request, reply) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    return reply.status(201).send(await orders.create(request.user!, request.body, key, auditContext(request)));
  });

  serve(app, contracts.list, async (request) => ok(await orders.list(request.query)));

  serve(app, contracts.get, async (request) =>
    ok({ order: (await orders.get(request.params.id, request.user!)).order }),
  );

  serve(app, contracts.updateStatus, async (request) =>
    ok(
      {
        order: await orders.changes.updateStatus(request.params.id, request.body, request.user!, auditContext(request)),
      },
      'Order status updated successfully',
    ),
  );

  serve(app, contracts.update, async (request) =>
    ok(
      { order: await orders.changes.edit(request.params.id, request.body, request.user!, auditContext(request)) },
      'Order updated successfully',
    ),
  );

  serve(app, contracts.recordPayment, async (request, reply) => {
    const order = await orders.recordPayment(request.params.id, request.body, request.user!, auditContext(request));
    return reply.status(201).send(ok({ order }, 'Payment recorded'));
  });

  serve(app, contracts.reassignLine, async (request) =>
    ok(
      {
        order: await reassignLine(
          app.db,
          request.params.id,
          request.params.itemId,
          request.body.locationId,
          request.user!,
          auditContext(request),
        ),
      },
      'Line reassigned',
    ),
  );

  serve(app, contracts.remove, async (request) => {
    await orders.changes.remove(request.params.id, request.user!, auditContext(request));
    return { success: true as const, message: 'Order deleted successfully' };
  });
};
