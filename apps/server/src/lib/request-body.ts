import type { FastifyRequest } from 'fastify';

/*
 * Sizes of request bodies: what a route takes (an upload route's `config.uploadBytes`), what a request declares.
 */

/** The body a route that takes no upload allows for: any JSON body the API accepts (its limit is 1 MB) fits. */
const DEFAULT_DRAIN_BYTES = 1024 * 1024 + 64 * 1024;
/** Room an upload route gives the rest of its form beside the files: part headers and short text fields. */
const FORM_BYTES = 1024 * 1024;

/** The `uploadBytes` of a route taking up to `files` files of at most `fileBytes` each. */
export const uploadAllowance = (fileBytes: number, files = 1) => files * fileBytes + FORM_BYTES;

/** The Content-Length a request declared, or null (chunked, or none). */
export function declaredLength(request: FastifyRequest): number | null {
  const value = request.headers['content-length'];
  return value === undefined || !/^\d+$/.test(value) ? null : Number(value);
}

/**
 * The most bytes this route takes in a body: its upload size, or the default for a JSON route. Also how much of a
 * refused body is drained to keep its connection (plugins/unread-body.ts).
 */
export const bodyAllowance = (request: FastifyRequest) =>
  request.routeOptions.config?.uploadBytes ?? DEFAULT_DRAIN_BYTES;

/** An upload that says up front it is larger than its route takes: refused before a byte of it is read. */
export const declaredTooLarge = (request: FastifyRequest) => (declaredLength(request) ?? 0) > bodyAllowance(request);
