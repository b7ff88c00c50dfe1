import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness.js';

export type Direction = 'asc' | 'desc';

/** A product list that takes the sorts cut from candidates, with the way it breaks ties (storefront: newest id first). */
export type SortedList = { path: string; staff: boolean; idDirection?: Direction };

/** Each product list that takes `sortBy=salesCount` and `sortBy=viewCount`. */
export const SORTED_LISTS: SortedList[] = [
  { path: '/api/products', staff: false, idDirection: 'desc' },
  { path: '/api/products', staff: true, idDirection: 'desc' },
  { path: '/api/admin/products', staff: true },
  { path: '/api/admin/products/rows', staff: true },
];

/** `items` ordered by `figure` in `direction`, ties by id in `idDirection`: the order a sorted list must give. */
export function expectedOrder<T extends { id: string }>(
  items: T[],
  figure: (item: T) => number,
  direction: Direction,
  idDirection: Direction,
): string[] {
  const sign = (d: Direction) => (d === 'asc' ? 1 : -1);
  return [...items]
    .sort((a, b) => sign(direction) * (figure(a) - figure(b)) || sign(idDirection) * (a.id < b.id ? -1 : 1))
    .map((item) => item.id);
}

/**
 * Every page of `list` with `query` (sortBy, sortOrder and filters), at two page sizes, put together: each must be
 * `order`, and each page's total the order's length.
 */
export async function expectPages(
  app: FastifyInstance,
  list: SortedList,
  query: string,
  order: string[],
  staffToken: string,
): Promise<void> {
  for (const limit of [20, 50]) {
    const pages: string[] = [];
    for (let page = 1; (page - 1) * limit < order.length; page++) {
      const url = `${list.path}?${query}&page=${page}&limit=${limit}`;
      const response = await call(app, 'GET', url, list.staff ? { token: staffToken } : {});
      expect(response.status).toBe(200);
      expect(response.body.data.pagination.total).toBe(order.length);
      pages.push(...response.body.data.products.map((p: { id: string }) => p.id));
    }
    expect(pages).toEqual(order);
  }
}
