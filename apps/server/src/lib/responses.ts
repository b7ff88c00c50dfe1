import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The success envelope (DESIGN §3), for route response schemas and the OpenAPI document. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

/**
 * Serialize this answer with another schema than the route's declared one: staff callers of a storefront path get
 * the staff view, which the storefront response schema would strip.
 */
export function serializeWith(reply: FastifyReply, schema: z.ZodType): void {
  reply.serializer((payload: unknown) => JSON.stringify(schema.encode(payload)));
}

/** Answers that differ for staff and shoppers must not be shared between them by a cache. */
export function varyByCaller(_request: unknown, reply: FastifyReply, done: () => void): void {
  reply.header('vary', 'Authorization');
  done();
}
