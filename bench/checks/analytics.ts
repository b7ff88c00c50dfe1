import { DAY_MS, isoDay } from '@seamline/shared';
import { type BenchContext, sample } from '../lib/http.js';
import type { Figure } from '../lib/table.js';

const TARGET_MS = 200;

/** Every analytics report the back office opens (the reports screen reads the comprehensive one). */
const ENDPOINTS: [string, string][] = [
  ['dashboard', '/api/admin/analytics'],
  ['sales', '/api/admin/analytics/sales'],
  ['revenue', '/api/admin/analytics/revenue'],
  ['customers', '/api/admin/analytics/customers'],
  ['performance', '/api/admin/analytics/orders/performance'],
  ['coupons', '/api/admin/analytics/coupons'],
  ['inventory', '/api/admin/analytics/inventory'],
  ['reports', '/api/admin/analytics/reports/comprehensive'],
  ['system activity', '/api/admin/analytics/activity/system'],
];

/** Each analytics call for the last 30 and 365 days, one at a time: the median of up to BENCH_RUNS calls. */
export async function analytics(ctx: BenchContext, figures: Figure[], runs: number): Promise<void> {
  const now = Date.now();
  const range = (days: number) => `startDate=${isoDay(new Date(now - days * DAY_MS))}&endDate=${isoDay(new Date(now))}`;
  for (const days of [30, 365])
    for (const [name, path] of ENDPOINTS) {
      const s = await sample(ctx, `${path}?${range(days)}`, { runs, maxSeconds: 5 });
      figures.push({
        group: 'analytics',
        name: `${name} ${days} d median`,
        value: s.failures.length ? Number.NaN : s.p50,
        unit: 'ms',
        bound: 'max',
        target: TARGET_MS,
        note: s.failures.length ? `failed: ${s.failures.join('; ')}` : `${s.runs} calls, max ${s.max.toFixed(0)} ms`,
      });
    }
}
