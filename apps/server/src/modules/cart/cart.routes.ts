import { cartContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { CartService } from './cart.service.js';

/** GET/PUT /cart: the signed-in customer's saved cart. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const carts = new CartService(app.db);
  serve(app, contracts.get, async (request) => ok(await carts.get(request.user!.id)));
  serve(app, contracts.save, async (request) =>
    ok(await carts.save(request.user!.id, request.body.items), 'Cart saved'),
  );
};
