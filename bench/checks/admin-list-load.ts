import { type BenchContext, staffHeaders } from '../lib/http.js';
import { countOf, type LoadResult, load, statusText } from '../lib/load.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'admin list load';
const CONNECTIONS = 10;

type LoadedList = {
  name: string;
  path: string;
  /** Least requests per second at 10 connections; absent: the figure is shown only. */
  minPerSecond?: number;
};

/**
 * The staff lists as the back office's screens ask for them, under the load of several staff at once: the Products
 * screen's lean rows, the full staff view of the same page (what the screen read before the rows existed, still served
 * to other callers), and the Orders and Customers screens' first pages.
 */
const LISTS: LoadedList[] = [
  { name: 'product rows', path: '/api/admin/products/rows?limit=10', minPerSecond: 1_000 },
  { name: 'products, full staff view', path: '/api/admin/products?limit=10' },
  { name: 'orders', path: '/api/admin/orders?limit=10', minPerSecond: 200 },
  { name: 'customers', path: '/api/admin/customers?limit=10', minPerSecond: 200 },
];

/** The size of one answer as it travels (uncompressed JSON), in kB of 1,000 bytes; null when it is not a 200. */
async function answerKb(ctx: BenchContext, path: string): Promise<number | null> {
  const res = await fetch(`${ctx.baseUrl}${path}`, { headers: staffHeaders(ctx.token) });
  const bytes = (await res.arrayBuffer()).byteLength;
  return res.ok ? bytes / 1000 : null;
}

function figures(list: LoadedList, run: LoadResult, kb: number): Figure[] {
  const failed = countOf(run, (status) => status >= 400) + run.errors;
  return [
    {
      group: GROUP,
      name: `${list.name} ${list.path}, ${CONNECTIONS} connections`,
      value: run.perSecond,
      unit: 'req/s',
      ...(list.minPerSecond ? { bound: 'min' as const, target: list.minPerSecond } : {}),
      note: `p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms, ${statusText(run)}`,
    },
    { group: GROUP, name: `${list.name}: one answer`, value: kb, unit: 'kB' },
    ...(failed
      ? [
          {
            group: GROUP,
            name: `${list.name}: failed answers`,
            value: failed,
            unit: 'count' as const,
            bound: 'max' as const,
            target: 1,
          },
        ]
      : []),
  ];
}

/** Each list at 10 connections for `seconds` (after 2 s of warm-up), with the size of its answer. */
export async function adminListLoad(ctx: BenchContext, out: Figure[], seconds: number): Promise<void> {
  for (const list of LISTS) {
    const kb = await answerKb(ctx, list.path);
    // A list that does not answer is one missed figure; the other lists are still measured.
    if (kb === null) {
      out.push({
        group: GROUP,
        name: `${list.name} ${list.path}`,
        value: Number.NaN,
        unit: 'req/s',
        bound: 'min',
        target: list.minPerSecond ?? 1,
        note: 'no 200 answer',
      });
      continue;
    }
    const run = await load({
      url: `${ctx.baseUrl}${list.path}`,
      connections: CONNECTIONS,
      seconds,
      headers: staffHeaders(ctx.token),
      // The first list must not pay for the fresh server's warm-up.
      warmUpSeconds: 2,
    });
    out.push(...figures(list, run, kb));
  }
}
