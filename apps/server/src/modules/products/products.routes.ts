import { can, productContracts as contracts, type ProductView } from '@seamline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { serve } from '../../lib/contract-route.js';
import { ok, serializeWith, varyByCaller } from '../../lib/responses.js';
import { CatalogueReadService } from './catalogue-read.service.js';
import { toStorefrontView } from './product-view.js';

/** Staff see inactive products and their reads are not storefront views. */
export const isStaffReader = (request: FastifyRequest) => can(request.user?.role, 'catalogueRead');

/** One product: the staff view for staff (serialized with the contract's staff schema), else the storefront view. */
function productAnswer(request: FastifyRequest, reply: FastifyReply, product: ProductView) {
  if (!isStaffReader(request)) return ok({ product: toStorefrontView(product) });
  serializeWith(reply, contracts.get.staffResponse);
  return ok({ product });
}

/** Products in a list: staff views for staff (serialized with the contract's staff schema), else storefront views. */
function productsAnswer<T extends { products: ProductView[] }>(
  request: FastifyRequest,
  reply: FastifyReply,
  staffSchema: z.ZodType,
  data: T,
) {
  if (!isStaffReader(request)) return ok({ ...data, products: data.products.map(toStorefrontView) });
  serializeWith(reply, staffSchema);
  return ok(data);
}

/** Storefront reads of the catalogue (anonymous, customers and staff). */
export const productReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = new CatalogueReadService(app.db);
  app.addHook('onRequest', varyByCaller);

  serve(app, contracts.list, async (request, reply) =>
    productsAnswer(
      request,
      reply,
      contracts.list.staffResponse,
      await catalogue.list(request.query, isStaffReader(request)),
    ),
  );

  for (const [contract, flag] of [
    [contracts.featured, 'isFeatured'],
    [contracts.trending, 'isTikTokTrending'],
  ] as const) {
    serve(app, contract, async (request, reply) =>
      productsAnswer(request, reply, contract.staffResponse, {
        products: await catalogue.flagged(flag, request.query.limit),
      }),
    );
  }

  serve(app, contracts.categories, async (request) =>
    ok({ categories: await catalogue.taxonomy('categories', isStaffReader(request)) }),
  );

  serve(app, contracts.brands, async (request) =>
    ok({ brands: await catalogue.taxonomy('brands', isStaffReader(request)) }),
  );

  serve(app, contracts.bySlug, async (request, reply) =>
    productAnswer(request, reply, await catalogue.one({ slug: request.params.slug }, isStaffReader(request))),
  );

  serve(app, contracts.byCategory, async (request, reply) =>
    productsAnswer(
      request,
      reply,
      contracts.byCategory.staffResponse,
      await catalogue.byCategory(request.params.category, request.query.page, request.query.limit),
    ),
  );

  serve(app, contracts.get, async (request, reply) =>
    productAnswer(request, reply, await catalogue.one({ id: request.params.id }, isStaffReader(request))),
  );

  serve(app, contracts.related, async (request, reply) =>
    productsAnswer(request, reply, contracts.related.staffResponse, {
      products: await catalogue.related(request.params.id, request.query.limit, isStaffReader(request)),
    }),
  );
};
