// The browser side of the API, shared by the back office (apps/web) and the storefront (apps/shop): one HTTP client
// typed by the endpoint contracts, and a session: access token in memory, refresh token in an HttpOnly cookie, the
// user in localStorage under keys each app chooses.
export { ApiError, type CallOptions, createApiClient, errorMessage, type RequestOptions } from './api-client';
export { createSessionStore, type SessionKeys, type SessionStore, type StoredSession } from './session-store';
