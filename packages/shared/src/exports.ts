/** The analytics reports that export as CSV (each analytics screen's "Export CSV"), named as in their paths. */
export const ANALYTICS_REPORTS = [
  'dashboard',
  'sales',
  'revenue',
  'customers',
  'order-performance',
  'coupons',
  'system-activity',
  'inventory',
  'comprehensive',
] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORTS)[number];

/** The activity-log resource an export is recorded under (action `export`), per exported list. */
export const EXPORT_RESOURCES = {
  products: 'product',
  inventory: 'inventory',
  orders: 'order',
  customers: 'customer',
  coupons: 'coupon',
  activityLogs: 'activity_log',
  analytics: 'analytics',
} as const;
export type ExportKind = keyof typeof EXPORT_RESOURCES;
