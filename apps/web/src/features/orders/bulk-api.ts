import { bulkContracts, type OrderBulkStatusInput } from '@seamline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { orderQueries } from './api';

/** Bulk status change: one request; the list reloads after it. */
export function useBulkOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: OrderBulkStatusInput) => (await api.call(bulkContracts.orderStatus, { body })).data,
    onSettled: () => client.invalidateQueries({ queryKey: orderQueries.all }),
  });
}
