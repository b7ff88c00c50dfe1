import { importExportContracts, isFinishedJob, type JobView } from '@seamline/shared';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 500;

/**
 * A background job's progress (an import or a bulk action), asked every JOB_POLL_MS until it ends; then the lists it
 * changed (`refresh`) are read again.
 */
export function useJob(id: string | null, refresh: QueryKey) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['jobs', id],
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<JobView> =>
      (await api.call(importExportContracts.job, { params: { id: id! }, signal })).data.job,
    refetchInterval: (q) => (isFinishedJob(q.state.data) ? false : JOB_POLL_MS),
  });
  const done = isFinishedJob(query.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is a constant of the screen
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: refresh });
  }, [done, queryClient]);
  return query;
}
