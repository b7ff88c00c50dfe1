import { brandContracts, categoryContracts, type Endpoint } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { isStaffReader } from '../../lib/caller.js';
import { serve } from '../../lib/contract-route.js';
import { imageUploadRoute, readImageUploads } from '../../lib/images.js';
import { ok, varyByCaller } from '../../lib/responses.js';
import { brandKind, categoryKind } from './taxonomy.kinds.js';
import { type TaxonomyKind, type TaxonomyRow, TaxonomyService } from './taxonomy.service.js';

/**
 * One kind's contracts as this factory serves them: inputs typed from the contracts; the answers (keyed by the kind's
 * words, `data.category` or `data.brand`) are checked by each contract's response schema when they are serialized.
 */
type Served<G> = {
  [K in keyof G]: G[K] extends Endpoint ? Omit<G[K], 'responses'> & Pick<Endpoint, 'responses'> : never;
};
type TaxonomyContracts = Served<typeof categoryContracts> | Served<typeof brandContracts>;

/**
 * Categories and brands (the specification): the same six routes from one factory; anyone may read, only
 * admins write. Product counts differ for staff and the storefront.
 */
export function taxonomyRoutes<Row extends TaxonomyRow, View extends { name: string }>(
  kind: TaxonomyKind<Row, View>,
  contracts: TaxonomyContracts,
): FastifyPluginAsyncZod {
  const { one, many, picture, One, Picture } = kind.names;
  return async (app) => {
    const service = new TaxonomyService(app.db, app.storage, kind);
    app.addHook('onRequest', varyByCaller);

    serve(app, contracts.list, async (request) => {
      const { items, pagination } = await service.list(request.query, !isStaffReader(request));
      return ok({ [many]: items, pagination });
    });

    serve(app, contracts.get, async (request) =>
      ok({ [one]: await service.get(request.params.id, !isStaffReader(request)) }),
    );

    serve(app, contracts.create, async (request, reply) => {
      const view = await service.create(request.body, auditContext(request));
      return reply.status(201).send(ok({ [one]: view }, `${One} added successfully`));
    });

    serve(app, contracts.update, async (request) =>
      ok(
        { [one]: await service.update(request.params.id, request.body, auditContext(request)) },
        `${One} updated successfully`,
      ),
    );

    serve(app, contracts.remove, async (request) => {
      const view = await service.remove(request.params.id, auditContext(request));
      return ok({ [one]: view }, `${view.name} deleted successfully`);
    });

    serve(
      app,
      contracts.uploadPicture,
      async (request) => {
        const { files, fields } = await readImageUploads(request, picture, 1);
        const stored = await service.setPicture(request.params.id, files[0]!.buffer, fields.alt, auditContext(request));
        return ok({ [picture]: stored.picture, [one]: stored.view }, `${Picture} uploaded successfully`);
      },
      imageUploadRoute(1),
    );
  };
}

export const categoriesRoutes = taxonomyRoutes(categoryKind, categoryContracts);
export const brandsRoutes = taxonomyRoutes(brandKind, brandContracts);
