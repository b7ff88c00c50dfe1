import { productContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffReader } from '../../lib/caller.js';
import { serve } from '../../lib/contract-route.js';
import { ok, varyByCaller } from '../../lib/responses.js';
import { CatalogueReadService } from './catalogue-read.service.js';

/**
 * Storefront reads of the catalogue (anonymous, customers and staff). The service builds the staff or the storefront
 * view; `serve()` serializes staff answers with the contract's staff schema.
 */
export const productReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = new CatalogueReadService(app.db);
  // Staff also see inactive products and categories/brands: no cache may share an answer between callers.
  app.addHook('onRequest', varyByCaller);

  serve(app, contracts.list, async (request) => ok(await catalogue.list(request.query, isStaffReader(request))));

  for (const [contract, flag] of [
    [contracts.featured, 'isFeatured'],
    [contracts.trending, 'isTikTokTrending'],
  ] as const) {
    serve(app, contract, async (request) =>
      ok({ products: await catalogue.flagged(flag, request.query.limit, isStaffReader(request)) }),
    );
  }

  serve(app, contracts.categories, async (request) =>
    ok({ categories: await catalogue.taxonomy('categories', isStaffReader(request)) }),
  );

  serve(app, contracts.brands, async (request) =>
    ok({ brands: await catalogue.taxonomy('brands', isStaffReader(request)) }),
  );

  serve(app, contracts.bySlug, async (request) =>
    ok({ product: await catalogue.one({ slug: request.params.slug }, isStaffReader(request)) }),
  );

  serve(app, contracts.byCategory, async (request) => {
    const { category } = request.params;
    return ok(await catalogue.byCategory(category, request.query.page, request.query.limit, isStaffReader(request)));
  });

  serve(app, contracts.get, async (request) =>
    ok({ product: await catalogue.one({ id: request.params.id }, isStaffReader(request)) }),
  );

  serve(app, contracts.related, async (request) =>
    ok({ products: await catalogue.related(request.params.id, request.query.limit, isStaffReader(request)) }),
  );
};
