import { type AnalyticsRangeQuery, analyticsContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys and options of the dashboard (`dashboardQueries.all`): its figures and charts, cached per period. */
export const dashboardQueries = {
  all: ['dashboard'] as const,
  figures: (query: AnalyticsRangeQuery) =>
    queryOptions({
      queryKey: [...dashboardQueries.all, 'figures', query] as const,
      queryFn: async ({ signal }) => (await api.call(analyticsContracts.dashboard, { query, signal })).data,
      placeholderData: keepPreviousData,
    }),
};

/** The dashboard's figures over a period; `enabled` is false for callers who may not read analytics. */
export const useDashboardAnalytics = (query: AnalyticsRangeQuery, enabled = true) =>
  useQuery({ ...dashboardQueries.figures(query), enabled });
