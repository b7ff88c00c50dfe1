import { z } from 'zod';
import type { AccessRule } from '../access.js';
import { activityLogQuery } from '../activity-logs.js';
import { analyticsRangeQuery } from '../analytics.js';
import { endpoint } from '../contract.js';
import { couponListQuery } from '../coupons.js';
import { customerListQuery } from '../customers.js';
import { ANALYTICS_REPORTS } from '../exports.js';
import { staffOrderListQuery } from '../list-filters.js';
import { adminProductListQuery } from '../products.js';

const tag = 'import-export';
const csv = (rows: string) => z.string().describe(`text/csv, UTF-8, a header row and ${rows}`);
const withoutPage = { page: true, limit: true } as const;

/** The list filters an export takes: the screen's, without the page. */
export const productExportQuery = adminProductListQuery.omit(withoutPage);
export const orderExportQuery = staffOrderListQuery.omit(withoutPage);
export const customerExportQuery = customerListQuery.omit(withoutPage);
export const activityLogExportQuery = activityLogQuery.omit(withoutPage);
export type OrderExportQuery = z.output<typeof orderExportQuery>;
export type CustomerExportQuery = z.output<typeof customerExportQuery>;
export type CouponExportQuery = z.output<typeof couponListQuery>;
export type ActivityLogExportQuery = z.output<typeof activityLogExportQuery>;

/** What every CSV export does, told once in each one's description. */
const EVERY_EXPORT =
  'The whole list, however long, is streamed; the download is recorded in the activity log (action `export`, the ' +
  "resource and the filters). Cells a spreadsheet would run as a formula (starting with =, +, -, @, tab or CR) get a ' " +
  'in front (a plain number such as -5 is left alone).';

/** A streamed CSV download of a list with its filters; the caller needs the list's own access rule. */
function listExport<const Id extends string, const Path extends string, const Q extends z.ZodType>(
  operationId: Id,
  path: Path,
  summary: string,
  access: AccessRule,
  query: Q,
  rows: string,
  description: string,
) {
  return endpoint({
    operationId,
    method: 'GET',
    path,
    summary: `${summary}; streamed, and recorded in the activity log with its filters`,
    description: `${description} ${EVERY_EXPORT}`,
    tag,
    access,
    query,
    produces: ['text/csv'],
    responses: { 200: csv(rows) },
  });
}

/** Every CSV export of the back office (each screen's "Export CSV"). */
export const exportContracts = {
  exportProducts: listExport(
    'exportProducts',
    '/admin/products/export.csv',
    'Products with their variants as CSV (the import columns), with the list filters',
    'catalogueRead',
    productExportQuery,
    'one row per variant and active stock location',
    "The product import's columns, so an exported file imports back unchanged (the import takes the formula " +
      'guard off again): each variant once per active location (`location`, the first location first) with the ' +
      'quantity held there. The filters of GET /admin/products.',
  ),
  exportInventory: listExport(
    'exportInventory',
    '/admin/inventory/export.csv',
    'Stock per variant and location as CSV (SKU, barcode, location, quantity, reserved, available, threshold), with the list filters',
    'catalogueRead',
    productExportQuery,
    'one row per variant and active stock location',
    'Per variant and active location: SKU, barcode, location, the quantity, reserved and available units there, and ' +
      "the variant's threshold. The filters of GET /admin/products.",
  ),
  exportOrders: listExport(
    'exportOrders',
    '/admin/orders/export.csv',
    'Orders with their lines as CSV (order, customer, shipping address, money, then the line), with the list filters',
    'orders',
    orderExportQuery,
    'one row per order line, newest order first',
    'Per order line: the order (number, dates, status, payment, customer or guest, shipping address, coupon, ' +
      'money), then the line (SKUs, name, size, color, quantity, unit price, line total). The filters of ' +
      'GET /admin/orders.',
  ),
  exportCustomers: listExport(
    'exportCustomers',
    '/admin/customers/export.csv',
    'Customers with their order count, amount spent and tier as CSV, with the list search and status',
    'customersRead',
    customerExportQuery,
    'one row per customer, newest first',
    'Customer accounts only, with the filters of GET /admin/customers.',
  ),
  exportCoupons: listExport(
    'exportCoupons',
    '/admin/coupons/export.csv',
    'Coupons with their usage and display status as CSV, with the list search and filters',
    'couponsRead',
    couponListQuery,
    'one row per coupon, newest first',
    'Each coupon with its use count, limits and display status; the filters of GET /admin/coupons.',
  ),
  exportActivityLogs: listExport(
    'exportActivityLogs',
    '/admin/activity-logs/export.csv',
    'Activity-log entries as CSV, with the screen search and filters',
    'activityLogs',
    activityLogExportQuery,
    'one row per entry, newest first',
    'Each entry with its details as JSON; the filters of GET /admin/activity-logs.',
  ),
  exportAnalyticsReport: endpoint({
    operationId: 'exportAnalyticsReport',
    method: 'GET',
    path: '/admin/analytics/reports/:report/export.csv',
    summary: 'One analytics report of a range as CSV: its figures as metric/value rows, then each table or series',
    description:
      'The same figures as the report endpoint for the same range (`inventory` is stock now and takes no range). The first block has the columns metric and value ' +
      '(nested figures named by their path, e.g. orderStats.totalOrders); each list follows after an empty row as ' +
      'its name, a header row and its rows. Recorded in the activity log with the range.',
    tag,
    access: 'analytics',
    params: z.object({ report: z.enum(ANALYTICS_REPORTS, { error: 'Unknown report' }) }),
    query: analyticsRangeQuery,
    produces: ['text/csv'],
    responses: { 200: csv('the report blocks') },
  }),
};
