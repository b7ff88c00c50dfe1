import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/customer-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { activityLogs, events, products, reviews, reviewVotes } from '../../db/schema/index.js';
import { checkReviewFigures } from '../../db/seed/invariants.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let moderator: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t.app, 'admin');
  moderator = await signedIn(t.app, 'moderator');
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof signedIn>>;
const review = { rating: 4, title: 'Soft and warm', body: 'Washes well.', size: 'M', fit: 'true_to_size' };

/** A customer with an order of the products in the given status (delivered by default). */
async function buyer(productIds: string[], status: 'delivered' | 'shipped' = 'delivered', name = 'Rita') {
  const customer = await signedIn(t.app, 'customer', { firstName: name, lastName: 'Rowe' });
  await buildOrder(t.app.db, {
    customerId: customer.user.id,
    total: 25 * productIds.length,
    status,
    items: productIds.map((productId) => ({ productId, price: 25, quantity: 1 })),
  });
  return customer;
}
const write = (productId: string, customer: Customer, body: object = review) =>
  call(t.app, 'POST', `/api/products/${productId}/reviews`, { token: customer.token, body });
const moderate = (id: string, step: 'approve' | 'hide' | 'reject', token = moderator.token) =>
  call(t.app, 'POST', `/api/admin/reviews/${id}/${step}`, {
    token,
    ...(step === 'reject' ? { body: { reason: 'Off topic' } } : {}),
  });
const figures = async (productId: string) => {
  const [row] = await t.app.db
    .select({ rating: products.rating, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
};
/** The figures recomputed from the published reviews. */
const recomputed = async (productId: string) => {
  const [row] = await t.app.db
    .select({
      rating: sql<number>`coalesce(round(avg(${reviews.rating}), 2), 0)::float8`,
      reviewCount: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(sql`${reviews.productId} = ${productId} AND ${reviews.status} = 'published'`);
  return row!;
};
const published = async (productId: string, customer: Customer, rating = 4) => {
  const created = await write(productId, customer, { ...review, rating });
  expect(created.status).toBe(201);
  const id = created.body.data.review.id as string;
  expect((await moderate(id, 'approve')).status).toBe(200);
  return id;
};

describe('writing a review', () => {
  it('is allowed only to a buyer of a delivered order line of the product, once', async () => {
    const { product } = await buildProduct(t.app.db);
    const stranger = await signedIn(t.app, 'customer');
    const notYet = await buyer([product.id], 'shipped');
    const rita = await buyer([product.id]);

    for (const customer of [stranger, notYet]) {
      const refused = await write(product.id, customer);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only customers with a delivered order of this product can review it.');
    }
    const created = await write(product.id, rita);
    expect(created.status).toBe(201);
    expect(created.body.data.review).toMatchObject({ status: 'pending', verifiedPurchase: true, reviewer: 'Rita R.' });
    const again = await write(product.id, rita);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reviewed this product. Edit your review instead.');
    expect((await write('64b7f0c2a1b2c3d4e5f60719', rita)).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/products/${product.id}/reviews`, { body: review })).status).toBe(401);
    expect((await write(product.id, admin)).status).toBe(403);
    expect(await t.app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(1);
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer([product.id]);
    for (const [body, message] of [
      [{ ...review, rating: 6 }, 'Rating must be a whole number from 1 to 5.'],
      [{ ...review, rating: 2.5 }, 'Rating must be a whole number from 1 to 5.'],
      [{ ...review, title: '  ' }, 'Title is required.'],
      [{ ...review, body: undefined }, 'Review text is required.'],
      [{ ...review, fit: 'baggy' }, 'Fit must be one of runs_small, true_to_size, runs_large.'],
    ] as const) {
      const refused = await write(product.id, rita, body);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect(await t.app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0);
  });

  it('stops at the daily limit with 429 and a message', async () => {
    const bought = await Promise.all(Array.from({ length: 11 }, () => buildProduct(t.app.db)));
    const busy = await buyer(bought.map(({ product }) => product.id));
    for (const { product } of bought.slice(0, 10)) expect((await write(product.id, busy)).status).toBe(201);
    const refused = await write(bought[10]!.product.id, busy);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You can write at most 10 reviews a day. Please try again tomorrow.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets the author edit (moderated again) and delete their own review only', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer([product.id]);
    const other = await signedIn(t.app, 'customer');
    const id = await published(product.id, rita, 5);
    expect(await figures(product.id)).toEqual({ rating: 5, reviewCount: 1 });

    expect((await call(t.app, 'PATCH', `/api/reviews/${id}`, { token: other.token, body: { rating: 1 } })).status).toBe(
      404,
    );
    const edited = await call(t.app, 'PATCH', `/api/reviews/${id}`, { token: rita.token, body: { rating: 2 } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.review).toMatchObject({ rating: 2, status: 'pending' });
    expect(await figures(product.id)).toEqual({ rating: 0, reviewCount: 0 });

    await moderate(id, 'approve');
    expect(await figures(product.id)).toEqual({ rating: 2, reviewCount: 1 });
    expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { token: other.token })).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { token: rita.token })).status).toBe(200);
    expect(await figures(product.id)).toEqual({ rating: 0, reviewCount: 0 });
  });
});

describe('the store setting "publish reviews at once"', () => {
  let at: TestApp;
  beforeAll(async () => {
    at = await createTestApp({ reviews: { publishAtOnce: true } });
  });
  afterAll(async () => at.close());

  it('publishes a review at once, except one with a link or an e-mail address', async () => {
    const { product } = await buildProduct(at.app.db);
    const customers = await Promise.all(
      ['Ann', 'Bob', 'Cy'].map((name) => signedIn(at.app, 'customer', { firstName: name })),
    );
    for (const customer of customers)
      await buildOrder(at.app.db, {
        customerId: customer.user.id,
        total: 25,
        items: [{ productId: product.id, price: 25, quantity: 1 }],
      });
    const post = (customer: Customer, body: string) =>
      call(at.app, 'POST', `/api/products/${product.id}/reviews`, { token: customer.token, body: { ...review, body } });
    expect((await post(customers[0]!, 'Lovely.')).body.data.review.status).toBe('published');
    expect((await post(customers[1]!, 'Cheaper at https://example.test')).body.data.review.status).toBe('pending');
    expect((await post(customers[2]!, 'Write me: me@example.com')).body.data.review.status).toBe('pending');
  });

  it('keeps rating and review count exact under 20 parallel reviews and votes', async () => {
    const { product } = await buildProduct(at.app.db);
    const customers = await Promise.all(Array.from({ length: 20 }, () => signedIn(at.app, 'customer')));
    for (const customer of customers)
      await buildOrder(at.app.db, {
        customerId: customer.user.id,
        total: 25,
        items: [{ productId: product.id, price: 25, quantity: 1 }],
      });
    const answers = await Promise.all(
      customers.map((customer, index) =>
        call(at.app, 'POST', `/api/products/${product.id}/reviews`, {
          token: customer.token,
          body: { ...review, rating: (index % 5) + 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const first = answers[0]!.body.data.review.id as string;
    const votes = await Promise.all(
      customers
        .slice(1)
        .flatMap((customer) =>
          [1, 2].map(() => call(at.app, 'POST', `/api/reviews/${first}/helpful`, { token: customer.token })),
        ),
    );
    expect(votes.every((vote) => vote.status === 200)).toBe(true);

    const [row] = await at.app.db
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row).toEqual({ rating: 3, reviewCount: 20 });
    const summary = (await call(at.app, 'GET', `/api/products/${product.id}/reviews`)).body.data.summary;
    expect(summary).toMatchObject({ average: 3, count: 20, stars: { 1: 4, 2: 4, 3: 4, 4: 4, 5: 4 } });
    expect(await checkReviewFigures(at.app.db)).toEqual([]);
    const [counted] = await at.app.db.select({ n: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, first));
    expect(counted!.n).toBe(19);
    expect(await at.app.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, first))).toHaveLength(19);
    const own = await call(at.app, 'POST', `/api/reviews/${first}/helpful`, { token: customers[0]!.token });
    expect(own.status).toBe(409);
  });
});

describe('figures and moderation', () => {
  it('counts only published reviews: hidden and rejected ones leave the figures', async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => buyer([product.id])));
    const five = await published(product.id, a!, 5);
    const two = await published(product.id, b!, 2);
    const pending = (await write(product.id, c!, { ...review, rating: 1 })).body.data.review.id as string;
    expect(await figures(product.id)).toEqual({ rating: 3.5, reviewCount: 2 });

    expect((await moderate(two, 'hide')).body.data.review.status).toBe('hidden');
    expect(await figures(product.id)).toEqual({ rating: 5, reviewCount: 1 });
    expect((await moderate(pending, 'reject')).body.data.review).toMatchObject({
      status: 'rejected',
      rejectReason: 'Off topic',
    });
    expect(await figures(product.id)).toEqual(await recomputed(product.id));
    expect(await figures(product.id)).toEqual({ rating: 5, reviewCount: 1 });
    await moderate(five, 'reject');
    expect(await figures(product.id)).toEqual({ rating: 0, reviewCount: 0 });
  });

  it('writes an activity-log row for every staff step, one per review in bulk', async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b] = await Promise.all([1, 2].map(() => buyer([product.id])));
    const one = (await write(product.id, a!)).body.data.review.id as string;
    const two = (await write(product.id, b!)).body.data.review.id as string;
    const logsOf = async (id: string) =>
      (await t.app.db.select().from(activityLogs).where(eq(activityLogs.resourceId, id)))
        .map((row) => row.action)
        .sort();

    await moderate(one, 'approve');
    await call(t.app, 'POST', `/api/admin/reviews/${one}/reply`, { token: admin.token, body: { reply: 'Thank you!' } });
    const bulk = await call(t.app, 'POST', '/api/admin/reviews/bulk', {
      token: admin.token,
      body: { ids: [one, two, '64b7f0c2a1b2c3d4e5f60719'], action: 'hide' },
    });
    expect(bulk.body.data).toEqual({ updated: [one, two], notFound: ['64b7f0c2a1b2c3d4e5f60719'] });
    expect(await logsOf(one)).toEqual(['approve_review', 'hide_review', 'reply_review']);
    expect(await logsOf(two)).toEqual(['hide_review']);
    const recorded = await t.app.db.select().from(events).where(eq(events.objectId, one));
    expect(recorded.map((event) => (event.data as { action: string }).action).sort()).toEqual([
      'approve',
      'hide',
      'reply',
    ]);
    const refused = await call(t.app, 'POST', '/api/admin/reviews/bulk', {
      token: admin.token,
      body: { ids: [one], action: 'reject' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Reject reason is required.');
    const support = await signedIn(t.app, 'support');
    expect((await moderate(one, 'approve', support.token)).status).toBe(403);
    expect((await moderate('64b7f0c2a1b2c3d4e5f60719', 'approve')).status).toBe(404);
  });

  it('lists the moderation queue by status, with the reviewer e-mail for staff', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer([product.id]);
    const id = (await write(product.id, rita)).body.data.review.id as string;
    const queue = await call(t.app, 'GET', `/api/admin/reviews?status=pending&productId=${product.id}`, {
      token: moderator.token,
    });
    expect(queue.body.data.reviews).toEqual([
      expect.objectContaining({ id, reviewerEmail: rita.user.email, productName: product.name }),
    ]);
    expect(queue.body.data.pagination.total).toBe(1);
  });
});

describe('the product page', () => {
  it('shows anonymous callers only published reviews, without e-mails, with the summary, sorts and filters', async () => {
    const { product } = await buildProduct(t.app.db);
    const buyers = await Promise.all([1, 2, 3, 4].map(() => buyer([product.id])));
    await published(product.id, buyers[0]!, 5);
    await published(product.id, buyers[1]!, 3);
    const hidden = await published(product.id, buyers[2]!, 1);
    await moderate(hidden, 'hide');
    await write(product.id, buyers[3]!, { ...review, rating: 2, size: 'XL', fit: 'runs_small' });

    const page = await call(t.app, 'GET', `/api/products/${product.id}/reviews?sort=lowest`);
    expect(page.status).toBe(200);
    expect(page.body.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([3, 5]);
    expect(page.body.data.summary).toEqual({
      average: 4,
      count: 2,
      stars: { 1: 0, 2: 0, 3: 1, 4: 0, 5: 1 },
      fit: { runs_small: 0, true_to_size: 2, runs_large: 0, mostCommon: 'true_to_size' },
    });
    const text = JSON.stringify(page.body);
    for (const customer of buyers) expect(text).not.toContain(customer.user.email);
    expect(page.body.data.reviews[0]).not.toHaveProperty('status');
    expect(page.body.data.reviews[0].reviewer).toBe('Rita R.');

    const fives = await call(t.app, 'GET', `/api/products/${product.id}/reviews?stars=5&sort=highest`);
    expect(fives.body.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect(fives.body.data.pagination).toMatchObject({ total: 1, pages: 1 });
    const xl = await call(t.app, 'GET', `/api/products/${product.id}/reviews?size=xl`);
    expect(xl.body.data.reviews).toEqual([]);
    expect(xl.body.data.pagination).toMatchObject({ total: 0 });
    const m = await call(t.app, 'GET', `/api/products/${product.id}/reviews?size=m&limit=1`);
    expect(m.body.data.pagination).toMatchObject({ total: 2, pages: 2 });
    const second = await call(t.app, 'GET', `/api/products/${product.id}/reviews?sort=lowest&limit=1&page=2`);
    expect(second.body.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([5]);
    expect((await call(t.app, 'GET', `/api/products/${product.id}/reviews?stars=9`)).status).toBe(400);
    expect((await call(t.app, 'GET', '/api/products/64b7f0c2a1b2c3d4e5f60719/reviews')).status).toBe(404);

    // A product nobody has reviewed has no summary row: zeros, and no most common fit.
    const { product: unreviewed } = await buildProduct(t.app.db);
    const none = await call(t.app, 'GET', `/api/products/${unreviewed.id}/reviews`);
    expect(none.body.data.reviews).toEqual([]);
    expect(none.body.data.summary).toEqual({
      average: 0,
      count: 0,
      stars: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      fit: { runs_small: 0, true_to_size: 0, runs_large: 0, mostCommon: null },
    });
  });
});

describe('helpful votes', () => {
  it('count once per customer, can be taken back, and only on published reviews', async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b] = await Promise.all([1, 2].map(() => buyer([product.id])));
    const pending = (await write(product.id, b!)).body.data.review.id as string;
    const id = await published(product.id, a!, 4);
    const vote = (method: 'POST' | 'DELETE', review = id) =>
      call(t.app, method, `/api/reviews/${review}/helpful`, { token: b!.token });

    expect((await vote('POST')).body.data).toEqual({ helpfulCount: 1, voted: true });
    expect((await vote('POST')).body.data).toEqual({ helpfulCount: 1, voted: true });
    expect((await vote('DELETE')).body.data).toEqual({ helpfulCount: 0, voted: false });
    expect((await vote('DELETE')).body.data).toEqual({ helpfulCount: 0, voted: false });
    const unpublished = await call(t.app, 'POST', `/api/reviews/${pending}/helpful`, { token: a!.token });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.message).toBe('Only published reviews can be voted on.');
    expect((await vote('POST', '64b7f0c2a1b2c3d4e5f60719')).status).toBe(404);
    expect((await vote('DELETE', '64b7f0c2a1b2c3d4e5f60719')).status).toBe(404);
  });
});

describe('deleting a product', () => {
  it('removes its reviews and their votes', async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b] = await Promise.all([1, 2].map(() => buyer([product.id])));
    const id = await published(product.id, a!, 4);
    expect((await call(t.app, 'POST', `/api/reviews/${id}/helpful`, { token: b!.token })).body.data).toEqual({
      helpfulCount: 1,
      voted: true,
    });
    const deleted = await call(t.app, 'DELETE', `/api/products/${product.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await t.app.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
    expect(await t.app.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, id))).toEqual([]);
  });
});
