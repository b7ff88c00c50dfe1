import { productContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { adminProductPage } from './admin-product-list.js';
import { adminProductRows } from './admin-product-rows.js';
import { CatalogueWriteService } from './catalogue-write.service.js';

/** Staff writes of the catalogue (admin and moderator) and the admin product helpers. */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const writes = new CatalogueWriteService(app.db, app.storage);

  serve(app, contracts.create, async (request, reply) => {
    const product = await writes.create(request.body, auditContext(request));
    return reply.status(201).send(ok({ product }, 'Product created successfully'));
  });

  serve(app, contracts.update, async (request) =>
    ok(
      { product: await writes.update(request.params.id, request.body, auditContext(request)) },
      'Product updated successfully',
    ),
  );

  serve(app, contracts.remove, async (request) => {
    await writes.remove(request.params.id, auditContext(request));
    return { success: true as const, message: 'Product and all related data permanently deleted successfully' };
  });

  serve(app, contracts.adminList, async (request) => ok(await adminProductPage(app.db, request.query)));

  serve(app, contracts.adminRows, async (request) => ok(await adminProductRows(app.db, request.query)));

  serve(app, contracts.setStatus, async (request) =>
    ok(
      { product: await writes.setStatus(request.params.id, request.body, auditContext(request)) },
      'Product status updated successfully',
    ),
  );
};
