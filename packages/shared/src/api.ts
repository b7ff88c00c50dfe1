import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './constants.js';

export type Pagination = { page: number; limit: number; total: number; pages: number; totalPages: number };
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiError = {
  success: false;
  error: string;
  message: string;
  code: string;
  details?: { field: string; message: string }[];
};

/** `page` ≥ 1 and `limit` capped at 100 everywhere (DESIGN §3). */
export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  });
}

/** Query booleans arrive as strings. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

export const sortOrder = z.enum(['asc', 'desc']).default('desc');

export function pagination(page: number, limit: number, total: number): Pagination {
  const pages = Math.max(1, Math.ceil(total / limit));
  return { page, limit, total, pages, totalPages: pages };
}
