import {
  CREATE_ORDER_DESCRIPTION,
  cancelOrderInput,
  createOrderInput,
  guestOrderInput,
  idParams,
  orderListQuery,
  orderStatusInput,
  ordersByEmailQuery,
  orderView,
  PAGE_SIZES,
  refundRequestInput,
  trackOrderQuery,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { callerOf, idempotencyHeaders, idempotencyKey, once } from '../../lib/idempotency.js';
import { envelope, ok } from '../../lib/responses.js';
import { paymentProvider } from '../payments/provider-registry.js';
import { customerView, isStaff, ORDER_NOT_FOUND, visibleOrder } from './order-access.js';
import { OrderChanges } from './order-changes.service.js';
import { findByNumberAndEmail, listOrders } from './order-queries.js';
import { loadOrderView } from './order-view.js';
import { placeOrder, resolveBuyer, resolveGuest } from './orders.service.js';
import { trackingView } from './tracking.js';

const tags = ['orders'];
const params = idParams('order');
const orderEnvelope = envelope(z.object({ order: orderView }));
const listEnvelope = envelope(z.object({ orders: z.array(orderView), pagination: z.any() }));

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const changes = new OrderChanges(app.db, paymentProvider(app.config));

  // Create: a customer for themself; staff ("Add Order") for a chosen customer or a guest e-mail.
  for (const url of ['/orders', '/admin/orders'] as const) {
    app.post(
      url,
      {
        config: { access: url === '/orders' ? 'authenticated' : 'orders' },
        schema: {
          tags,
          description: CREATE_ORDER_DESCRIPTION,
          headers: idempotencyHeaders,
          body: createOrderInput,
          response: { 201: orderEnvelope },
        },
      },
      async (request, reply) => {
        const user = request.user!;
        const audit = auditContext(request);
        const key = idempotencyKey(request.headers['idempotency-key']);
        const idempotent = { operation: 'order-create', key, caller: callerOf(user), body: request.body };
        const result = await once(app.db, idempotent, async (tx) => {
          const buyer = await resolveBuyer(tx, user, request.body);
          const order = await placeOrder(tx, buyer, request.body, { user, audit });
          return {
            statusCode: 201,
            body: ok({ order: isStaff(user) ? order : customerView(order) }, 'Order created successfully'),
          };
        });
        return reply.status(201).send(result.body);
      },
    );
  }

  app.post(
    '/orders/guest',
    {
      config: { access: 'public' },
      schema: { tags, headers: idempotencyHeaders, body: guestOrderInput, response: { 201: orderEnvelope } },
    },
    async (request, reply) => {
      const key = idempotencyKey(request.headers['idempotency-key']);
      const caller = callerOf(null, request.body.email);
      const result = await once(app.db, { operation: 'order-guest', key, caller, body: request.body }, async (tx) => {
        const buyer = await resolveGuest(tx, request.body.email);
        const order = await placeOrder(tx, buyer, request.body, { user: null, audit: null });
        return { statusCode: 201, body: ok({ order: customerView(order) }, 'Order created successfully') };
      });
      return reply.status(201).send(result.body);
    },
  );

  // Staff list: newest first, status filter, search over number, customer name and e-mail.
  for (const url of ['/orders', '/admin/orders'] as const) {
    app.get(
      url,
      {
        config: { access: 'orders' },
        schema: { tags, querystring: orderListQuery(PAGE_SIZES.adminOrdersDefault), response: { 200: listEnvelope } },
      },
      async (request) => ok(await listOrders(app.db, request.query)),
    );
  }

  app.get(
    '/orders/my-orders',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: orderListQuery(PAGE_SIZES.myOrders), response: { 200: listEnvelope } },
    },
    async (request) => {
      const { search: _ignored, ...filter } = request.query;
      const page = await listOrders(app.db, { ...filter, customerId: request.user!.id });
      return ok({ ...page, orders: page.orders.map(customerView) });
    },
  );

  app.get(
    '/orders/by-email',
    {
      config: { access: 'orders' },
      schema: { tags, querystring: ordersByEmailQuery, response: { 200: listEnvelope } },
    },
    async (request) => ok(await listOrders(app.db, request.query)),
  );

  app.get(
    '/orders/track/:orderNumber',
    {
      config: { access: 'public' },
      schema: {
        tags,
        params: z.object({ orderNumber: z.string().max(40) }),
        querystring: trackOrderQuery,
        response: { 200: envelope(z.object({ order: orderView, tracking: z.any() })) },
      },
    },
    async (request) => {
      const order = await findByNumberAndEmail(app.db, request.params.orderNumber, request.query.email);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      return ok({ order: customerView(order), tracking: trackingView(order) });
    },
  );

  for (const url of ['/orders/:id', '/admin/orders/:id'] as const) {
    app.get(
      url,
      {
        config: { access: url === '/orders/:id' ? 'authenticated' : 'orders' },
        schema: { tags, params, response: { 200: orderEnvelope } },
      },
      async (request) => {
        const user = request.user!;
        await visibleOrder(app.db, request.params.id, user);
        const order = (await loadOrderView(app.db, request.params.id))!;
        return ok({ order: isStaff(user) ? order : customerView(order) });
      },
    );
  }

  app.get(
    '/orders/:id/tracking',
    { config: { access: 'authenticated' }, schema: { tags, params } },
    async (request) => {
      await visibleOrder(app.db, request.params.id, request.user);
      return ok({ tracking: trackingView((await loadOrderView(app.db, request.params.id))!) });
    },
  );

  // Cancel: customers while pending/confirmed; staff any active order (the Cancel dialog sends its fixed reason).
  app.delete(
    '/orders/:id',
    { config: { access: 'authenticated' }, schema: { tags, params, response: { 200: orderEnvelope } } },
    async (request) => {
      const order = await changes.cancel(request.params.id, undefined, request.user!, auditContext(request));
      return ok({ order: isStaff(request.user) ? order : customerView(order) }, 'Order cancelled successfully');
    },
  );
  app.put(
    '/orders/:id/cancel',
    {
      config: { access: 'authenticated' },
      schema: { tags, params, body: cancelOrderInput, response: { 200: orderEnvelope } },
    },
    async (request) => {
      const order = await changes.cancel(request.params.id, request.body?.reason, request.user!, auditContext(request));
      return ok({ order: isStaff(request.user) ? order : customerView(order) }, 'Order cancelled successfully');
    },
  );

  app.post(
    '/orders/:id/refund',
    { config: { access: 'authenticated' }, schema: { tags, params, body: refundRequestInput } },
    async (request) => {
      const result = await changes.requestRefund(request.params.id, request.body, request.user!, auditContext(request));
      return ok(
        { ...result, order: isStaff(request.user) ? result.order : customerView(result.order) },
        'Refund request received',
      );
    },
  );

  for (const url of ['/orders/:id/status', '/admin/orders/:id/status'] as const) {
    app.put(
      url,
      {
        config: { access: 'orders' },
        schema: { tags, params, body: orderStatusInput, response: { 200: orderEnvelope } },
      },
      async (request) =>
        ok(
          { order: await changes.updateStatus(request.params.id, request.body, request.user!, auditContext(request)) },
          'Order status updated successfully',
        ),
    );
  }
};
