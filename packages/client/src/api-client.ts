import {
  authContracts,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type EndpointStaffResponse,
  endpointPath,
  HTTP,
  SESSION_CLIENT_HEADER,
  twoFactorContracts,
} from '@seamline/shared';
import { refreshedTokens } from './refresh-answer';
import { createRetryRules, isOverloadStatus, type RetryOptions } from './retry';
import type { SessionStore } from './session-store';

/** A failed call: the server's `error` text (or a client-side reason), the HTTP status (0 = no answer) and code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = 'ERROR',
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A failed call worth one more try by its caller: no answer, or a server error. A refusal (4xx) is an answer, and a 429
 * or 503 the client has already retried by its rules (another round would only add to the load).
 */
export const isTransientFailure = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && !isOverloadStatus(error.status));

/** The message to show for a failure: the server's text when there is one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.message ? error.message : fallback;
}

export type QueryValue = string | number | boolean | null | undefined;
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised, or sent as multipart when it is a FormData. */
  body?: unknown;
  /** Empty values ('' / null / undefined) are left out. */
  query?: object;
  signal?: AbortSignal;
  /** Never try a token refresh on 401 for this call (used by the session check at start). */
  noRefresh?: boolean;
  /** Use this access token instead of the stored one (a session that is not stored, e.g. a refused customer). */
  accessToken?: string;
  /** Extra request headers, e.g. `Idempotency-Key`. */
  headers?: Record<string, string>;
  /** A POST that may be sent twice (its contract's `idempotent`): a shed answer is retried as a read's is. */
  idempotent?: boolean;
};

// Calls where a 401 means "wrong credentials", never "expired access token".
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set(
  [
    authContracts.login,
    authContracts.register,
    authContracts.refresh,
    twoFactorContracts.loginVerify,
    twoFactorContracts.loginSetup,
    twoFactorContracts.loginEnable,
  ].map((contract) => contract.path),
);

function buildUrl(path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${HTTP.basePath}${path}${search ? `?${search}` : ''}`;
}

type RawResponse = { status: number; ok: boolean; body: unknown; retryAfter: string | null };

/** One fetch with the 10 s timeout covering the answer's body too; the caller's signal still cancels it. */
async function fetchOnce(url: string, init: RequestInit, signal?: AbortSignal): Promise<RawResponse> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP.timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = { error: text };
      }
    }
    return { status: response.status, ok: response.ok, body, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    if (timedOut) throw new ApiError('Request timed out', 0, 'TIMEOUT');
    if (signal?.aborted) throw error;
    throw new ApiError('Network error: the server could not be reached', 0, 'NETWORK_ERROR');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

function toApiError(response: RawResponse): ApiError {
  const body = (response.body ?? {}) as { error?: unknown; message?: unknown; code?: unknown; details?: unknown };
  const text = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
  return new ApiError(
    text || `Request failed with status ${response.status}`,
    response.status,
    typeof body.code === 'string' ? body.code : 'ERROR',
    Array.isArray(body.details) ? (body.details as ApiError['details']) : undefined,
  );
}

/** Per-call options that are not part of the endpoint's input. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'noRefresh' | 'accessToken'>;
type CallArgs<E extends Endpoint> =
  Record<string, never> extends EndpointInput<E>
    ? [input?: EndpointInput<E> & CallOptions]
    : [input: EndpointInput<E> & CallOptions];

export type ApiClientOptions = {
  session: SessionStore;
  onExpired: () => void;
  /** Where the API is: '' (default) is the page's own origin; tests name a server of their own. */
  origin?: string;
  /** The retry policy's numbers, clock, dice and wait (retry.ts); the defaults are the apps'. */
  retry?: RetryOptions;
};

/**
 * Runs `work` while holding a lock shared by every tab of this origin (Web Locks API), so two tabs never spend the
 * same refresh cookie at once (the second would be a reuse and end the session). Without the API it just runs.
 */
async function oneTabAtATime<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  let result: T | undefined;
  await locks.request(name, async () => {
    result = await work();
  });
  return result as T;
}

/**
 * The one HTTP client (the specification) over a session store: base /api, JSON, 10 s timeout, bearer token; 429 and
 * 503 retried by the rules of retry.ts (back-off with jitter, Retry-After, a per-tab budget; 503 only for idempotent
 * calls); a 401 triggers one refresh (concurrent calls share it) and one repeat of the call; when the refresh fails
 * the session is cleared and `onExpired` runs (the app opens its sign-in page). Every call names the app in
 * `X-Seamline-Client`, so sign-ins and refreshes put the refresh token in the app's HttpOnly cookie.
 */
export function createApiClient({ session, onExpired, origin = '', retry }: ApiClientOptions) {
  const { clearSession, saveTokens, storedAccessToken } = session;
  function expireSession() {
    clearSession();
    onExpired();
  }
  let refreshing: Promise<boolean> | null = null;
  const retryRules = createRetryRules(retry);
  const urlOf = (path: string, query?: object) => `${origin}${buildUrl(path, query)}`;

  /**
   * Trades the refresh cookie for a new access token (the cookie is rotated by the answer). A token kept in
   * localStorage before the cookie is sent once in the body: the server moves the session into the cookie. A refused
   * refresh ends the session here; an unreachable server leaves it as it is.
   */
  async function renewAccessToken(): Promise<boolean> {
    const legacy = session.legacyRefreshToken();
    const contract = authContracts.refresh;
    try {
      // A plain fetch: no stale bearer token, no 401 handling of its own.
      const answer = await fetchOnce(urlOf(contract.path), {
        method: contract.method,
        headers: {
          Accept: 'application/json',
          [SESSION_CLIENT_HEADER]: session.client,
          ...(legacy ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(legacy ? { body: JSON.stringify({ refreshToken: legacy }) } : {}),
        credentials: 'same-origin',
      });
      if (answer.status === 401 || answer.status === 403) {
        clearSession();
        return false;
      }
      const tokens = refreshedTokens(answer.body);
      if (!answer.ok || !tokens) return false;
      session.dropLegacyTokens();
      saveTokens(tokens);
      return true;
    } catch {
      return false;
    }
  }

  /** A new access token from the refresh cookie. Concurrent callers share one refresh; tabs take turns. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= oneTabAtATime(`seamline-refresh:${session.client}`, renewAccessToken).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * The access token for a call. It lives in memory only, so a tab that has a session but no token yet (just loaded,
   * or signed in from another tab) renews it first.
   */
  async function accessTokenFor(path: string, options: RequestOptions): Promise<string | null> {
    if (options.accessToken) return options.accessToken;
    if (!storedAccessToken() && !options.noRefresh && !NO_REFRESH_PATHS.has(path) && session.readSession())
      await refreshSession();
    return storedAccessToken();
  }

  /** One call through the client's rules (createApiClient). */
  async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
    const url = urlOf(path, options.query);
    const method = options.method ?? 'GET';
    const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
    let retries = 0;
    let retriedAfterRefresh = false;
    for (;;) {
      const token = await accessTokenFor(path, options);
      const headers: Record<string, string> = {
        ...options.headers,
        Accept: 'application/json',
        [SESSION_CLIENT_HEADER]: session.client,
      };
      // No body, no content type: the server refuses an empty body declared as JSON (e.g. a DELETE).
      if (!isForm && options.body !== undefined) headers['Content-Type'] = 'application/json';
      if (token) headers.Authorization = `Bearer ${token}`;
      const body =
        options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
      const response = await fetchOnce(url, { method, headers, body }, options.signal);

      const delay = retryRules.delayBeforeRetry(
        { method, headers: options.headers, idempotent: options.idempotent },
        response,
        retries,
      );
      if (delay !== null) {
        await retryRules.wait(delay, options.signal);
        retries += 1;
        continue;
      }
      if (
        response.status === 401 &&
        token &&
        !options.accessToken &&
        !retriedAfterRefresh &&
        !options.noRefresh &&
        !NO_REFRESH_PATHS.has(path)
      ) {
        retriedAfterRefresh = true;
        // Another call may already have renewed the token while this one was in flight.
        const renewed = storedAccessToken() !== token ? true : await refreshSession();
        if (renewed) continue;
        expireSession();
        throw toApiError(response);
      }
      if (!response.ok) throw toApiError(response);
      return response.body;
    }
  }

  /** Calls one endpoint contract: the path, method, input and answer types all come from the contract. */
  async function callEndpoint<E extends Endpoint>(
    contract: E,
    input: (EndpointInput<E> & CallOptions) | undefined,
  ): Promise<unknown> {
    const { params, query, body, ...options } = (input ?? {}) as { params?: object; query?: object; body?: unknown };
    return apiRequest(endpointPath(contract, { ...params }), {
      ...options,
      method: contract.method,
      idempotent: contract.idempotent,
      query,
      body,
    });
  }

  const api = {
    /** The typed way to call the API: `api.call(couponContracts.list, { query })` answers the contract's envelope. */
    call: <E extends Endpoint>(contract: E, ...[input]: CallArgs<E>) =>
      callEndpoint(contract, input) as Promise<EndpointResponse<E>>,
    /** A storefront endpoint read by staff: the answer is the contract's staff view. */
    callStaffView: <E extends Endpoint>(contract: E, ...[input]: CallArgs<E>) =>
      callEndpoint(contract, input) as Promise<EndpointStaffResponse<E>>,
  };
  return { apiRequest, refreshSession, api };
}
