import type { Endpoint } from '@seamline/shared';
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isStaffReader } from './caller.js';
import { serializeWith } from './responses.js';

/** The fastify schema a contract stands for, so handlers see typed params, query, body and reply. */
type ContractSchema<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  headers: E['headers'];
  body: E['multipart'] extends true ? undefined : E['body'];
  response: E['staffResponse'] extends z.ZodType ? WithStaffAnswer<E['responses'], E['staffResponse']> : E['responses'];
};

/** A storefront path's 200 answer is its storefront view or, for a staff caller, its staff view. */
type WithStaffAnswer<R, Staff> = { [S in keyof R]: S extends 200 ? R[S] | Staff : R[S] };

export type ContractHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<E>,
  ZodTypeProvider
>;

/** Route options a contract does not carry: hooks and limits that are the server's business. */
export type ServeOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit'> & {
  config?: Omit<FastifyContextConfig, 'access' | 'contract'>;
};

/**
 * A storefront path that staff also read (`staffResponse`): staff answers are serialized with the staff schema, the
 * rest with the storefront one, and caches are told the answer depends on the caller. Which view the handler builds
 * is the service's choice (it is given whether the caller is staff); this only picks the matching schema.
 */
function withStaffView(schema: Endpoint['staffResponse'], handler: RouteHandlerMethod): RouteHandlerMethod {
  if (!schema) return handler;
  return function staffAware(request, reply) {
    reply.header('vary', 'Authorization');
    if (isStaffReader(request)) serializeWith(reply, schema);
    return handler.call(this, request, reply);
  };
}

/**
 * Registers the route of one endpoint contract (docs/domain.md § API): method, path, access rule, input schemas and the
 * response schema that serializes (and so limits) every success answer all come from the contract.
 */
export function serve<E extends Endpoint>(
  app: FastifyInstance,
  contract: E,
  handler: ContractHandler<E>,
  options: ServeOptions = {},
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...options,
    method: contract.method,
    url: contract.path,
    config: { ...options.config, access: contract.access, contract },
    schema: {
      operationId: contract.operationId,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: [contract.tag],
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.headers ? { headers: contract.headers } : {}),
      ...(contract.body && !contract.multipart ? { body: contract.body } : {}),
      ...(contract.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(contract.produces ? { produces: [...contract.produces] } : {}),
      response: contract.responses,
    },
    handler: withStaffView(contract.staffResponse, handler as RouteHandlerMethod),
  });
}
