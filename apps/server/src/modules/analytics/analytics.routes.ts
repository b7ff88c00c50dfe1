import { analyticsContracts as contracts, resolveRange } from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '../../lib/contract-route.js';
import { ok } from '../../lib/responses.js';
import { dashboardAnalytics } from './dashboard.service.js';
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
 * the live tables; the contracts carry each figure's definition.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, contracts.dashboard, async (request) =>
    ok(await dashboardAnalytics(app.db, resolveRange(request.query), rangeEcho(request.query))),
  );
  serve(app, contracts.sales, async (request) => ok(await salesAnalytics(app.db, resolveRange(request.query))));
  serve(app, contracts.revenue, async (request) => ok(await revenueAnalytics(app.db, resolveRange(request.query))));
  serve(app, contracts.customers, async (request) => ok(await customerAnalytics(app.db, resolveRange(request.query))));
  serve(app, contracts.orderPerformance, async (request) =>
    ok(await orderPerformance(app.db, resolveRange(request.query))),
  );
  serve(app, contracts.coupons, async (request) => ok(await couponAnalytics(app.db, resolveRange(request.query))));
  serve(app, contracts.systemActivity, async (request) =>
    ok(await systemActivity(app.db, resolveRange(request.query))),
  );
  serve(app, contracts.comprehensiveReport, async (request) =>
    ok(await comprehensiveReport(app.db, resolveRange(request.query), rangeEcho(request.query))),
  );
};
