import { ApiError, createApiClient, createSessionStore, isOverloadStatus } from '@seamline/client';
import { SHOP_PATHS, SHOP_SESSION_KEYS } from './paths';

export { ApiError, errorMessage } from '@seamline/client';

/**
 * The shopper's session: the storefront's own refresh cookie (`shop`) and localStorage keys, so a staff session in the
 * same browser stays apart.
 */
export const session = createSessionStore('shop', SHOP_SESSION_KEYS);

/** The storefront's client: an expired session sends the shopper to sign in again. */
export const { api, refreshSession } = createApiClient({
  session,
  onExpired() {
    if (!window.location.pathname.startsWith(SHOP_PATHS.signIn)) window.location.assign(SHOP_PATHS.signIn);
  },
});

/**
 * A call that got no answer, or a server error: worth one more try by itself. A refusal is an answer, and a 429 or
 * 503 the HTTP client has already retried by its rules.
 */
export const isTransientFailure = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && !isOverloadStatus(error.status));
