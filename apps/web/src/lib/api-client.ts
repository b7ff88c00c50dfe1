import { createApiClient } from '@seamline/client';
import { session } from './session';

export { ApiError, type CallOptions, errorMessage, type RequestOptions } from '@seamline/client';

/** Where the browser goes when the session cannot be renewed (replaceable in tests). */
export const navigation = {
  toLogin() {
    if (window.location.pathname !== '/login') window.location.assign('/login');
  },
};

const expiredListeners = new Set<() => void>();
/** Called after the session was cleared because a refresh failed (the auth provider resets its state). */
export function onSessionExpired(listener: () => void): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}

/** The back office's client: the spec's session keys; an expired session opens /login. */
export const { api, apiRequest, refreshSession } = createApiClient({
  session,
  onExpired() {
    for (const listener of expiredListeners) listener();
    navigation.toLogin();
  },
});
