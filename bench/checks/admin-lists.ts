import { type BenchContext, callJson, sample } from '../lib/http.js';
import type { Figure } from '../lib/table.js';
import { staffSearch } from './staff-search.js';

const GROUP = 'admin lists';
const TARGET_MS = 50;

type Row = Record<string, unknown>;
/** The rows of a list answer, whatever its key (`products`, `orders`, `users`, `alerts`, `logs`…). */
const rowsOf = (body: { data?: Record<string, unknown> }): Row[] =>
  (Object.values(body.data ?? {}).find(Array.isArray) as Row[] | undefined) ?? [];

type List = {
  name: string;
  path: string;
  /** The search typed into the screen: fixed text, or a field of the first row (an order number, an e-mail). */
  search?: string | { fromFirstRow: string };
  /** More queries measured on the same list (the activity-log set of the first activity-search benchmark). */
  extra?: string[];
};

/** Every back-office list, first page as the screen asks for it, and a search on it. */
const LISTS: List[] = [
  { name: 'products', path: '/api/admin/products', search: 'shirt' },
  { name: 'low-stock alerts', path: '/api/admin/analytics/inventory/low-stock' },
  { name: 'orders', path: '/api/admin/orders', search: { fromFirstRow: 'orderNumber' } },
  { name: 'customers', path: '/api/admin/customers', search: { fromFirstRow: 'email' } },
  { name: 'staff users', path: '/api/admin/users', search: 'admin' },
  { name: 'coupons', path: '/api/admin/coupons', search: 'save' },
  { name: 'categories', path: '/api/categories', search: 'men' },
  { name: 'brands', path: '/api/brands', search: { fromFirstRow: 'name' } },
  {
    name: 'activity logs',
    path: '/api/admin/activity-logs',
    search: 'update',
    extra: ['search=nomatchatall', 'search=staff7%40', 'search=100%25', 'resource=order', 'page=3000'],
  },
];

function figure(name: string, s: Awaited<ReturnType<typeof sample>>): Figure {
  return {
    group: GROUP,
    name,
    value: s.failures.length ? Number.NaN : s.p95,
    unit: 'ms',
    bound: 'max',
    target: TARGET_MS,
    note: s.failures.length ? `failed: ${s.failures.join('; ')}` : `p95 of ${s.runs}, p50 ${s.p50.toFixed(1)} ms`,
  };
}

/**
 * The API's product lists no screen asks for, one request at a time: the staff view of the storefront's list, and
 * the sales sort both ways (each reads the products in the rollup's order, never-sold ones included) and the views
 * sort (an indexed copy of the counts walked).
 */
const API_LISTS: { name: string; path: string }[] = [
  { name: 'products, staff view of GET /api/products p95', path: '/api/products?limit=20' },
  { name: 'products ?sortBy=salesCount p95', path: '/api/admin/products?sortBy=salesCount&sortOrder=desc' },
  {
    name: 'products ?sortBy=salesCount&sortOrder=asc p95',
    path: '/api/admin/products?sortBy=salesCount&sortOrder=asc',
  },
  { name: 'products ?sortBy=viewCount p95', path: '/api/admin/products?sortBy=viewCount&sortOrder=desc' },
];

/** Every list's first page and a search on it, one request at a time; then the staff search at size. */
export async function adminLists(ctx: BenchContext, figures: Figure[], runs: number, seconds: number): Promise<void> {
  const options = { runs, maxSeconds: 5 };
  for (const list of API_LISTS) figures.push(figure(list.name, await sample(ctx, list.path, options)));
  for (const list of LISTS) {
    figures.push(figure(`${list.name} first page p95`, await sample(ctx, list.path, options)));
    const queries = (list.extra ?? []).map((query) => ({ label: query, query }));
    if (typeof list.search === 'string')
      queries.unshift({ label: `search=${list.search}`, query: `search=${encodeURIComponent(list.search)}` });
    else if (list.search) {
      const value = rowsOf(await callJson(ctx, list.path))[0]?.[list.search.fromFirstRow];
      if (typeof value === 'string')
        queries.unshift({
          label: `search=‹${list.search.fromFirstRow}›`,
          query: `search=${encodeURIComponent(value)}`,
        });
    }
    for (const { label, query } of queries)
      figures.push(figure(`${list.name} ?${label} p95`, await sample(ctx, `${list.path}?${query}`, options)));
  }
  await staffSearch(ctx, figures, runs, seconds);
}
