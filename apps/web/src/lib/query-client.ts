import { isTransientFailure } from '@seamline/client';
import { QueryClient } from '@tanstack/react-query';

/** A failed read is repeated once when it got no answer or a server error (isTransientFailure). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && isTransientFailure(error),
      },
      mutations: { retry: false },
    },
  });
}
