import { bulkContracts, type OrderBulkStatusInput } from '@seamline/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Bulk status change: one request queues the job (the dialog follows it; the list reloads when it ends). */
export function useBulkOrderStatus() {
  return useMutation({
    mutationFn: async (body: OrderBulkStatusInput) => (await api.call(bulkContracts.orderStatus, { body })).data,
  });
}
