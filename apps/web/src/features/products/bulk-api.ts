import { bulkContracts, type ProductBulkInput } from '@seamline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { productQueries } from './api';

/** A bulk product action (or its dry run): one request; the lists reload after a real one. */
export function useBulkProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProductBulkInput) => (await api.call(bulkContracts.products, { body })).data,
    onSuccess: (_result, body) => {
      if (!body.dryRun) void client.invalidateQueries({ queryKey: productQueries.all });
    },
  });
}
