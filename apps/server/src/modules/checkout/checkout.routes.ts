import { checkoutContracts as contracts, shippingOptions } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { CheckoutService } from './checkout.service.js';

const SESSION_CREATED = 'Checkout session created';

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = new CheckoutService(app.db, app.payments, app.config.payments);

  serve(app, contracts.createSession, async (request, reply) =>
    reply.status(201).send(ok(await checkout.session(request.body, request.user!), SESSION_CREATED)),
  );

  serve(app, contracts.createGuestSession, async (request, reply) =>
    reply.status(201).send(ok(await checkout.guestSession(request.body), SESSION_CREATED)),
  );

  serve(app, contracts.paymentOptions, async () => ok(checkout.paymentOptions()));

  serve(app, contracts.calculateShipping, async (request) => ok(await checkout.shipping(request.body)));

  serve(app, contracts.shippingMethods, async (request) =>
    ok({ methods: shippingOptions(request.body.subtotal ?? 0) }),
  );
};
