import { QueryClient } from '@tanstack/react-query';

/** Catalogue answers change rarely while a shopper browses: reuse them for a minute, retry a failed read once. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});
