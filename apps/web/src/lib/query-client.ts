import { isOverloadStatus } from '@seamline/client';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are not worth repeating; the HTTP client already retries 429 and 503 and renews tokens. */
const worthRepeating = (error: unknown) =>
  !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || isOverloadStatus(error.status)));

/** A failed read is repeated once, unless repeating cannot help (worthRepeating). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && worthRepeating(error),
      },
      mutations: { retry: false },
    },
  });
}
