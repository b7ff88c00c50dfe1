import {
  type Category,
  categoryListData,
  categoryView,
  createCategoryInput,
  idParams,
  listCategoriesQuery,
  storedImageSchema,
  updateCategoryInput,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, products } from '../../db/schema/index.js';
import { auditContext } from '../../lib/audit.js';
import { readImageUploads } from '../../lib/images.js';
import { envelope, ok, varyByCaller } from '../../lib/responses.js';
import { iso } from '../../lib/serialize.js';
import { isStaffReader } from '../products/products.routes.js';
import { type TaxonomyKind, TaxonomyService } from '../taxonomy/taxonomy.service.js';

type CategoryRow = typeof categories.$inferSelect;

const categoryKind: TaxonomyKind<CategoryRow, Category> = {
  resource: 'category',
  table: categories,
  productColumn: products.categoryId,
  pictureField: 'image',
  folder: 'categories',
  fields: ['name', 'description'],
  toView: (row, productCount) => ({
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image ?? null,
    productCount,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  }),
};

const tags = ['categories'];
const params = idParams('category');
const categoryEnvelope = envelope(z.object({ category: categoryView }));

/** Category management (spec part 2 §2.10, §7): anyone may read, only admins write. */
export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TaxonomyService(app.db, app.storage, categoryKind);
  // Product counts differ for staff and the storefront.
  app.addHook('onRequest', varyByCaller);

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags, querystring: listCategoriesQuery, response: { 200: envelope(categoryListData) } },
    },
    async (request) => {
      const { items, pagination } = await service.list(request.query, !isStaffReader(request));
      return ok({ categories: items, pagination });
    },
  );

  app.get(
    '/categories/:id',
    { config: { access: 'public' }, schema: { tags, params, response: { 200: categoryEnvelope } } },
    async (request) => ok({ category: await service.get(request.params.id, !isStaffReader(request)) }),
  );

  app.post(
    '/categories',
    {
      config: { access: 'taxonomyWrite' },
      schema: { tags, body: createCategoryInput, response: { 201: categoryEnvelope } },
    },
    async (request, reply) => {
      const category = await service.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ category }, 'Category added successfully'));
    },
  );

  app.put(
    '/categories/:id',
    {
      config: { access: 'taxonomyWrite' },
      schema: { tags, params, body: updateCategoryInput, response: { 200: categoryEnvelope } },
    },
    async (request) => {
      const { image, ...fields } = request.body;
      const category = await service.update(request.params.id, { ...fields, picture: image }, auditContext(request));
      return ok({ category }, 'Category updated successfully');
    },
  );

  app.delete(
    '/categories/:id',
    { config: { access: 'taxonomyWrite' }, schema: { tags, params, response: { 200: categoryEnvelope } } },
    async (request) => {
      const category = await service.remove(request.params.id, auditContext(request));
      return ok({ category }, `${category.name} deleted successfully`);
    },
  );

  app.post(
    '/categories/:id/image',
    {
      config: { access: 'taxonomyWrite' },
      schema: {
        tags,
        params,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ image: storedImageSchema, category: categoryView })) },
      },
    },
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'image', 1);
      const { picture, view } = await service.setPicture(
        request.params.id,
        files[0]!.buffer,
        fields.alt,
        auditContext(request),
      );
      return ok({ image: picture, category: view }, 'Image uploaded successfully');
    },
  );
};
