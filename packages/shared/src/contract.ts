import type { z } from 'zod';
import type { AccessRule } from './access.js';

/** Who may call an endpoint (docs/domain.md § API): anyone, any signed-in user, or the roles of one access rule. */
export type EndpointAccess = 'public' | 'authenticated' | AccessRule;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The failure statuses an endpoint documents; every answer outside 2xx carries the error envelope. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 507;

/**
 * One endpoint, written once (docs/domain.md § API): the server registers its route from it (the response schema is
 * enforced, so nothing leaves that it does not name), the OpenAPI document is generated from it, and the web client is
 * typed from it. `path` is relative to the API base (`/api`) with `:name` parameters.
 */
export type Endpoint = {
  /** Stable, unique, camelCase: the OpenAPI operationId and the name generated clients use. */
  operationId: string;
  method: HttpMethod;
  /**
   * A POST that, sent twice, does what it does once: one that changes nothing (pricing a cart) or adds only what is
   * missing (a wishlist merge). Clients may send it again when the server sheds it (503), as they do a GET.
   */
  idempotent?: true;
  path: string;
  /** One line for the API description. */
  summary: string;
  description?: string;
  tag: string;
  access: EndpointAccess;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** Request headers the endpoint reads (e.g. `Idempotency-Key`), documented and validated like the other inputs. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** A request body that validates against `body`, shown in the API description (checked by the contract test). */
  bodyExample?: unknown;
  /** multipart/form-data uploads: the body is read by the route, not described by a zod schema. */
  multipart?: boolean;
  /** Media types of the success answer when it is not JSON (e.g. `text/plain` for the metrics scrape). */
  produces?: readonly string[];
  /** The success answers by status; exactly what leaves the server. */
  responses: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
  /** Failures worth naming beyond the ones implied by the access rule and the inputs (e.g. 409 conflict). */
  errors?: readonly ErrorStatus[];
  /**
   * Storefront paths that staff also read: staff callers get this (fuller) view, everyone else `responses`.
   * The web back office reads it through `staffView`.
   */
  staffResponse?: z.ZodType;
};

/** Declares an endpoint; `const` keeps its literal types so clients infer params, query, body and answer from it. */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(contract: E): E {
  return contract;
}

/** The answer a successful call returns (the union over its success statuses). */
export type EndpointResponse<E extends Endpoint> = {
  [S in keyof E['responses']]: E['responses'][S] extends z.ZodType ? z.output<E['responses'][S]> : never;
}[keyof E['responses']];

/** The staff view of a storefront endpoint (its `staffResponse`), or its normal answer. */
export type EndpointStaffResponse<E extends Endpoint> = E['staffResponse'] extends z.ZodType
  ? z.output<E['staffResponse']>
  : EndpointResponse<E>;

type Field<E extends Endpoint, K extends 'params' | 'query' | 'body', Name extends string> = E[K] extends z.ZodType
  ? undefined extends z.input<E[K]>
    ? { [P in Name]?: z.input<E[K]> }
    : { [P in Name]: z.input<E[K]> }
  : { [P in Name]?: never };

/** What a caller passes: path params, query and body, each typed by the endpoint's schema (required when it is). */
export type EndpointInput<E extends Endpoint> = Field<E, 'params', 'params'> &
  Field<E, 'query', 'query'> &
  (E['multipart'] extends true ? { body: FormData } : Field<E, 'body', 'body'>);

/** The endpoint's path with its `:name` parameters filled in (URI-encoded). */
export function endpointPath(contract: Endpoint, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`Missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}

/** A feature's endpoints keyed by a short name (`couponContracts.list`). */
export type ContractGroup = Record<string, Endpoint>;
