import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client.js';
import { idOf, KIND, pick, type Run, rnd, textArray } from './sql.js';

const TITLES = ['Disappointed', 'Not for me', 'It is fine', 'Really nice', 'Love it'];
const BODIES = [
  'Shrank after the first wash.',
  'The cut did not suit me and a seam came loose.',
  'Decent for the price, the fabric is thinner than I hoped.',
  'Good fabric and a flattering cut.',
  'Great quality and exactly as pictured.',
];

/**
 * Reviews of orders first..last: about a third of the delivered lines bought by a customer get one (once per customer
 * and product, as the API allows), 90 % published. The review id carries its order line's number, the values are
 * hashed from it. The products' figures are rebuilt from them at the end of the load.
 */
export async function insertReviews(db: DbOrTx, run: Run, first: number, last: number): Promise<void> {
  const line = `('x' || lpad(right(oi.id, 14), 16, '0'))::bit(64)::bigint`;
  const r = (salt: number) => rnd(run, line, 40 + salt);
  await db.execute(
    sql.raw(`INSERT INTO reviews (id, product_id, customer_id, rating, title, body, size, fit, status,
        verified_purchase, created_at, updated_at)
      SELECT ('${run.tag}${KIND.review}' || right(oi.id, 14))::char(24), oi.product_id, o.customer_id, v.rating,
        (${textArray(TITLES)})[v.rating], (${textArray(BODIES)})[v.rating], oi.size,
        ${pick(['true_to_size', 'true_to_size', 'true_to_size', 'runs_small', 'runs_large'], r(2))},
        CASE WHEN ${r(3)} < 0.9 THEN 'published' ELSE 'pending' END, true, v.created, v.created
      FROM generate_series(${first}, ${last}) g
      JOIN orders o ON o.id = ${idOf(run, 'order', 'g')}
      JOIN order_items oi ON oi.order_id = o.id
      CROSS JOIN LATERAL (SELECT CASE WHEN ${r(1)} < 0.45 THEN 5 WHEN ${r(1)} < 0.75 THEN 4 WHEN ${r(1)} < 0.88 THEN 3
          WHEN ${r(1)} < 0.95 THEN 2 ELSE 1 END AS rating,
        least(o.delivered_at + (1 + ${r(4)} * 10) * interval '1 day', ${run.now}) AS created) v
      WHERE o.status = 'delivered' AND o.customer_id IS NOT NULL AND oi.product_id IS NOT NULL AND ${r(0)} < 0.35
      ON CONFLICT (product_id, customer_id) DO NOTHING`),
  );
}
