import { orderContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { idempotencyKey } from '../../lib/idempotency.js';
import { ok } from '../../lib/responses.js';
import { OrderRequestsService } from './order-requests.service.js';

const ORDER_CANCELLED = 'Order cancelled successfully';

/** Customers' own orders, guest orders and tracking, and the staff list and status changes. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const orders = new OrderRequestsService(app.db, app.payments, app.config.publicUrl, app.config.payments, () =>
    app.queue.wake(),
  );

  serve(app, contracts.create, async (request, reply) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    return reply.status(201).send(await orders.create(request.user!, request.body, key, auditContext(request)));
  });

  serve(app, contracts.createGuest, async (request, reply) => {
    const key = idempotencyKey(request.headers['idempotency-key']);
    return reply.status(201).send(await orders.createGuest(request.body, key));
  });

  serve(app, contracts.list, async (request) => ok(await orders.list(request.query)));

  serve(app, contracts.mine, async (request) => ok(await orders.mine(request.user!, request.query)));

  serve(app, contracts.byEmail, async (request) => ok(await orders.list(request.query)));

  serve(app, contracts.track, async (request) =>
    ok(await orders.track(request.params.orderNumber, request.query.email)),
  );

  serve(app, contracts.get, async (request) => ok(await orders.get(request.params.id, request.user!)));

  serve(app, contracts.tracking, async (request) =>
    ok({ tracking: await orders.tracking(request.params.id, request.user!) }),
  );

  serve(app, contracts.cancel, async (request) =>
    ok(
      { order: await orders.cancel(request.params.id, undefined, request.user!, auditContext(request)) },
      ORDER_CANCELLED,
    ),
  );

  serve(app, contracts.cancelWithReason, async (request) => {
    const order = await orders.cancel(request.params.id, request.body?.reason, request.user!, auditContext(request));
    return ok({ order }, ORDER_CANCELLED);
  });

  serve(app, contracts.updateStatus, async (request) =>
    ok(
      {
        order: await orders.changes.updateStatus(request.params.id, request.body, request.user!, auditContext(request)),
      },
      'Order status updated successfully',
    ),
  );
};
