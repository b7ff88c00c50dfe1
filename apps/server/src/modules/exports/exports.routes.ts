import { exportContracts as contracts } from '@seamline/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../../lib/audit.js';
import { serve } from '../../lib/contract-route.js';
import { foldPendingRollups } from '../analytics/index.js';
import { foldOrderSearch } from '../orders/index.js';
import { activityLogsExport } from './activity-logs-export.js';
import { analyticsExport } from './analytics-export.js';
import { catalogueExport } from './catalogue-export.js';
import { couponsExport } from './coupons-export.js';
import { sendCsv } from './csv-export.js';
import { customersExport } from './customers-export.js';
import { ordersExport } from './orders-export.js';

/**
 * Every list's "Export CSV": each route takes its list's filters (and access rule, from the contract), audits the
 * export on the primary and streams it from `reads`: a replica when one is configured and fresh
 * (plugins/read-routing.ts), the primary for a staff member who has just changed something.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const reads = (request: FastifyRequest) => app.readDb(request);

  serve(app, contracts.exportProducts, async (request, reply) =>
    sendCsv(
      db,
      reply,
      auditContext(request),
      request.query,
      await catalogueExport(await reads(request), 'products', request.query),
    ),
  );
  serve(app, contracts.exportInventory, async (request, reply) =>
    sendCsv(
      db,
      reply,
      auditContext(request),
      request.query,
      await catalogueExport(await reads(request), 'inventory', request.query),
    ),
  );
  serve(app, contracts.exportOrders, async (request, reply) => {
    // A search reads the orders' search documents: the pending ones are written first, on the primary.
    if (request.query.search) await foldOrderSearch(db);
    return sendCsv(db, reply, auditContext(request), request.query, ordersExport(await reads(request), request.query));
  });
  serve(app, contracts.exportCustomers, async (request, reply) =>
    sendCsv(db, reply, auditContext(request), request.query, customersExport(await reads(request), request.query)),
  );
  serve(app, contracts.exportCoupons, async (request, reply) =>
    sendCsv(db, reply, auditContext(request), request.query, couponsExport(await reads(request), request.query)),
  );
  serve(app, contracts.exportActivityLogs, async (request, reply) =>
    sendCsv(db, reply, auditContext(request), request.query, activityLogsExport(await reads(request), request.query)),
  );
  serve(app, contracts.exportAnalyticsReport, async (request, reply) => {
    const { report } = request.params;
    await foldPendingRollups(db);
    const file = await analyticsExport(await reads(request), report, request.query);
    return sendCsv(db, reply, auditContext(request), { report, ...request.query }, file);
  });
};
