import { z } from 'zod';

/** The success envelope (DESIGN §3), for route response schemas and the OpenAPI document. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

export const messageEnvelope = z.object({ success: z.literal(true), message: z.string() });

export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}
