import { type ApiKeyData, apiKeyContracts } from '@seamline/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Query keys and options of Settings → API keys (invalidate `apiKeyQueries.all`). */
export const apiKeyQueries = {
  all: ['api-keys'] as const,
  list: () =>
    queryOptions({
      queryKey: [...apiKeyQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await api.call(apiKeyContracts.list, { signal })).data.apiKeys,
    }),
};

export function useApiKeys() {
  return useQuery(apiKeyQueries.list());
}

/** Answers the new key with its secret: the only time the secret leaves the server. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApiKeyData) => (await api.call(apiKeyContracts.create, { body: input })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyQueries.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(apiKeyContracts.revoke, { params: { id } })).data.apiKey,
    onSettled: () => client.invalidateQueries({ queryKey: apiKeyQueries.all }),
  });
}
