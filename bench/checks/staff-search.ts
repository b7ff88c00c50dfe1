import { MATERIALS } from '../../apps/server/src/db/seed/generate/catalogue.js';
import { FIRST_NAMES, LAST_NAMES } from '../../apps/server/src/db/seed/generate/sql.js';
import { CITIES } from '../../apps/server/src/db/seed/places.js';
import { type BenchContext, sample, staffHeaders } from '../lib/http.js';
import { countOf, load, statusText } from '../lib/load.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'staff search';
const ONE_AT_A_TIME_MS = 50;
const CONNECTIONS = 10;
const MIN_PER_SECOND = 200;

const lower = (word: string) => word.toLowerCase();
const [surname, otherSurname] = [lower(LAST_NAMES[0]!), lower(LAST_NAMES[LAST_NAMES.length - 3]!)];
const [city, otherCity] = [CITIES[0]![0], CITIES[3]![0]];
const firstName = lower(FIRST_NAMES[2]!);
const material = lower(MATERIALS[1]!);

/**
 * What staff type into the list's search box, from the generated store's own name lists (so a word matches as
 * often on every store built by the generator): common surnames, cities, product words, e-mail fragments (common
 * and one person's), and a word that matches nothing (the trigram index must answer it, not a walk of every row).
 */
const SEARCH_SETS: { path: string; words: string[] }[] = [
  {
    path: '/api/admin/orders',
    words: [
      surname,
      otherSurname,
      city,
      otherCity,
      material,
      `${material} shirt`,
      `${firstName}.${surname}`,
      '.4242@',
      'nomatchatall',
    ],
  },
  {
    path: '/api/admin/customers',
    words: [
      surname,
      otherSurname,
      firstName,
      `${firstName} ${surname}`,
      `${firstName}.${surname}`,
      '.4242@',
      'nomatchatall',
    ],
  },
  // The Products screen's call (its lean rows: docs/benchmarks.md, admin-list-load).
  { path: '/api/admin/products/rows', words: ['shirt', material, `${material} shirt`, 'nomatchatall'] },
];

/** The lists searched with a common word at 10 connections. */
const LOADED = [
  `/api/admin/orders?search=${surname}`,
  `/api/admin/customers?search=${surname}`,
  `/api/admin/products/rows?search=shirt`,
];

/**
 * The staff lists' search at size: each word of the sets one request at a time (p95 < 50 ms each), then a common
 * word on the orders, customers and products lists at 10 connections after 2 s untimed (≥ 200 req/s each).
 */
export async function staffSearch(ctx: BenchContext, figures: Figure[], runs: number, seconds: number): Promise<void> {
  for (const { path, words } of SEARCH_SETS)
    for (const word of words) {
      const s = await sample(ctx, `${path}?search=${encodeURIComponent(word)}`, { runs, maxSeconds: 5 });
      figures.push({
        group: GROUP,
        name: `${path.replace('/api/admin/', '')} ?search=${word} p95`,
        value: s.failures.length ? Number.NaN : s.p95,
        unit: 'ms',
        bound: 'max',
        target: ONE_AT_A_TIME_MS,
        note: s.failures.length ? `failed: ${s.failures.join('; ')}` : `p95 of ${s.runs}, p50 ${s.p50.toFixed(1)} ms`,
      });
    }
  for (const path of LOADED) {
    const result = await load({
      url: `${ctx.baseUrl}${path}`,
      connections: CONNECTIONS,
      seconds,
      headers: staffHeaders(ctx.token),
      // As the staff lists' load: the searches one at a time before used one pooled connection of the ten.
      warmUpSeconds: 2,
    });
    const failed = countOf(result, (status) => status >= 400) + result.errors;
    figures.push({
      group: GROUP,
      name: `${path.replace('/api/admin/', '')} at ${CONNECTIONS} connections`,
      value: failed ? Number.NaN : result.perSecond,
      unit: 'req/s',
      bound: 'min',
      target: MIN_PER_SECOND,
      note: `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${statusText(result)}`,
    });
  }
}
