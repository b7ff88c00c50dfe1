import { type AnalyticsRangeQuery, analyticsContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Query keys and options of the analytics screens, in one place (`analyticsQueries.all` covers them all). Each report
 * is cached per range; the previous answer stays on screen while the next range loads.
 */
export const analyticsQueries = {
  all: ['analytics'] as const,
  sales: (query: AnalyticsRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all, 'sales', query] as const,
      queryFn: async ({ signal }) => (await api.call(analyticsContracts.sales, { query, signal })).data,
      placeholderData: keepPreviousData,
    }),
  revenue: (query: AnalyticsRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all, 'revenue', query] as const,
      queryFn: async ({ signal }) => (await api.call(analyticsContracts.revenue, { query, signal })).data,
      placeholderData: keepPreviousData,
    }),
  customers: (query: AnalyticsRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all, 'customers', query] as const,
      queryFn: async ({ signal }) => (await api.call(analyticsContracts.customers, { query, signal })).data,
      placeholderData: keepPreviousData,
    }),
  report: (query: AnalyticsRangeQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all, 'report', query] as const,
      queryFn: async ({ signal }) => (await api.call(analyticsContracts.comprehensiveReport, { query, signal })).data,
      placeholderData: keepPreviousData,
    }),
};

export const useSalesAnalytics = (query: AnalyticsRangeQuery) => useQuery(analyticsQueries.sales(query));
export const useRevenueAnalytics = (query: AnalyticsRangeQuery) => useQuery(analyticsQueries.revenue(query));
export const useCustomerAnalytics = (query: AnalyticsRangeQuery) => useQuery(analyticsQueries.customers(query));
export const useComprehensiveReport = (query: AnalyticsRangeQuery) => useQuery(analyticsQueries.report(query));
