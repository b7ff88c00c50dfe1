import {
  authContracts,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type EndpointStaffResponse,
  endpointPath,
} from '@seamline/shared';
import { baseUrl } from './browser.js';

/** The demo administrator every back-office test signs in as. */
export const ADMIN = { email: 'admin@seamline.dev', password: 'Admin123!' };

/**
 * Who calls, beside the endpoint's own input: a bearer token, extra headers, and the server (the e2e server unless a
 * test started one of its own).
 */
type Caller = { token?: string | null; headers?: Record<string, string>; origin?: string };
export type CallInput<E extends Endpoint> = EndpointInput<E> & Caller;
type ErrorEnvelope = { success: false; error: string; message: string; code: string };
type DataField<T> = T extends { data: infer D } ? D : never;
/** The `data` of an endpoint's answer. */
export type DataOf<E extends Endpoint> = DataField<EndpointResponse<E>>;

/** `?a=1&b=x` from a query object; empty values are left out, as the apps leave them out. */
function queryString(query: object | undefined): string {
  const entries = Object.entries(query ?? {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  return entries.length
    ? `?${new URLSearchParams(entries.map(([key, value]): [string, string] => [key, String(value)]))}`
    : '';
}

/**
 * One call of an endpoint contract as an outside client makes it: the path, method, input and answer come from the
 * contract. Answers the status and the parsed envelope, whatever the status. A 503 "busy" (the server shedding load on
 * a loaded test machine) is asked again shortly, as a browser would.
 */
export async function call<E extends Endpoint>(
  contract: E,
  input: CallInput<E> = {} as CallInput<E>,
  attempt = 1,
): Promise<{ status: number; body: EndpointResponse<E> | ErrorEnvelope }> {
  const {
    params,
    query,
    body,
    token,
    headers,
    origin = baseUrl(),
  } = input as Caller & {
    params?: object;
    query?: object;
    body?: unknown;
  };
  const response = await fetch(`${origin}/api${endpointPath(contract, { ...params })}${queryString(query)}`, {
    method: contract.method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 503 && attempt < 4) {
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    return call(contract, input, attempt + 1);
  }
  return { status: response.status, body: (await response.json()) as EndpointResponse<E> | ErrorEnvelope };
}

/** A call that must succeed: the `data` of its answer, or an error naming the call and the server's message. */
export async function callData<E extends Endpoint>(
  contract: E,
  input: CallInput<E> = {} as CallInput<E>,
): Promise<DataOf<E>> {
  const { status, body } = await call(contract, input);
  if (status >= 400) {
    const error = (body as ErrorEnvelope).error ?? '';
    throw new Error(`${contract.method} ${contract.path} → ${status} ${error}`);
  }
  return (body as { data: DataOf<E> }).data;
}

/** A storefront endpoint read by staff: the `data` of the contract's staff view. */
export async function staffViewData<E extends Endpoint>(
  contract: E,
  input: CallInput<E>,
): Promise<DataField<EndpointStaffResponse<E>>> {
  return (await callData(contract, input)) as unknown as DataField<EndpointStaffResponse<E>>;
}

/**
 * Signs in through the API as an API client (`X-Seamline-Client: api`: the refresh token comes in the answer, not as
 * a cookie): the tokens and the user as the sign-in answer gives them.
 */
export async function signInApi(account: { email: string; password: string }, origin = baseUrl()) {
  const headers = { 'x-seamline-client': 'api' };
  const data = await callData(authContracts.login, { body: account, headers, origin });
  if (!('tokens' in data)) throw new Error(`${account.email} has two-factor sign-in; the API sign-in cannot pass it`);
  const { refreshToken } = data.tokens;
  if (!refreshToken) throw new Error('the API sign-in answered without its refresh token');
  return { ...data, tokens: { ...data.tokens, refreshToken } };
}

export async function accessToken(account: { email: string; password: string }, origin = baseUrl()) {
  return (await signInApi(account, origin)).tokens.accessToken;
}
