import {
  can,
  idParams,
  limitQuery,
  PAGE_SIZES,
  type ProductView,
  pageQuery,
  paginationView,
  productListQuery,
  productView,
  storefrontProductView,
  taxonomyItemView,
} from '@seamline/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, ok, serializeWith, varyByCaller } from '../../lib/responses.js';
import { CatalogueReadService } from './catalogue-read.service.js';
import { toStorefrontView } from './product-view.js';

const tags = ['products'];
/** Staff views (back office, staff routes and staff callers of the storefront paths). */
const productEnvelope = envelope(z.object({ product: productView }));
export const productListEnvelope = envelope(z.object({ products: z.array(productView), pagination: paginationView }));
const productsEnvelope = envelope(z.object({ products: z.array(productView) }));
/** Storefront views: what the storefront paths declare, so nothing else reaches anonymous callers or customers. */
const storefrontEnvelope = envelope(z.object({ product: storefrontProductView }));
const storefrontListEnvelope = envelope(
  z.object({ products: z.array(storefrontProductView), pagination: paginationView }),
);
const storefrontProductsEnvelope = envelope(z.object({ products: z.array(storefrontProductView) }));
const description = 'Anonymous callers and customers get the storefront view; staff get the staff view.';

/** Staff see inactive products and their reads are not storefront views. */
export const isStaffReader = (request: FastifyRequest) => can(request.user?.role, 'catalogueRead');

/** One product: the staff view for staff (serialized with its schema), else the storefront view. */
function productAnswer(request: FastifyRequest, reply: FastifyReply, product: ProductView) {
  if (!isStaffReader(request)) return ok({ product: toStorefrontView(product) });
  serializeWith(reply, productEnvelope);
  return ok({ product });
}

/** Products in a list: staff views for staff (serialized with `staffSchema`), else storefront views. */
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
  const publicRead = { access: 'public' } as const;
  app.addHook('onRequest', varyByCaller);

  app.get(
    '/products',
    {
      config: publicRead,
      schema: { tags, description, querystring: productListQuery, response: { 200: storefrontListEnvelope } },
    },
    async (request, reply) =>
      productsAnswer(request, reply, productListEnvelope, await catalogue.list(request.query, isStaffReader(request))),
  );

  for (const [path, flag] of [
    ['/products/featured', 'isFeatured'],
    ['/products/trending', 'isTikTokTrending'],
  ] as const) {
    app.get(
      path,
      {
        config: publicRead,
        schema: {
          tags,
          description,
          querystring: limitQuery(PAGE_SIZES.featured),
          response: { 200: storefrontProductsEnvelope },
        },
      },
      async (request, reply) =>
        productsAnswer(request, reply, productsEnvelope, {
          products: await catalogue.flagged(flag, request.query.limit),
        }),
    );
  }

  app.get(
    '/products/categories',
    {
      config: publicRead,
      schema: { tags, response: { 200: envelope(z.object({ categories: z.array(taxonomyItemView) })) } },
    },
    async (request) => ok({ categories: await catalogue.taxonomy('categories', isStaffReader(request)) }),
  );

  app.get(
    '/products/brands',
    {
      config: publicRead,
      schema: { tags, response: { 200: envelope(z.object({ brands: z.array(taxonomyItemView) })) } },
    },
    async (request) => ok({ brands: await catalogue.taxonomy('brands', isStaffReader(request)) }),
  );

  app.get(
    '/products/slug/:slug',
    {
      config: publicRead,
      schema: {
        tags,
        description,
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: storefrontEnvelope },
      },
    },
    async (request, reply) =>
      productAnswer(request, reply, await catalogue.one({ slug: request.params.slug }, isStaffReader(request))),
  );

  app.get(
    '/products/category/:category',
    {
      config: publicRead,
      schema: {
        tags,
        description,
        params: z.object({ category: z.string().max(100) }),
        querystring: pageQuery(PAGE_SIZES.productsByCategory),
        response: { 200: storefrontListEnvelope },
      },
    },
    async (request, reply) =>
      productsAnswer(
        request,
        reply,
        productListEnvelope,
        await catalogue.byCategory(request.params.category, request.query.page, request.query.limit),
      ),
  );

  app.get(
    '/products/:id',
    {
      config: publicRead,
      schema: { tags, description, params: idParams('product'), response: { 200: storefrontEnvelope } },
    },
    async (request, reply) =>
      productAnswer(request, reply, await catalogue.one({ id: request.params.id }, isStaffReader(request))),
  );

  app.get(
    '/products/:id/related',
    {
      config: publicRead,
      schema: {
        tags,
        description,
        params: idParams('product'),
        querystring: limitQuery(PAGE_SIZES.related),
        response: { 200: storefrontProductsEnvelope },
      },
    },
    async (request, reply) =>
      productsAnswer(request, reply, productsEnvelope, {
        products: await catalogue.related(request.params.id, request.query.limit, isStaffReader(request)),
      }),
  );
};
