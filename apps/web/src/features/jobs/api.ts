import { type QueueJobState, queueJobContracts } from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys and options of Settings → Jobs (invalidate `queueJobQueries.all`). */
export const queueJobQueries = {
  all: ['queue-jobs'] as const,
  /** One page of a state's jobs: `after` is the previous page's last id (none for the first). */
  list: (params: { state: QueueJobState; after?: string }) =>
    queryOptions({
      queryKey: [...queueJobQueries.all, 'list', params] as const,
      queryFn: async ({ signal }) => (await api.call(queueJobContracts.list, { query: params, signal })).data,
      placeholderData: keepPreviousData,
      // The queue moves on its own: a shown page refreshes while it is open.
      refetchInterval: 10_000,
    }),
};

export function useQueueJobs(params: { state: QueueJobState; after?: string }) {
  return useQuery(queueJobQueries.list(params));
}

export function useRetryQueueJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(queueJobContracts.retry, { params: { id } })).data.job,
    onSuccess: () => client.invalidateQueries({ queryKey: queueJobQueries.all }),
  });
}
