import { REVIEW_SORTS } from '@seamline/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { queryRows } from '../../db/client.js';
import { reviews } from '../../db/schema/index.js';
import { REVIEW_ORDERS } from './review-views.js';

// Two products with 10,000 reviews each: the first page of every sort is a short walk of an index.
const REVIEWS = 10_000;
let t: TestApp;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { product } = await buildProduct(t.app.db);
  const { product: other } = await buildProduct(t.app.db);
  productId = product.id;
  await t.app.db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name, role)
    SELECT substr(md5('sort-user' || i), 1, 24), 'sort' || i || '@example.com', 'x', 'Reader', 'Stone', 'customer'
    FROM generate_series(1, ${REVIEWS}) AS i`);
  for (const id of [productId, other.id])
    await t.app.db.execute(sql`
      INSERT INTO reviews (id, product_id, customer_id, rating, title, body, status, has_photos, verified_purchase,
        created_at)
      SELECT substr(md5(${id} || i), 1, 24), ${id}, substr(md5('sort-user' || i), 1, 24), 1 + i % 5,
        'Title', 'Body', CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'published' END, i % 7 = 0, true,
        now() - make_interval(mins => i)
      FROM generate_series(1, ${REVIEWS}) AS i`);
  await t.app.db.execute(sql`ANALYZE reviews`);
}, 120_000);
afterAll(async () => t.close());

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe('the sorts of a product with many reviews', () => {
  it.each(REVIEW_SORTS)('%s: the first page reads a page of an index, without sorting every review', async (sort) => {
    const page = t.app.db
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
      .orderBy(...REVIEW_ORDERS[sort])
      .limit(10);
    const [row] = await queryRows<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      t.app.db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) ${page}`,
    );
    const plan = nodes(row!['QUERY PLAN'][0]!.Plan);
    expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
    const scan = plan.find((n) => n['Index Name']?.startsWith('reviews_'));
    expect(scan, JSON.stringify(plan)).toBeDefined();
    // The rows the index handed over, the ones a filter dropped included.
    expect(scan!['Actual Rows'] + (scan!['Rows Removed by Filter'] ?? 0)).toBeLessThan(100);
  });

  it('answers each sort through the API', async () => {
    for (const sort of REVIEW_SORTS) {
      const res = await call(t.app, 'GET', `/api/products/${productId}/reviews?sort=${sort}`);
      expect(res.status).toBe(200);
      expect(res.body.data.reviews).toHaveLength(10);
      expect(res.body.data.pagination.total).toBe(9_000);
    }
    const photosFirst = await call(t.app, 'GET', `/api/products/${productId}/reviews?sort=with_photos&limit=50`);
    expect(photosFirst.body.data.reviews.length).toBe(50);
  });
});
