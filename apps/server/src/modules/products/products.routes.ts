import { productContracts as contracts } from '@seamline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isStaffReader } from '../../lib/caller.js';
import { serve } from '../../lib/contract-route.js';
import { ok, varyByCaller } from '../../lib/responses.js';
import { sendTrusted } from '../../lib/trusted-answer.js';
import { onReuse, registerPublicCache } from '../../plugins/public-cache.js';
import { CatalogueReadService } from './catalogue-read.service.js';
import { ProductViews } from './product-views.js';

/**
 * Storefront reads of the catalogue (anonymous, customers and staff). The service builds the staff or the storefront
 * view; `serve()` serializes staff answers with the contract's staff schema.
 */
export const productReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { viewFlushMs, cacheTtlMs } = app.config.catalogue;
  const views = new ProductViews(app.db, viewFlushMs, app.log);
  // After the server stops taking requests, before the database closes (main.ts, test harness).
  app.addHook('onClose', () => views.close());
  const onPrimary = new CatalogueReadService(app.db, views);
  /**
   * Staff read the primary (the back office shows what was just saved); shoppers read a replica when one is
   * configured and fresh (plugins/read-routing.ts), the storefront view tolerating a few seconds' lag.
   */
  const readerOf = async (request: FastifyRequest) => {
    const staff = isStaffReader(request);
    return { staff, catalogue: staff ? onPrimary : new CatalogueReadService(await app.readDb(request), views) };
  };
  // Staff also see inactive products and categories/brands: no cache may share an answer between callers.
  app.addHook('onRequest', varyByCaller);
  registerPublicCache(app, cacheTtlMs);
  // Lists may be kept a little while; one product is revalidated by browsers, so every read reaches us as a view
  // (an instance reusing its answer from memory still counts it).
  const shared = { config: { publicAnswer: 'shared' } } as const;
  const revalidated = { config: { publicAnswer: 'revalidate' } } as const;
  // Shoppers' lists and product pages are the hottest reads: their answers, built field by field in the contract's
  // shape, skip the schema pass (verified outside production: lib/trusted-answer.ts); staff answers keep it.
  const verify = app.config.env !== 'production';
  /** One product; a shopper's answer served again from memory still counts as a view. */
  const productRead = async (request: FastifyRequest, reply: FastifyReply, by: { id: string } | { slug: string }) => {
    const { catalogue, staff } = await readerOf(request);
    const answer = ok({ product: await catalogue.one(by, staff) });
    if (staff) return answer;
    const { id } = answer.data.product;
    onReuse(request, () => views.record(id));
    return sendTrusted(reply, contracts.get.responses[200], answer, verify);
  };

  serve(
    app,
    contracts.list,
    async (request, reply) => {
      const { catalogue, staff } = await readerOf(request);
      const answer = ok(await catalogue.list(request.query, staff));
      return staff ? answer : sendTrusted(reply, contracts.list.responses[200], answer, verify);
    },
    shared,
  );

  for (const [contract, flag] of [
    [contracts.featured, 'isFeatured'],
    [contracts.trending, 'isTikTokTrending'],
  ] as const) {
    serve(
      app,
      contract,
      async (request) => {
        const { catalogue, staff } = await readerOf(request);
        return ok(await catalogue.flagged(flag, request.query.limit, staff));
      },
      shared,
    );
  }

  serve(
    app,
    contracts.categories,
    async (request) => {
      const { catalogue, staff } = await readerOf(request);
      return ok({ categories: await catalogue.taxonomy('categories', staff) });
    },
    shared,
  );

  serve(
    app,
    contracts.brands,
    async (request) => {
      const { catalogue, staff } = await readerOf(request);
      return ok({ brands: await catalogue.taxonomy('brands', staff) });
    },
    shared,
  );

  serve(
    app,
    contracts.bySlug,
    async (request, reply) => productRead(request, reply, { slug: request.params.slug }),
    revalidated,
  );

  serve(
    app,
    contracts.byCategory,
    async (request) => {
      const { category } = request.params;
      const { catalogue, staff } = await readerOf(request);
      return ok(await catalogue.byCategory(category, request.query.page, request.query.limit, staff));
    },
    shared,
  );

  serve(
    app,
    contracts.get,
    async (request, reply) => productRead(request, reply, { id: request.params.id }),
    revalidated,
  );

  serve(
    app,
    contracts.related,
    async (request) => {
      const { catalogue, staff } = await readerOf(request);
      return ok(await catalogue.related(request.params.id, request.query.limit, staff));
    },
    shared,
  );
};
