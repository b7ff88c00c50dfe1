import { PACKING_SLIP_MAX_ORDERS, packingSlipContracts } from '@seamline/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The printable page's address for these orders (at most PACKING_SLIP_MAX_ORDERS; the page says so past it). */
export const packingSlipsPath = (ids: readonly string[]) => `/orders/packing-slips?ids=${ids.join(',')}`;

export const canPrintSlips = (count: number) => count > 0 && count <= PACKING_SLIP_MAX_ORDERS;

/** The slips of the chosen orders (comma-separated ids; null: nothing valid to ask for): one bounded request. */
export function usePackingSlips(ids: string | null) {
  return useQuery({
    queryKey: ['orders', 'packing-slips', ids],
    enabled: ids !== null,
    queryFn: async ({ signal }) =>
      (await api.call(packingSlipContracts.list, { query: { ids: ids! }, signal })).data.slips,
    retry: false,
  });
}
