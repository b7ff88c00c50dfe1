import { createApiClient, createSessionStore } from '@seamline/client';
import { SHOP_PATHS, SHOP_SESSION_KEYS } from './paths';

export { ApiError, errorMessage, isTransientFailure } from '@seamline/client';

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
