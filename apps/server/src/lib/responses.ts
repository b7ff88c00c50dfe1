import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export { envelope, messageEnvelope } from '@seamline/shared';

/** A success envelope; for data of a union type (a storefront or a staff view), the union of their envelopes. */
type Ok<T> = T extends unknown ? { success: true; data: T; message?: string } : never;

export function ok<T>(data: T, message?: string): Ok<T> {
  return (message === undefined ? { success: true, data } : { success: true, data, message }) as Ok<T>;
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
