import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './constants.js';

/**
 * A page of a list (docs/domain.md § API): `pages` and `totalPages` are the same number, named both ways by the spec.
 */
export const paginationView = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
  totalPages: z.number(),
  /**
   * False when more than COUNT_EXACT_LIMIT rows match (SEARCH_COUNT_EXACT_LIMIT for a back-office search of products,
   * orders or customers, STOREFRONT_COUNT_EXACT_LIMIT for the storefront list): `total` is then the planner's estimate (docs/domain.md §
   * Production).
   */
  exact: z.boolean(),
});
export type Pagination = z.infer<typeof paginationView>;
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiError = {
  success: false;
  error: string;
  message: string;
  code: string;
  details?: { field: string; message: string }[];
};

/**
 * A page size: at least 1, and anything above 100 is capped to 100 rather than refused (docs/domain.md § API); the
 * answer's `pagination.limit` says which size was used.
 */
export function limitParam(defaultLimit: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .overwrite((limit) => Math.min(limit, MAX_PAGE_LIMIT))
    .default(defaultLimit)
    .describe(`Page size (default ${defaultLimit}); values above ${MAX_PAGE_LIMIT} are capped to ${MAX_PAGE_LIMIT}.`);
}

/** `page` ≥ 1 and `limit` capped at 100 everywhere (docs/domain.md § API). */
export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: limitParam(defaultLimit),
  });
}

/**
 * The longest text a "must be less than N characters" rule allows: N itself is refused (docs/domain.md § Corrections).
 */
export const lengthUnder = (limit: number) => limit - 1;

export const DATE_FILTER_MESSAGE = 'Invalid date. Use YYYY-MM-DD or an ISO 8601 date-time';

/**
 * Years a date filter may name. The bounds keep every instant the server derives from a range (the end day's next
 * midnight, the previous period of equal length) inside what PostgreSQL and ISO strings represent.
 */
export const DATE_FILTER_YEARS = { min: 1970, max: 2999 } as const;
export const DATE_FILTER_RANGE_MESSAGE = `Dates must fall between ${DATE_FILTER_YEARS.min} and ${DATE_FILTER_YEARS.max}`;

/**
 * A date filter: a calendar day `YYYY-MM-DD` (UTC; a start day counts from its first instant, an end day to its last)
 * or an ISO 8601 date-time with `Z` or an offset (taken as that instant). The OpenAPI document shows both formats.
 */
export const dateFilter = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: DATE_FILTER_MESSAGE })
  .refine(withinDateFilterYears, { error: DATE_FILTER_RANGE_MESSAGE })
  .describe(
    `A date (YYYY-MM-DD, UTC, whole day) or an ISO 8601 date-time (that instant), in the years ${DATE_FILTER_YEARS.min}–${DATE_FILTER_YEARS.max}.`,
  );

function withinDateFilterYears(value: string): boolean {
  const year = new Date(DAY_ONLY.test(value) ? `${value}T00:00:00.000Z` : value).getUTCFullYear();
  return year >= DATE_FILTER_YEARS.min && year <= DATE_FILTER_YEARS.max;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant a valid date filter stands for in a half-open range [start, end): a start day from 00:00 UTC, an end day
 * up to the next 00:00 UTC (the end day included), a date-time as itself.
 */
export function dateFilterBound(value: string, edge: 'start' | 'end'): Date {
  if (!DAY_ONLY.test(value)) return new Date(value);
  const day = new Date(`${value}T00:00:00.000Z`);
  return edge === 'end' ? new Date(day.getTime() + 86_400_000) : day;
}

/**
 * The `Idempotency-Key` request header of calls that create something once (docs/domain.md § Domain rules), as the
 * OpenAPI document shows it; the server checks its format when it reads it.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Letters, digits, _ . : - (at most 200). Repeating the same request with the same key returns the first answer; ' +
        'a key is bound to its caller (user, or guest e-mail) and body: the same key with another body answers 422 ' +
        'IDEMPOTENCY_KEY_REUSED.',
    ),
});

/** Query booleans arrive as strings. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const sortOrder = z.enum(['asc', 'desc']).default('desc');

export function pagination(page: number, limit: number, total: number, exact = true): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pages, totalPages: pages, exact };
}
