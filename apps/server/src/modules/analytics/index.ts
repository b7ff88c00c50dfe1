export { analyticsRoutes } from './analytics.routes.js';
export { dashboardAnalytics } from './dashboard.service.js';
export { foldPendingRollups, registerRollupFolding } from './pending-rollups.js';
export { comprehensiveReport } from './report.service.js';
export {
  couponAnalytics,
  customerAnalytics,
  orderPerformance,
  revenueAnalytics,
  salesAnalytics,
  systemActivity,
} from './reports.service.js';
export { rangeEcho } from './sql.js';
export { salesRankCandidates, unitsSoldSql } from './units-sold.js';
