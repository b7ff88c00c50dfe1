import { z } from 'zod';

export const OBJECT_ID_LENGTH = 24;
const HEX_24 = /^[0-9a-f]{24}$/;

/** The spec's wording for products; other resources use the same shape with their own noun. */
export function invalidIdMessage(resource: string, value: string): string {
  return `Invalid ${resource} ID format. Expected ${OBJECT_ID_LENGTH} characters, got ${value.length}`;
}
export const INVALID_HEX_MESSAGE = 'Expected 24-character hexadecimal string.';

/** Path parameter `{ id }` for a resource, with the spec's messages. */
export function idParams(resource = 'resource') {
  return z.object({
    id: z.string().superRefine((value, ctx) => {
      if (value.length !== OBJECT_ID_LENGTH)
        ctx.addIssue({ code: 'custom', message: invalidIdMessage(resource, value) });
      else if (!HEX_24.test(value)) ctx.addIssue({ code: 'custom', message: INVALID_HEX_MESSAGE });
    }),
  });
}

export function isObjectId(value: string): boolean {
  return HEX_24.test(value);
}
