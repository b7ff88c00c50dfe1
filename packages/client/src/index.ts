// The browser side of the API, shared by the back office (apps/web) and the storefront (apps/shop): one HTTP client
// typed by the endpoint contracts (retrying what the server asks to be retried later), a session (access token in
// memory, refresh token in an HttpOnly cookie, the user in localStorage under keys each app chooses), and the loader
// of lazily loaded code.
export {
  type ApiClientOptions,
  ApiError,
  type CallOptions,
  createApiClient,
  errorMessage,
  isTransientFailure,
  type RequestOptions,
} from './api-client';
export { CHUNK_RELOAD_KEY, loadChunk, mayReloadForMissingCode, reloadForMissingCode } from './chunk-reload';
export { isOverloadStatus, type RetryOptions } from './retry';
export { createSessionStore, type SessionKeys, type SessionStore, type StoredSession } from './session-store';
