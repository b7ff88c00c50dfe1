import { bulkContracts as contracts } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { OrderChanges } from '../orders/order-changes.service.js';
import { paymentProvider } from '../payments/provider-registry.js';
import { CatalogueWriteService } from '../products/catalogue-write.service.js';
import { CustomerBulkService } from './customer-bulk.service.js';
import { OrderBulkService } from './order-bulk.service.js';
import { ProductBulkService } from './product-bulk.service.js';

/** Bulk actions of the product, order and customer lists: one request, batched on the server. */
export const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const productBulk = new ProductBulkService(app.db, new CatalogueWriteService(app.db, app.storage));
  const orderBulk = new OrderBulkService(
    app.db,
    new OrderChanges(app.db, paymentProvider(app.config), app.config.publicUrl),
  );
  const customerBulk = new CustomerBulkService(app.db);

  serve(app, contracts.products, async (request) =>
    ok(
      await productBulk.run(request.body, auditContext(request)),
      request.body.dryRun ? 'Nothing was changed (dry run)' : 'Bulk action completed',
    ),
  );
  serve(app, contracts.orderStatus, async (request) =>
    ok(await orderBulk.changeStatus(request.body, request.user!, auditContext(request)), 'Bulk action completed'),
  );
  serve(app, contracts.customerStatus, async (request) =>
    ok(await customerBulk.setStatus(request.body, auditContext(request)), 'Bulk action completed'),
  );
};
