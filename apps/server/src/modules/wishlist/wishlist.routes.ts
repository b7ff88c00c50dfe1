import { wishlistContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { addOne, addToWishlist, listWishlist, removeFromWishlist, wishedAmong } from './wishlist.service.js';

/** The signed-in customer's wishlist; the customer always comes from the token. */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.list, async (request) =>
    ok(await listWishlist(app.db, request.user!.id, request.query.page, request.query.limit)),
  );

  serve(app, contracts.wished, async (request) =>
    ok({ productIds: await wishedAmong(app.db, request.user!.id, request.query.productIds) }),
  );

  serve(app, contracts.add, async (request) => {
    await addOne(app.db, request.user!.id, request.body.productId);
    return { success: true as const, message: 'Added to your wishlist' };
  });

  serve(app, contracts.remove, async (request) => {
    await removeFromWishlist(app.db, request.user!.id, request.params.productId);
    return { success: true as const, message: 'Removed from your wishlist' };
  });

  serve(app, contracts.merge, async (request) =>
    ok({ added: await addToWishlist(app.db, request.user!.id, request.body.productIds) }, 'Wishlist merged'),
  );
};
