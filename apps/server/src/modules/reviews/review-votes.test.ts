import { MAX_PAGE_LIMIT } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/customer-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  moderator = await signedIn(t.app, 'moderator');
});
afterAll(async () => t.close());

/** A published review of the product by a new buyer. */
async function publishedReview(productId: string): Promise<string> {
  const author = await signedIn(t.app, 'customer', { firstName: 'Rita', lastName: 'Rowe' });
  await buildOrder(t.app.db, {
    customerId: author.user.id,
    total: 25,
    status: 'delivered',
    items: [{ productId, price: 25, quantity: 1 }],
  });
  const body = { rating: 4, title: 'Soft and warm', body: 'Washes well.', size: 'M', fit: 'true_to_size' };
  const created = await call(t.app, 'POST', `/api/products/${productId}/reviews`, { token: author.token, body });
  const id = created.body.data.review.id as string;
  await call(t.app, 'POST', `/api/admin/reviews/${id}/approve`, { token: moderator.token });
  return id;
}

const votes = (query: string, token?: string) => call(t.app, 'GET', `/api/reviews/votes?${query}`, { token });

describe('GET /api/reviews/votes', () => {
  it("answers which of the asked reviews the customer voted helpful, never another customer's votes", async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b, c] = [
      await publishedReview(product.id),
      await publishedReview(product.id),
      await publishedReview(product.id),
    ];
    const me = await signedIn(t.app, 'customer');
    const other = await signedIn(t.app, 'customer');
    for (const id of [a, c]) await call(t.app, 'POST', `/api/reviews/${id}/helpful`, { token: me.token });
    await call(t.app, 'POST', `/api/reviews/${b}/helpful`, { token: other.token });

    const mine = await votes(`reviewIds=${a},${b},${c}`, me.token);
    expect(mine.status).toBe(200);
    expect([...mine.body.data.reviewIds].sort()).toEqual([a, c].sort());
    // Only the asked ids are answered; another customer's vote is not the asker's.
    expect((await votes(`reviewIds=${b},${c}`, me.token)).body.data.reviewIds).toEqual([c]);
    expect((await votes(`reviewIds=${a},${b},${c}`, other.token)).body.data.reviewIds).toEqual([b]);

    // A vote taken back is no longer answered.
    await call(t.app, 'DELETE', `/api/reviews/${c}/helpful`, { token: me.token });
    expect((await votes(`reviewIds=${c}`, me.token)).body.data.reviewIds).toEqual([]);
  });

  it('is for signed-in customers only', async () => {
    const id = '64b7f0c2a1b2c3d4e5f60719';
    expect((await votes(`reviewIds=${id}`)).status).toBe(401);
    expect((await votes(`reviewIds=${id}`, moderator.token)).status).toBe(403);
  });

  it(`validates the ids: at least one, at most ${MAX_PAGE_LIMIT}, each an id`, async () => {
    const me = await signedIn(t.app, 'customer');
    const id = '64b7f0c2a1b2c3d4e5f60719';
    expect((await votes(`reviewIds=${Array(MAX_PAGE_LIMIT).fill(id).join(',')}`, me.token)).status).toBe(200);
    expect(
      (
        await votes(
          `reviewIds=${Array(MAX_PAGE_LIMIT + 1)
            .fill(id)
            .join(',')}`,
          me.token,
        )
      ).status,
    ).toBe(400);
    expect((await votes('reviewIds=nope', me.token)).status).toBe(400);
    expect((await votes('', me.token)).status).toBe(400);
  });
});
