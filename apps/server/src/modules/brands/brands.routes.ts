import {
  type Brand,
  brandListData,
  brandView,
  createBrandInput,
  idParams,
  listBrandsQuery,
  storedImageSchema,
  updateBrandInput,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brands, products } from '../../db/schema/index.js';
import { auditContext } from '../../lib/audit.js';
import { readImageUploads } from '../../lib/images.js';
import { envelope, ok, varyByCaller } from '../../lib/responses.js';
import { iso } from '../../lib/serialize.js';
import { isStaffReader } from '../products/products.routes.js';
import { type TaxonomyKind, TaxonomyService } from '../taxonomy/taxonomy.service.js';

type BrandRow = typeof brands.$inferSelect;

const brandKind: TaxonomyKind<BrandRow, Brand> = {
  resource: 'brand',
  table: brands,
  productColumn: products.brandId,
  pictureField: 'logo',
  folder: 'brands',
  fields: ['name', 'description', 'website'],
  toView: (row, productCount) => ({
    _id: row.id,
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website ?? null,
    logo: row.logo ?? null,
    productCount,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  }),
};

const tags = ['brands'];
const params = idParams('brand');
const brandEnvelope = envelope(z.object({ brand: brandView }));

/** Brand management (spec part 2 §2.11, §7): anyone may read, only admins write. */
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new TaxonomyService(app.db, app.storage, brandKind);
  // Product counts differ for staff and the storefront.
  app.addHook('onRequest', varyByCaller);

  app.get(
    '/brands',
    {
      config: { access: 'public' },
      schema: { tags, querystring: listBrandsQuery, response: { 200: envelope(brandListData) } },
    },
    async (request) => {
      const { items, pagination } = await service.list(request.query, !isStaffReader(request));
      return ok({ brands: items, pagination });
    },
  );

  app.get(
    '/brands/:id',
    { config: { access: 'public' }, schema: { tags, params, response: { 200: brandEnvelope } } },
    async (request) => ok({ brand: await service.get(request.params.id, !isStaffReader(request)) }),
  );

  app.post(
    '/brands',
    { config: { access: 'taxonomyWrite' }, schema: { tags, body: createBrandInput, response: { 201: brandEnvelope } } },
    async (request, reply) => {
      const brand = await service.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ brand }, 'Brand added successfully'));
    },
  );

  app.put(
    '/brands/:id',
    {
      config: { access: 'taxonomyWrite' },
      schema: { tags, params, body: updateBrandInput, response: { 200: brandEnvelope } },
    },
    async (request) => {
      const { logo, ...fields } = request.body;
      const brand = await service.update(request.params.id, { ...fields, picture: logo }, auditContext(request));
      return ok({ brand }, 'Brand updated successfully');
    },
  );

  app.delete(
    '/brands/:id',
    { config: { access: 'taxonomyWrite' }, schema: { tags, params, response: { 200: brandEnvelope } } },
    async (request) => {
      const brand = await service.remove(request.params.id, auditContext(request));
      return ok({ brand }, `${brand.name} deleted successfully`);
    },
  );

  app.post(
    '/brands/:id/logo',
    {
      config: { access: 'taxonomyWrite' },
      schema: {
        tags,
        params,
        consumes: ['multipart/form-data'],
        response: { 200: envelope(z.object({ logo: storedImageSchema, brand: brandView })) },
      },
    },
    async (request) => {
      const { files, fields } = await readImageUploads(request, 'logo', 1);
      const { picture, view } = await service.setPicture(
        request.params.id,
        files[0]!.buffer,
        fields.alt,
        auditContext(request),
      );
      return ok({ logo: picture, brand: view }, 'Logo uploaded successfully');
    },
  );
};
