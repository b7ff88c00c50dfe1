import { bulkContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { CatalogueWriteService } from '../products/index.js';
import { queueBulkJob } from './bulk-job.js';
import { ProductBulkService } from './product-bulk.service.js';

/** Bulk actions of the product, order and customer lists: each request queues one job (a product dry run answers). */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const productBulk = new ProductBulkService(app.db, new CatalogueWriteService(app.db, app.storage));
  const started = 'Bulk action started';

  serve(app, contracts.products, async (request, reply) => {
    if (request.body.dryRun) return ok(await productBulk.preview(request.body), 'Nothing was changed (dry run)');
    await productBulk.assertTarget(request.body.action);
    const job = await queueBulkJob(app.jobs, 'product_bulk', request.body, request.user!, auditContext(request));
    return reply.status(202).send(ok({ job }, started));
  });
  serve(app, contracts.orderStatus, async (request, reply) => {
    const job = await queueBulkJob(app.jobs, 'order_bulk_status', request.body, request.user!, auditContext(request));
    return reply.status(202).send(ok({ job }, started));
  });
  serve(app, contracts.customerStatus, async (request, reply) => {
    const job = await queueBulkJob(
      app.jobs,
      'customer_bulk_status',
      request.body,
      request.user!,
      auditContext(request),
    );
    return reply.status(202).send(ok({ job }, started));
  });
};
