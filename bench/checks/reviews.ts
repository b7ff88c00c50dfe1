import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { queryRows } from '../../apps/server/src/db/client.js';
import type { BenchContext } from '../lib/http.js';
import { sample } from '../lib/http.js';
import { countOf, load, statusText } from '../lib/load.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'reviews';
/** The product: one product with this many published reviews… */
const REVIEWS = 10_000;
/** …answers the first page of its reviews under this p95. */
const FIRST_PAGE_P95_MS = 20;
const CONNECTIONS = 10;

/**
 * The product with the most published reviews, topped up to 10,000 (bench data: one review per customer who has
 * none of it yet, through the figures trigger like any other review). Returns its id.
 */
export async function reviewedProduct(db: Db): Promise<string> {
  const [top] = await queryRows<{ id: string; n: number }>(
    db,
    sql`SELECT p.id, p.review_count AS n FROM products p WHERE p.is_active ORDER BY p.review_count DESC, p.id LIMIT 1`,
  );
  if (!top) throw new Error('The bench store has no active product');
  const missing = REVIEWS - top.n;
  if (missing > 0) {
    // Ids are the md5 of the pair (24 hex digits, unique as the pair is); the stars and fits vary with it.
    await db.execute(sql`
      INSERT INTO reviews (id, product_id, customer_id, rating, title, body, size, fit, status, verified_purchase,
        created_at, updated_at)
      SELECT left(md5(${top.id} || u.id), 24), ${top.id}, u.id, 1 + abs(hashtext(u.id)) % 5, 'Bench review',
        'Written by the benchmark to give one product ten thousand reviews.', (ARRAY['S','M','L','XL'])[1 + abs(hashtext(u.id)) % 4],
        (ARRAY['runs_small','true_to_size','true_to_size','runs_large'])[1 + abs(hashtext(u.id || 'f')) % 4],
        'published', true, now() - (abs(hashtext(u.id)) % 365) * interval '1 day',
        now() - (abs(hashtext(u.id)) % 365) * interval '1 day'
      FROM users u
      WHERE u.role = 'customer' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = ${top.id} AND r.customer_id = u.id)
      LIMIT ${missing}`);
    // As autovacuum would have by the time shoppers read them: index-only counts need the visibility map.
    await db.execute(sql`VACUUM ANALYZE reviews`);
  }
  const [after] = await queryRows<{ n: number }>(db, sql`SELECT review_count AS n FROM products WHERE id = ${top.id}`);
  if ((after?.n ?? 0) < REVIEWS)
    throw new Error(`${after?.n} reviews on the bench product: the store has too few customers to give it ${REVIEWS}`);
  return top.id;
}

/**
 * The product page's first page of reviews on a product with 10,000 of them: under load (10 connections, the default
 * sort, after an untimed warm-up as in the other load checks) and one at a time for every sort and the star and size
 * filters.
 */
export async function reviewsCheck(ctx: BenchContext, figures: Figure[], productId: string, seconds: number) {
  const path = (query: string) => `/api/products/${productId}/reviews${query}`;
  const result = await load({ url: `${ctx.baseUrl}${path('')}`, connections: CONNECTIONS, seconds, warmUpSeconds: 2 });
  const failed = countOf(result, (status) => status >= 400) + result.errors;
  figures.push({
    group: GROUP,
    name: `first review page of ${REVIEWS.toLocaleString('en-US')} p95`,
    value: result.p95,
    unit: 'ms',
    bound: 'max',
    target: FIRST_PAGE_P95_MS,
    note: `p50 ${result.p50.toFixed(1)} ms, ${result.perSecond.toFixed(0)} req/s, ${CONNECTIONS} connections, ${statusText(result)}`,
  });
  if (failed)
    figures.push({ group: GROUP, name: 'failed answers', value: failed, unit: 'count', bound: 'max', target: 1 });

  for (const query of ['?sort=highest', '?sort=lowest', '?sort=with_photos', '?stars=1', '?size=M&sort=lowest']) {
    const s = await sample(ctx, path(query), { runs: 40, maxSeconds: 5, staff: false });
    figures.push({
      group: GROUP,
      name: `first page ${query} p95 (one at a time)`,
      // A failed answer is a missed figure, however fast it came.
      value: s.failures.length ? Number.NaN : s.p95,
      unit: 'ms',
      bound: 'max',
      target: FIRST_PAGE_P95_MS,
      note: s.failures.length ? s.failures.join('; ') : `p50 ${s.p50.toFixed(1)} ms`,
    });
  }
}
