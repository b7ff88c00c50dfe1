import { analyticsContracts as contracts, resolveRange } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { dashboardAnalytics } from './dashboard.service.js';
import { foldPendingRollups } from './pending-rollups.js';
import { comprehensiveReport } from './report.service.js';
import {
  couponAnalytics,
  customerAnalytics,
  orderPerformance,
  revenueAnalytics,
  salesAnalytics,
  systemActivity,
} from './reports.service.js';
import { rangeEcho } from './sql.js';

/**
 * Staff analytics (ACCESS.analytics: admin, moderator). Every report takes optional `startDate`/`endDate` (YYYY-MM-DD
 * days in UTC, end day included, or ISO 8601 date-times; no range = all time) and computes its figures in SQL from
 * the live tables; the contracts carry each figure's definition. They read a replica when one is configured and
 * fresh (plugins/read-routing.ts): the heaviest reads leave the primary, a staff member's own recent change still shows.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  // What orders left pending is added up first, on the primary: every report reads exact figures.
  app.addHook('preHandler', async () => {
    await foldPendingRollups(app.db);
  });
  serve(app, contracts.dashboard, async (request) =>
    ok(await dashboardAnalytics(await app.readDb(request), resolveRange(request.query), rangeEcho(request.query))),
  );
  serve(app, contracts.sales, async (request) =>
    ok(await salesAnalytics(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.revenue, async (request) =>
    ok(await revenueAnalytics(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.customers, async (request) =>
    ok(await customerAnalytics(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.orderPerformance, async (request) =>
    ok(await orderPerformance(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.coupons, async (request) =>
    ok(await couponAnalytics(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.systemActivity, async (request) =>
    ok(await systemActivity(await app.readDb(request), resolveRange(request.query))),
  );
  serve(app, contracts.comprehensiveReport, async (request) =>
    ok(await comprehensiveReport(await app.readDb(request), resolveRange(request.query), rangeEcho(request.query))),
  );
};
