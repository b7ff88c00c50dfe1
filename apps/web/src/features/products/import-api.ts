import { importExportContracts, type JobView } from '@seamline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { productQueries } from './api';

/** How often a running import job is asked for its progress. */
const JOB_POLL_MS = 500;

const asForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** The dry run: parses and checks the file, writes nothing. */
export function useImportPreview() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.call(importExportContracts.importProducts, { query: { dryRun: 'true' }, body: asForm(file) })).data,
  });
}

/** Queues the import job for the file. */
export function useStartImport() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.call(importExportContracts.importProducts, { query: { dryRun: 'false' }, body: asForm(file) })).data,
  });
}

const finished = (job: JobView | undefined) => job?.status === 'completed' || job?.status === 'failed';

/** The job's progress, asked every JOB_POLL_MS until it ends; then the product lists are read again. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['jobs', id],
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.call(importExportContracts.job, { params: { id: id! }, signal })).data.job,
    refetchInterval: (q) => (finished(q.state.data) ? false : JOB_POLL_MS),
  });
  const done = finished(query.data);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: productQueries.all });
  }, [done, queryClient]);
  return query;
}
