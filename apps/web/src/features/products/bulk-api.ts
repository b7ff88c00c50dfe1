import { bulkContracts, type ProductBulkInput } from '@seamline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** A bulk product action: its dry run answers at once; the action itself queues a job (the dialog follows it). */
export function useBulkProducts() {
  return useMutation({
    mutationFn: async (body: ProductBulkInput) => (await api.call(bulkContracts.products, { body })).data,
  });
}
