import { ApiError, isOverloadStatus } from '@seamline/client';
import { QueryClient } from '@tanstack/react-query';

/**
 * Catalogue answers change rarely while a shopper browses: reuse them for a minute, retry a failed read once, except
 * a 429 or 503 the HTTP client has already retried by its rules (another round would only add to the load).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      retry: (count, error) => count < 1 && !(error instanceof ApiError && isOverloadStatus(error.status)),
      refetchOnWindowFocus: false,
    },
  },
});

/** The signed-in customer's reads (profile, addresses, cards, orders) all start with this key: sign-out forgets them. */
export const ACCOUNT_QUERY_KEY = ['account'] as const;
