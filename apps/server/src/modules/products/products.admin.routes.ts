import {
  adminProductListQuery,
  idParams,
  productInput,
  productStatusInput,
  productUpdateInput,
  productView,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContext } from '../../lib/audit.js';
import { envelope, messageEnvelope, ok } from '../../lib/responses.js';
import { CatalogueReadService } from './catalogue-read.service.js';
import { CatalogueWriteService } from './catalogue-write.service.js';
import { productListEnvelope } from './products.routes.js';

const tags = ['products'];
const productEnvelope = envelope(z.object({ product: productView }));
const params = idParams('product');

/** Staff writes of the catalogue (admin and moderator) and the admin product helpers. */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = new CatalogueReadService(app.db);
  const writes = new CatalogueWriteService(app.db, app.storage);
  const write = { access: 'catalogueWrite' } as const;

  app.post(
    '/products',
    { config: write, schema: { tags, body: productInput, response: { 201: productEnvelope } } },
    async (request, reply) => {
      const product = await writes.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ product }, 'Product created successfully'));
    },
  );

  app.put(
    '/products/:id',
    { config: write, schema: { tags, params, body: productUpdateInput, response: { 200: productEnvelope } } },
    async (request) =>
      ok(
        { product: await writes.update(request.params.id, request.body, auditContext(request)) },
        'Product updated successfully',
      ),
  );

  app.delete(
    '/products/:id',
    { config: write, schema: { tags, params, response: { 200: messageEnvelope } } },
    async (request) => {
      await writes.remove(request.params.id, auditContext(request));
      return { success: true as const, message: 'Product and all related data permanently deleted successfully' };
    },
  );

  app.get(
    '/admin/products',
    {
      config: { access: 'catalogueRead' },
      schema: { tags, querystring: adminProductListQuery, response: { 200: productListEnvelope } },
    },
    async (request) => ok(await catalogue.list(request.query, true)),
  );

  app.put(
    '/admin/products/:id/status',
    { config: write, schema: { tags, params, body: productStatusInput, response: { 200: productEnvelope } } },
    async (request) =>
      ok(
        { product: await writes.setStatus(request.params.id, request.body, auditContext(request)) },
        'Product status updated successfully',
      ),
  );
};
