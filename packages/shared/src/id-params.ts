import { z } from 'zod';
import { INVALID_HEX_MESSAGE, invalidIdMessage, isObjectId, OBJECT_ID_LENGTH } from './ids.js';

/** One resource id (a path parameter's value), with the spec's messages. */
export function objectIdParam(resource = 'resource') {
  return z.string().superRefine((value, ctx) => {
    if (value.length !== OBJECT_ID_LENGTH) ctx.addIssue({ code: 'custom', message: invalidIdMessage(resource, value) });
    else if (!isObjectId(value)) ctx.addIssue({ code: 'custom', message: INVALID_HEX_MESSAGE });
  });
}

/** Path parameter `{ id }` for a resource, with the spec's messages. */
export function idParams(resource = 'resource') {
  return z.object({ id: objectIdParam(resource) });
}
