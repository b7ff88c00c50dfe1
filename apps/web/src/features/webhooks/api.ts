import {
  type CreateWebhookBody,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookSecret,
  webhookContracts,
} from '@seamline/shared';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type { WebhookDelivery, WebhookEndpoint, WebhookSecret };

/** Query keys of the webhooks area (invalidate `webhookQueries.all` after a change). */
export const webhookQueries = {
  all: ['webhooks'] as const,
  list: () => [...webhookQueries.all, 'list'] as const,
  deliveries: (id: string) => [...webhookQueries.all, 'deliveries', id] as const,
};

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookQueries.list(),
    queryFn: async ({ signal }) => (await api.call(webhookContracts.list, { signal })).data.endpoints,
  });
}

/** An endpoint's deliveries, newest first, a page of 20 at a time ("Load more" follows the cursor). */
export function useWebhookDeliveries(id: string) {
  return useInfiniteQuery<
    WebhookDeliveryPage,
    Error,
    InfiniteData<WebhookDeliveryPage>,
    readonly string[],
    string | null
  >({
    queryKey: webhookQueries.deliveries(id),
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) =>
      (
        await api.call(webhookContracts.deliveries, {
          params: { id },
          query: pageParam ? { cursor: pageParam } : {},
          signal,
        })
      ).data,
    getNextPageParam: (last) => last.nextCursor,
  });
}

function useWebhookMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.all }) });
}

export const useCreateWebhook = () =>
  useWebhookMutation(async (body: CreateWebhookBody) => (await api.call(webhookContracts.create, { body })).data);

export const useUpdateWebhook = () =>
  useWebhookMutation(
    async ({ id, body }: { id: string; body: Partial<CreateWebhookBody> & { enabled?: boolean } }) =>
      (await api.call(webhookContracts.update, { params: { id }, body })).data.endpoint,
  );

export const useDeleteWebhook = () =>
  useWebhookMutation((id: string) => api.call(webhookContracts.remove, { params: { id } }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation(async (id: string) => (await api.call(webhookContracts.rotateSecret, { params: { id } })).data);

export const useSendTestEvent = () =>
  useWebhookMutation(
    async (id: string) => (await api.call(webhookContracts.sendTest, { params: { id } })).data.delivery,
  );

export const useResendDelivery = () =>
  useWebhookMutation(
    async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      (await api.call(webhookContracts.resend, { params: { id, deliveryId } })).data.delivery,
  );
