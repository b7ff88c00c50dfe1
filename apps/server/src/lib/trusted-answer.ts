import { isDeepStrictEqual } from 'node:util';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Sends an answer a service built field by field in its contract's shape as JSON, without the response schema's pass
 * over it (on the storefront's hottest reads that pass cost about as much as building the answer). `verify` (every
 * environment but production) still runs the schema and refuses an answer it would change — a missing, extra or
 * reshaped field is a 500 there — so the test suites hold every such answer to its contract.
 */
export function sendTrusted(reply: FastifyReply, schema: z.ZodType, answer: unknown, verify: boolean): FastifyReply {
  if (verify && !isDeepStrictEqual(schema.encode(answer), answer)) {
    throw new Error(`The answer of ${reply.request.routeOptions.url} does not have its contract's shape`);
  }
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
}
