import { baseUrl } from './browser.js';

/** The demo administrator every back-office test signs in as. */
export const ADMIN = { email: 'admin@seamline.dev', password: 'Admin123!' };

/** The API's answer envelope, typed by what the caller reads from `data`. */
export type Envelope<T> = { success: boolean; data: T; message?: string; error?: string };

type CallOptions = { token?: string | null; body?: unknown; headers?: Record<string, string> };

/**
 * One JSON call as an outside client makes it: the status and the parsed envelope, whatever the status. A 503
 * "busy" (the server shedding load on a loaded test machine) is asked again shortly, as a browser would.
 */
export async function apiCall<T>(
  method: string,
  path: string,
  { token, body, headers }: CallOptions = {},
  attempt = 1,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 503 && attempt < 4) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    return apiCall(method, path, { token, body, headers }, attempt + 1);
  }
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** A call that must succeed: its data, or an error naming the call and the server's message. */
export async function apiData<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
  const { status, body } = await apiCall<T>(method, path, options);
  if (status >= 400) throw new Error(`${method} ${path} → ${status} ${body.error ?? ''}`);
  return body.data;
}

export type Tokens = { accessToken: string; refreshToken: string };

/**
 * Signs in through the API as an API client (`X-Seamline-Client: api`: the refresh token comes in the answer, not as
 * a cookie): the tokens and the user as the sign-in answer gives them.
 */
export function signInApi<User = { id: string; email: string }>(account: { email: string; password: string }) {
  return apiData<{ tokens: Tokens; user: User }>('POST', '/auth/login', {
    body: account,
    headers: { 'x-seamline-client': 'api' },
  });
}

export async function accessToken(account: { email: string; password: string }) {
  return (await signInApi(account)).tokens.accessToken;
}
