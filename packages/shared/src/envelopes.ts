import { z } from 'zod';

/** The error envelope every failure answers with (docs/domain.md § API). */
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    error: z.string(),
    message: z.string(),
    code: z.string(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .describe('Every answer outside 2xx.');

/** The success envelope (docs/domain.md § API). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** A success answer that carries only a message (deletes, requests that only queue a mail). */
export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });
