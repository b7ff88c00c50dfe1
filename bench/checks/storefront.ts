import { type BenchContext, callJson, sample } from '../lib/http.js';
import { countOf, type LoadResult, load, statusText } from '../lib/load.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'storefront';
const CONNECTIONS = 10;
/** The demo-catalogue search set kept from the first product-search benchmark: median of all under 50 ms. */
const SEARCHES = ['shirt', 'denim', 'women', 'peak performance', 'NOR-TSH', 'boots', 'no such thing'];
const SEARCH_SET_TARGET_MS = 50;

type ProductList = { data: { products: { id: string; slug?: string }[] } };

/** A load run's figures: p95 against its target, req/s (against one when given), and any failed answer. */
function loadFigures(name: string, result: LoadResult, p95Ms: number, minPerSecond?: number): Figure[] {
  const failed = countOf(result, (status) => status >= 400) + result.errors;
  const note = `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${statusText(result)}`;
  return [
    { group: GROUP, name: `${name} p95`, value: result.p95, unit: 'ms', bound: 'max', target: p95Ms, note },
    {
      group: GROUP,
      name: `${name} throughput`,
      value: result.perSecond,
      unit: 'req/s',
      ...(minPerSecond ? { bound: 'min' as const, target: minPerSecond } : {}),
      note: `${CONNECTIONS} connections`,
    },
    ...(failed
      ? [
          {
            group: GROUP,
            name: `${name} failed answers`,
            value: failed,
            unit: 'count' as const,
            bound: 'max' as const,
            target: 1,
          },
        ]
      : []),
  ];
}

/** Public catalogue reads under load over HTTP (autocannon, 10 connections), as shoppers' browsers send them. */
export async function storefront(ctx: BenchContext, figures: Figure[], seconds: number, runs: number): Promise<void> {
  const url = (path: string) => `${ctx.baseUrl}${path}`;
  for (const path of ['/api/products?search=shirt&limit=10', '/api/products?limit=10']) {
    const result = await load({ url: url(path), connections: CONNECTIONS, seconds });
    figures.push(...loadFigures(`GET ${path}`, result, 20, 1_500));
  }

  const first = (await callJson<ProductList>(ctx, '/api/products?limit=1', { staff: false })).data.products[0];
  if (!first) throw new Error('The storefront lists no product: the bench needs a catalogue');
  const slug =
    first.slug ??
    (await callJson<{ data: { product: { slug: string } } }>(ctx, `/api/products/${first.id}`, { staff: false })).data
      .product.slug;
  const bySlug = await load({
    url: url(`/api/products/slug/${encodeURIComponent(slug)}`),
    connections: CONNECTIONS,
    seconds,
  });
  figures.push(...loadFigures('GET /api/products/slug/:slug', bySlug, 10));

  const medians: number[] = [];
  for (const search of SEARCHES) {
    const s = await sample(ctx, `/api/products?search=${encodeURIComponent(search)}`, {
      runs,
      maxSeconds: 3,
      staff: false,
    });
    medians.push(s.p50);
  }
  medians.sort((a, b) => a - b);
  figures.push({
    group: GROUP,
    name: `search set median (${SEARCHES.length} terms, one at a time)`,
    value: medians[Math.floor(medians.length / 2)]!,
    unit: 'ms',
    bound: 'max',
    target: SEARCH_SET_TARGET_MS,
    note: `slowest term ${medians.at(-1)!.toFixed(1)} ms`,
  });
}
