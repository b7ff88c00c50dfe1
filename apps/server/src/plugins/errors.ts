import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/connection.js';
import { isRetryableConflict, serviceBusy, sqlState } from '../db/retry.js';
import { AppError } from '../lib/errors.js';

/** A database that is down or too slow usually recovers within seconds (restart, failover, a lock released). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

type Envelope = {
  success: false;
  error: string;
  message: string;
  code: string;
  details?: { field: string; message: string }[];
};

export function envelope(message: string, code: string, details?: Envelope['details']): Envelope {
  return { success: false, error: message, message, code, ...(details ? { details } : {}) };
}

/** PostgreSQL errors that bad input can still reach (a race past a service check): never a 500. */
const PG_CODES: Record<string, [number, string, string]> = {
  '23505': [409, 'CONFLICT', 'A record with these values already exists'],
  '23503': [409, 'CONFLICT', 'A related record does not exist or is still in use'],
  '23514': [409, 'CONFLICT', 'The change would break a stock or data rule'],
  '22P02': [400, 'VALIDATION_ERROR', 'Invalid input'],
  '22021': [400, 'VALIDATION_ERROR', 'Invalid characters in input'],
  // The jsonb twin of 22021: a U+0000 inside a JSON value (an order address, a product's SEO block).
  '22P05': [400, 'VALIDATION_ERROR', 'Invalid characters in input'],
  '22001': [400, 'VALIDATION_ERROR', 'A value is too long'],
  '22003': [400, 'VALIDATION_ERROR', 'A number is out of range'],
  '22007': [400, 'VALIDATION_ERROR', 'Invalid date'],
  '22008': [400, 'VALIDATION_ERROR', 'Invalid date'],
  '22009': [400, 'VALIDATION_ERROR', 'Invalid date'],
};

/** One error envelope for every failure (docs/domain.md § API). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A deadlock or serialization failure outside a retried transaction (a single statement): the client retries.
    const known = error instanceof AppError ? error : isRetryableConflict(error) ? serviceBusy() : null;
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: known.cause ?? error }, known.message);
      if (known.headers) reply.headers(known.headers);
      return reply.status(known.statusCode).send(envelope(known.message, known.code, known.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send(envelope(details[0]?.message ?? 'Invalid input', 'VALIDATION_ERROR', details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send(envelope('Internal server error', 'INTERNAL_ERROR'));
    }
    const code = sqlState(error);
    const pgMapping = code ? PG_CODES[code] : undefined;
    if (pgMapping) {
      request.log.warn({ err: error }, 'database refused input');
      return reply.status(pgMapping[0]).send(envelope(pgMapping[2], pgMapping[1]));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(envelope('The service is temporarily unavailable, please try again shortly', 'UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429)
        return reply.status(429).send(envelope('Too many requests, please try again later.', 'RATE_LIMITED'));
      const message =
        status === 415 ? 'Unsupported media type' : status === 413 ? 'Request body is too large' : error.message;
      return reply.status(status).send(envelope(message, error.code ?? 'BAD_REQUEST'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(Math.max(status, 500)).send(envelope('Internal server error', 'INTERNAL_ERROR'));
  });
}

export function apiNotFound(url: string): Envelope {
  return envelope(`Route ${url.split('?')[0]} not found`, 'NOT_FOUND');
}
