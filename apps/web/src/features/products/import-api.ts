import { importExportContracts } from '@seamline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useJob } from '../../lib/jobs';
import { productQueries } from './api';

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

/** The import job's progress until it ends; then the product lists are read again. */
export const useImportJob = (id: string | null) => useJob(id, productQueries.all);
