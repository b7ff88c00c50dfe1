import {
  type ComprehensiveReport,
  type CustomerAnalytics,
  DAY_MS,
  type DashboardAnalytics,
  isoDay,
  lastDaysQuery,
  type RevenueAnalytics,
  type SalesAnalytics,
} from '@seamline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type RangeQuery = { startDate?: string; endDate?: string };

/** The range just before `days` (same length), for data-driven KPI changes. */
export function previousDaysQuery(days: number, now = new Date()): RangeQuery {
  const current = lastDaysQuery(days, now);
  const start = new Date(`${current.startDate}T00:00:00Z`).getTime();
  const length = new Date(`${current.endDate}T00:00:00Z`).getTime() + DAY_MS - start;
  return { startDate: isoDay(new Date(start - length)), endDate: isoDay(new Date(start - DAY_MS)) };
}

const fetchData = async <T>(path: string, query: RangeQuery) => (await api.get<T>(path, { query })).data;

/** One analytics call over a range; the previous answer stays on screen while the next range loads. */
function useAnalytics<T>(name: string, path: string, query: RangeQuery, enabled = true) {
  return useQuery({
    queryKey: ['analytics', name, query],
    queryFn: () => fetchData<T>(path, query),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useDashboardAnalytics = (query: RangeQuery, enabled = true) =>
  useAnalytics<DashboardAnalytics>('dashboard', '/admin/analytics', query, enabled);
export const useSalesAnalytics = (query: RangeQuery) =>
  useAnalytics<SalesAnalytics>('sales', '/admin/analytics/sales', query);
export const useRevenueAnalytics = (query: RangeQuery) =>
  useAnalytics<RevenueAnalytics>('revenue', '/admin/analytics/revenue', query);
export const useCustomerAnalytics = (query: RangeQuery) =>
  useAnalytics<CustomerAnalytics>('customers', '/admin/analytics/customers', query);
export const useComprehensiveReport = (query: RangeQuery) =>
  useAnalytics<ComprehensiveReport>('report', '/admin/analytics/reports/comprehensive', query);
