import { z } from 'zod';

/**
 * Options for an object-level rule that runs as soon as the fields it reads are valid, whatever the other fields
 * hold. Zod skips object refinements once any field fails, so without this a form hides the rule's message (e.g.
 * "Percentage cannot exceed 100%") until every other field parses. A field check with `abort: true` still stops
 * these rules, so fields of such a schema use a pipe instead.
 */
export function whenValid<Shape extends z.ZodRawShape>(shape: Shape, fields: readonly (keyof Shape)[]) {
  return {
    when(payload: { value: unknown }): boolean {
      const value = payload.value;
      if (typeof value !== 'object' || value === null) return false;
      const record = value as Record<PropertyKey, unknown>;
      return fields.every((field) => z.safeParse(shape[field]!, record[field]).success);
    },
  };
}

/**
 * Every field optional and without its default: the body of a partial update, where a field left out keeps its
 * stored value. (`.partial()` keeps the defaults, so `{ name }` would reset the description, prices, pictures and
 * combinations to their create-time defaults.)
 */
export function partialUpdate<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields = Object.entries(schema.shape).map(([key, field]) => [
    key,
    ((field instanceof z.ZodDefault ? field.unwrap() : field) as z.ZodType).optional(),
  ]);
  return z.object(Object.fromEntries(fields)) as unknown as ReturnType<z.ZodObject<Shape>['partial']>;
}
