import {
  productContracts,
  type ReceiveTransferInput,
  type TransferInput,
  type TransferStatus,
  type TransferSummary,
  type TransferView,
  transferContracts,
} from '@seamline/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { locationQueries } from '../../lib/location-queries';
import { catalogueQueryRoots } from '../../lib/query-keys';

export type { TransferSummary, TransferView };

export type TransferListParams = { page: number; status: TransferStatus | ''; locationId: string };

/** How many products the line picker offers for a search. */
const PICKER_RESULTS = 10;

/** Query keys and options of the transfers area, in one place (invalidate `transferQueries.all`). */
export const transferQueries = {
  all: ['transfers'] as const,
  list: (params: TransferListParams) =>
    queryOptions({
      queryKey: [...transferQueries.all, 'list', params] as const,
      queryFn: async ({ signal }) =>
        (
          await api.call(transferContracts.list, {
            query: {
              page: params.page,
              status: params.status || undefined,
              locationId: params.locationId || undefined,
            },
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
  detail: (id: string | null) =>
    queryOptions({
      queryKey: [...transferQueries.all, 'detail', id] as const,
      enabled: id !== null,
      queryFn: async ({ signal }) =>
        (await api.call(transferContracts.get, { params: { id: id ?? '' }, signal })).data.transfer,
    }),
  /** Products matching a search, with their sizes and colours, for adding lines. */
  products: (search: string) =>
    queryOptions({
      queryKey: [...catalogueQueryRoots.products, 'transfer-picker', search] as const,
      enabled: search.trim().length > 0,
      queryFn: async ({ signal }) =>
        (await api.call(productContracts.adminList, { query: { search, limit: PICKER_RESULTS }, signal })).data
          .products,
    }),
};

export const useTransfers = (params: TransferListParams) => useQuery(transferQueries.list(params));
export const useTransfer = (id: string | null) => useQuery(transferQueries.detail(id));
/** Every location (a draft names active ones; the list may be filtered by any); a minute fresh. */
export const useTransferLocations = () => useQuery({ ...locationQueries.list(), staleTime: 60_000 });
export const useTransferProducts = (search: string) => useQuery(transferQueries.products(search));

/** A transfer step: refreshes the transfers, and the stock screens when units moved. */
function useTransferMutation<V>(call: (vars: V) => Promise<TransferView>, movesStock: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (transfer) => {
      client.setQueryData(transferQueries.detail(transfer.id).queryKey, transfer);
      void client.invalidateQueries({ queryKey: [...transferQueries.all, 'list'] });
      if (movesStock) {
        void client.invalidateQueries({ queryKey: catalogueQueryRoots.inventory });
        void client.invalidateQueries({ queryKey: catalogueQueryRoots.products });
      }
    },
  });
}

export const useSaveTransfer = () =>
  useTransferMutation(async ({ id, values }: { id?: string; values: TransferInput }) => {
    const response = id
      ? await api.call(transferContracts.update, { params: { id }, body: values })
      : await api.call(transferContracts.create, { body: values });
    return response.data.transfer;
  }, false);

export const useShipTransfer = () =>
  useTransferMutation(
    async (id: string) => (await api.call(transferContracts.ship, { params: { id } })).data.transfer,
    true,
  );

export const useReceiveTransfer = () =>
  useTransferMutation(
    async ({ id, body }: { id: string; body: ReceiveTransferInput }) =>
      (await api.call(transferContracts.receive, { params: { id }, body })).data.transfer,
    true,
  );

export const useCancelTransfer = () =>
  useTransferMutation(
    async (id: string) => (await api.call(transferContracts.cancel, { params: { id } })).data.transfer,
    true,
  );
