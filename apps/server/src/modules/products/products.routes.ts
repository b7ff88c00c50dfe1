import {
  can,
  idParams,
  limitQuery,
  PAGE_SIZES,
  pageQuery,
  paginationView,
  productListQuery,
  productView,
  taxonomyItemView,
} from '@seamline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok } from '../../lib/responses.js';
import { CatalogueReadService } from './catalogue-read.service.js';

const tags = ['products'];
const productEnvelope = envelope(z.object({ product: productView }));
export const productListEnvelope = envelope(z.object({ products: z.array(productView), pagination: paginationView }));
const productsEnvelope = envelope(z.object({ products: z.array(productView) }));

/** Staff see inactive products and their reads are not storefront views. */
export const isStaffReader = (request: FastifyRequest) => can(request.user?.role, 'catalogueRead');

/** Storefront reads of the catalogue (anonymous, customers and staff). */
export const productReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = new CatalogueReadService(app.db);
  const publicRead = { access: 'public' } as const;

  app.get(
    '/products',
    { config: publicRead, schema: { tags, querystring: productListQuery, response: { 200: productListEnvelope } } },
    async (request) => ok(await catalogue.list(request.query, isStaffReader(request))),
  );

  for (const [path, flag] of [
    ['/products/featured', 'isFeatured'],
    ['/products/trending', 'isTikTokTrending'],
  ] as const) {
    app.get(
      path,
      {
        config: publicRead,
        schema: { tags, querystring: limitQuery(PAGE_SIZES.featured), response: { 200: productsEnvelope } },
      },
      async (request) => ok({ products: await catalogue.flagged(flag, request.query.limit) }),
    );
  }

  app.get(
    '/products/categories',
    {
      config: publicRead,
      schema: { tags, response: { 200: envelope(z.object({ categories: z.array(taxonomyItemView) })) } },
    },
    async () => ok({ categories: await catalogue.taxonomy('categories') }),
  );

  app.get(
    '/products/brands',
    {
      config: publicRead,
      schema: { tags, response: { 200: envelope(z.object({ brands: z.array(taxonomyItemView) })) } },
    },
    async () => ok({ brands: await catalogue.taxonomy('brands') }),
  );

  app.get(
    '/products/slug/:slug',
    {
      config: publicRead,
      schema: { tags, params: z.object({ slug: z.string().max(200) }), response: { 200: productEnvelope } },
    },
    async (request) => ok({ product: await catalogue.one({ slug: request.params.slug }, isStaffReader(request)) }),
  );

  app.get(
    '/products/category/:category',
    {
      config: publicRead,
      schema: {
        tags,
        params: z.object({ category: z.string().max(100) }),
        querystring: pageQuery(PAGE_SIZES.productsByCategory),
        response: { 200: productListEnvelope },
      },
    },
    async (request) => ok(await catalogue.byCategory(request.params.category, request.query.page, request.query.limit)),
  );

  app.get(
    '/products/:id',
    { config: publicRead, schema: { tags, params: idParams('product'), response: { 200: productEnvelope } } },
    async (request) => ok({ product: await catalogue.one({ id: request.params.id }, isStaffReader(request)) }),
  );

  app.get(
    '/products/:id/related',
    {
      config: publicRead,
      schema: {
        tags,
        params: idParams('product'),
        querystring: limitQuery(PAGE_SIZES.related),
        response: { 200: productsEnvelope },
      },
    },
    async (request) =>
      ok({ products: await catalogue.related(request.params.id, request.query.limit, isStaffReader(request)) }),
  );
};
