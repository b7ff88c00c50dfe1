import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrder } from '../../../test/customer-factories.js';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody, testPng } from '../../../test/uploads.js';

// Review photos go through the product image pipeline (local storage here) and leave with their review or product.
let t: TestApp;
let admin: string;
let moderator: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  moderator = (await signedIn(t.app, 'moderator')).token;
});
afterAll(async () => t.close());

type Customer = Awaited<ReturnType<typeof signedIn>>;
const review = { rating: 4, title: 'Soft and warm', body: 'Washes well.', size: 'M', fit: 'true_to_size' };

async function buyer(productId: string): Promise<Customer> {
  const customer = await signedIn(t.app, 'customer', { firstName: 'Rita', lastName: 'Rowe' });
  await buildOrder(t.app.db, {
    customerId: customer.user.id,
    total: 25,
    status: 'delivered',
    items: [{ productId, price: 25, quantity: 1 }],
  });
  return customer;
}
async function written(productId: string, customer: Customer, approve = true) {
  const created = await call(t.app, 'POST', `/api/products/${productId}/reviews`, {
    token: customer.token,
    body: review,
  });
  expect(created.status).toBe(201);
  const id = created.body.data.review.id as string;
  if (approve)
    expect((await call(t.app, 'POST', `/api/admin/reviews/${id}/approve`, { token: moderator })).status).toBe(200);
  return id;
}
async function photos(n: number) {
  const colors = ['#4f46e5', '#16a34a', '#f59e0b', '#dc2626'];
  return multipartBody(
    await Promise.all(
      colors.slice(0, n).map(async (color, i) => ({
        name: 'photos',
        filename: `p${i}.png`,
        type: 'image/png',
        data: await testPng(color),
      })),
    ),
  );
}
const attach = async (id: string, token: string, n: number) =>
  call(t.app, 'POST', `/api/reviews/${id}/photos`, { token, ...(await photos(n)) });
const reviewFiles = () => {
  const dir = path.join(t.config.uploadDir, 'reviews');
  return existsSync(dir) ? readdirSync(dir) : [];
};
const fileOf = (url: string) => path.basename(url);
const publicList = (productId: string, query = '') =>
  call(t.app, 'GET', `/api/products/${productId}/reviews${query}`).then((res) => res.body.data);

describe('review photos', () => {
  it('attaches up to 3 photos to the own review, shown with thumbnail and full URLs', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer(product.id);
    const id = await written(product.id, rita);

    const added = await attach(id, rita.token, 2);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Photos added');
    // New photos put the review back to moderation, as an edit does.
    expect(added.body.data.review.status).toBe('pending');
    const shown = added.body.data.review.photos as { url: string; thumbnailUrl: string }[];
    expect(shown).toHaveLength(2);
    for (const photo of shown) {
      expect(photo.thumbnailUrl).toMatch(/\/reviews\/[0-9a-f]+-thumb\.webp$/);
      expect(photo.url).toMatch(/\/reviews\/[0-9a-f]+\.webp$/);
      expect(reviewFiles()).toEqual(expect.arrayContaining([fileOf(photo.url), fileOf(photo.thumbnailUrl)]));
    }

    const tooMany = await attach(id, rita.token, 2);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A review can have at most 3 photos.');
    expect((await attach(id, rita.token, 1)).status).toBe(200);

    await call(t.app, 'POST', `/api/admin/reviews/${id}/approve`, { token: moderator });
    const list = await publicList(product.id);
    expect(list.reviews[0].photos).toHaveLength(3);
    expect(Object.keys(list.reviews[0].photos[0]).sort()).toEqual(['id', 'thumbnailUrl', 'url']);
    // The author's own list names the product and carries the photos too.
    const mine = await call(t.app, 'GET', '/api/reviews/mine', { token: rita.token });
    expect(mine.body.data.reviews[0]).toMatchObject({ productName: product.name, productSlug: product.slug });
    expect(mine.body.data.reviews[0].photos).toHaveLength(3);
  });

  it("refuses someone else's review, a guest and a file that is no image", async () => {
    const { product } = await buildProduct(t.app.db);
    const author = await buyer(product.id);
    const id = await written(product.id, author);
    const other = await signedIn(t.app, 'customer');
    const foreign = await attach(id, other.token, 1);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Review not found');
    expect((await call(t.app, 'POST', `/api/reviews/${id}/photos`, await photos(1))).status).toBe(401);
    const text = multipartBody([{ name: 'photos', filename: 'a.png', type: 'image/png', data: 'not an image' }]);
    const refused = await call(t.app, 'POST', `/api/reviews/${id}/photos`, { token: author.token, ...text });
    expect(refused.status).toBe(415);
    expect((await publicList(product.id)).reviews[0].photos).toEqual([]);
  });

  it('removes one photo with its files, and all of them with the review', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer(product.id);
    const id = await written(product.id, rita, false);
    const [first, second] = (await attach(id, rita.token, 2)).body.data.review.photos;

    const removed = await call(t.app, 'DELETE', `/api/reviews/${id}/photos/${first.id}`, { token: rita.token });
    expect(removed.status).toBe(200);
    expect(removed.body.data.review.photos.map((p: { id: string }) => p.id)).toEqual([second.id]);
    expect(reviewFiles()).not.toContain(fileOf(first.url));
    expect(reviewFiles()).not.toContain(fileOf(first.thumbnailUrl));
    const again = await call(t.app, 'DELETE', `/api/reviews/${id}/photos/${first.id}`, { token: rita.token });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Photo not found');

    expect((await call(t.app, 'DELETE', `/api/reviews/${id}`, { token: rita.token })).status).toBe(200);
    expect(reviewFiles()).not.toContain(fileOf(second.url));
  });

  it('go with their product when it is deleted', async () => {
    const { product } = await buildProduct(t.app.db);
    const rita = await buyer(product.id);
    const id = await written(product.id, rita);
    const [photo] = (await attach(id, rita.token, 1)).body.data.review.photos;
    expect(reviewFiles()).toContain(fileOf(photo.url));
    expect((await call(t.app, 'DELETE', `/api/products/${product.id}`, { token: admin })).status).toBe(200);
    expect(reviewFiles()).not.toContain(fileOf(photo.url));
    expect(reviewFiles()).not.toContain(fileOf(photo.thumbnailUrl));
  });
});

describe('the with_photos sort', () => {
  it('lists reviews with photos first, then the newest', async () => {
    const { product } = await buildProduct(t.app.db);
    const [a, b, c] = [await buyer(product.id), await buyer(product.id), await buyer(product.id)];
    const oldWithPhoto = await written(product.id, a, false);
    await attach(oldWithPhoto, a.token, 1);
    await call(t.app, 'POST', `/api/admin/reviews/${oldWithPhoto}/approve`, { token: moderator });
    const plain = await written(product.id, b);
    const newest = await written(product.id, c);
    const sorted = await publicList(product.id, '?sort=with_photos');
    expect(sorted.reviews.map((r: { id: string }) => r.id)).toEqual([oldWithPhoto, newest, plain]);
    const bad = await call(t.app, 'GET', `/api/products/${product.id}/reviews?sort=photos`);
    expect(bad.status).toBe(400);
  });
});
