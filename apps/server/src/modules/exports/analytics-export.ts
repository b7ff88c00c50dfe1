import { type AnalyticsRangeQuery, type AnalyticsReportName, resolveRange } from '@seamline/shared';
import type { Db } from '../../db/client.js';
import {
  comprehensiveReport,
  couponAnalytics,
  customerAnalytics,
  dashboardAnalytics,
  orderPerformance,
  rangeEcho,
  revenueAnalytics,
  salesAnalytics,
  systemActivity,
} from '../analytics/index.js';
import { InventoryService } from '../inventory/index.js';
import type { CsvExport } from './csv-export.js';

/** Each report's figures for a range, computed by the report's own service (the same answer its endpoint gives). */
const REPORTS: Record<AnalyticsReportName, (db: Db, query: AnalyticsRangeQuery) => Promise<object>> = {
  dashboard: (db, query) => dashboardAnalytics(db, resolveRange(query), rangeEcho(query)),
  sales: (db, query) => salesAnalytics(db, resolveRange(query)),
  revenue: (db, query) => revenueAnalytics(db, resolveRange(query)),
  customers: (db, query) => customerAnalytics(db, resolveRange(query)),
  'order-performance': (db, query) => orderPerformance(db, resolveRange(query)),
  coupons: (db, query) => couponAnalytics(db, resolveRange(query)),
  'system-activity': (db, query) => systemActivity(db, resolveRange(query)),
  // Stock now (no range), as Inventory Analytics shows it.
  inventory: (db) => new InventoryService(db).analytics(),
  comprehensive: (db, query) => comprehensiveReport(db, resolveRange(query), rangeEcho(query)),
};

type Table = { name: string; rows: Record<string, unknown>[] };

const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Nested objects flattened to dotted names: { a: { b: 1 } } → { 'a.b': 1 }. */
function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      Object.assign(out, flatten(inner as Record<string, unknown>, name));
    else out[name] = inner;
  }
  return out;
}

/** The report as CSV rows: `metric,value` for every figure, then each list as its name, a header and its rows. */
export function reportRecords(report: object): string[][] {
  const figures: string[][] = [];
  const tables: Table[] = [];
  for (const [name, value] of Object.entries(flatten(report as Record<string, unknown>))) {
    if (Array.isArray(value) && value.every((row) => row && typeof row === 'object'))
      tables.push({ name, rows: value.map((row) => flatten(row as Record<string, unknown>)) });
    else figures.push([name, cell(value)]);
  }
  const records = [...figures];
  for (const table of tables) {
    const columns = [...new Set(table.rows.flatMap((row) => Object.keys(row)))];
    records.push([], [table.name], columns, ...table.rows.map((row) => columns.map((column) => cell(row[column]))));
  }
  return records;
}

/** One analytics report of the range, as the screen shows it (small: a report is a few hundred rows at most). */
export async function analyticsExport(
  db: Db,
  report: AnalyticsReportName,
  query: AnalyticsRangeQuery,
): Promise<CsvExport> {
  const records = reportRecords(await REPORTS[report](db, query));
  return {
    kind: 'analytics',
    fileName: `${report}-report`,
    columns: ['metric', 'value'],
    records: (async function* () {
      yield* records;
    })(),
  };
}
