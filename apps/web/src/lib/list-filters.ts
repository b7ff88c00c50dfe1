import type { z } from 'zod';

/**
 * The filters of a list read from its URL values: each one checked with its field of the API's own query schema
 * (packages/shared), so an edited link with a bad value drops that filter instead of failing the whole list.
 */
export function parseFilters<Shape extends z.ZodRawShape>(
  shape: Shape,
  values: Record<string, string | number>,
): Partial<{ [K in keyof Shape]: z.output<Shape[K]> }> {
  const parsed: Record<string, unknown> = {};
  for (const key of Object.keys(shape)) {
    const raw = values[key];
    if (raw === undefined || raw === '') continue;
    const result = (shape[key] as z.ZodType).safeParse(String(raw));
    if (result.success && result.data !== undefined) parsed[key] = result.data;
  }
  return parsed as Partial<{ [K in keyof Shape]: z.output<Shape[K]> }>;
}
