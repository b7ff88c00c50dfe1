import {
  calculateShippingInput,
  checkoutSessionInput,
  guestCheckoutSessionInput,
  shippingMethodsInput,
  shippingOptions,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/responses.js';
import { isStaff } from '../orders/order-access.js';
import { paymentProvider } from '../payments/provider-registry.js';
import { createCheckoutSession, priceCart } from './checkout.service.js';

const tags = ['checkout'];

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = paymentProvider(app.config);

  app.post(
    '/checkout/create-session',
    { config: { access: 'authenticated' }, schema: { tags, body: checkoutSessionInput } },
    async (request, reply) => {
      const customerId = isStaff(request.user) ? null : request.user!.id;
      const session = await createCheckoutSession(app.db, provider, request.body, customerId);
      return reply.status(201).send(ok(session, 'Checkout session created'));
    },
  );

  app.post(
    '/checkout/create-guest-session',
    { config: { access: 'public' }, schema: { tags, body: guestCheckoutSessionInput } },
    async (request, reply) => {
      const session = await createCheckoutSession(app.db, provider, request.body, null);
      return reply.status(201).send(ok({ ...session, email: request.body.email }, 'Checkout session created'));
    },
  );

  app.post(
    '/orders/calculate-shipping',
    { config: { access: 'public' }, schema: { tags, body: calculateShippingInput } },
    async (request) => {
      const priced = await priceCart(app.db, request.body, null);
      return ok({
        shippingMethod: priced.shippingMethod,
        shipping: priced.totals.shipping,
        subtotal: priced.totals.subtotal,
        tax: priced.totals.tax,
        total: priced.totals.total,
        freeShippingThreshold: 100,
        methods: priced.shippingMethods,
      });
    },
  );

  app.post(
    '/orders/shipping-methods',
    { config: { access: 'public' }, schema: { tags, body: shippingMethodsInput } },
    async (request) => ok({ methods: shippingOptions(request.body.subtotal ?? 0) }),
  );
};
