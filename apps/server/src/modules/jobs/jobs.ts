import { importExportContracts } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { JobRunner } from '../../lib/job-runner.js';
import { ok } from '../../lib/responses.js';
import { bulkJobHandler, CustomerBulkService, OrderBulkService, ProductBulkService } from '../bulk/index.js';
import { ImportImages, productImportJob } from '../imports/index.js';
import { OrderChangesService } from '../orders/index.js';
import { CatalogueWriteService } from '../products/index.js';

/** The one job runner of the app, with a handler per job kind; its jobs run on the app's queue. */
export function registerJobs(app: FastifyInstance): void {
  const products = new ProductBulkService(app.db, new CatalogueWriteService(app.db, app.storage));
  const orders = new OrderBulkService(app.db, new OrderChangesService(app.db, app.payments, app.config.publicUrl));
  const runner = new JobRunner(
    app.db,
    app.log,
    {
      product_import: productImportJob(app.db, new ImportImages(app.db, app.storage, app.config.importImages)),
      product_bulk: bulkJobHandler(app.db, products.job()),
      order_bulk_status: bulkJobHandler(app.db, orders.job()),
      customer_bulk_status: bulkJobHandler(app.db, new CustomerBulkService(app.db).job()),
    },
    app.queue,
  );
  app.decorate('jobs', runner);
  // In the background: a start must not wait for (or fail on) leftovers, e.g. before `npm run db:migrate` has run.
  app.addHook('onReady', async () => {
    runner.sweep().catch((error) => app.log.warn({ err: error }, 'job leftovers were not swept'));
  });
}

/** GET /admin/jobs/{id}: the progress of an import or a bulk action. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, importExportContracts.job, async (request) =>
    ok({ job: await app.jobs.get(request.params.id, request.user!) }),
  );
};
