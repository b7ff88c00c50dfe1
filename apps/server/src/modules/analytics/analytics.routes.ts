import {
  analyticsRangeQuery,
  comprehensiveReport as comprehensiveReportSchema,
  couponAnalytics as couponAnalyticsSchema,
  customerAnalytics as customerAnalyticsSchema,
  dashboardAnalytics as dashboardAnalyticsSchema,
  orderPerformance as orderPerformanceSchema,
  resolveRange,
  revenueAnalytics as revenueAnalyticsSchema,
  salesAnalytics as salesAnalyticsSchema,
  systemActivity as systemActivitySchema,
} from '@seamline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope, ok } from '../../lib/responses.js';
import { dashboardAnalytics } from './dashboard.service.js';
import { DEFINITIONS } from './definitions.js';
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

const tags = ['analytics'];

/**
 * Staff analytics (ACCESS.analytics: admin, moderator). Every route takes optional `startDate`/`endDate`
 * (YYYY-MM-DD days in UTC, end day included, or ISO 8601 date-times; no range = all time) and computes its figures
 * in SQL from the live tables.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The route options: access, the shared query schema, the response schema and the definitions as docs. */
  const options = <T extends z.ZodType>(path: string, summary: string, data: T) => ({
    config: { access: 'analytics' as const },
    schema: {
      tags,
      summary,
      description: `${DEFINITIONS.common}\n\n${DEFINITIONS[path] ?? ''}`,
      querystring: analyticsRangeQuery,
      response: { 200: envelope(data) },
    },
  });

  app.get(
    '/admin/analytics',
    options('/admin/analytics', 'Dashboard figures and charts', dashboardAnalyticsSchema),
    async (request) => ok(await dashboardAnalytics(app.db, resolveRange(request.query), rangeEcho(request.query))),
  );
  app.get(
    '/admin/analytics/sales',
    options('/admin/analytics/sales', 'Sales analytics', salesAnalyticsSchema),
    async (request) => ok(await salesAnalytics(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/revenue',
    options('/admin/analytics/revenue', 'Revenue analytics', revenueAnalyticsSchema),
    async (request) => ok(await revenueAnalytics(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/customers',
    options('/admin/analytics/customers', 'Customer analytics', customerAnalyticsSchema),
    async (request) => ok(await customerAnalytics(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/orders/performance',
    options('/admin/analytics/orders/performance', 'Order performance', orderPerformanceSchema),
    async (request) => ok(await orderPerformance(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/coupons',
    options('/admin/analytics/coupons', 'Coupon redemptions', couponAnalyticsSchema),
    async (request) => ok(await couponAnalytics(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/activity/system',
    options('/admin/analytics/activity/system', 'System activity', systemActivitySchema),
    async (request) => ok(await systemActivity(app.db, resolveRange(request.query))),
  );
  app.get(
    '/admin/analytics/reports/comprehensive',
    options('/admin/analytics/reports/comprehensive', 'Comprehensive report', comprehensiveReportSchema),
    async (request) => ok(await comprehensiveReport(app.db, resolveRange(request.query), rangeEcho(request.query))),
  );
};
