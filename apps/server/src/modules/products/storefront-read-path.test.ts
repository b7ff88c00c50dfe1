import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { products } from '../../db/schema/index.js';
import { PUBLIC_LIST_MAX_AGE_S } from '../../plugins/public-cache.js';
import { ProductViews } from './product-views.js';

/** The storefront read path: views counted off the read, cache headers and 304s, and the reused list answers. */
let t: TestApp;
let customer: string;
let staff: string;
let productId: string;

const viewsOf = async (app: TestApp, id: string) =>
  (await app.app.db.select({ v: products.viewCount }).from(products).where(eq(products.id, id)))[0]!.v;

beforeAll(async () => {
  // Views are flushed every 100 ms; list answers are reused for a minute (the harness turns reuse off by default).
  t = await createTestApp({ catalogue: { viewFlushMs: 100, cacheTtlMs: 60_000 } });
  customer = (await signedIn(t.app, 'customer')).token;
  staff = (await signedIn(t.app, 'support')).token;
  productId = (await buildProduct(t.app.db, { name: 'Rain Shell', slug: 'rain-shell', price: 80 })).product.id;
});
afterAll(async () => t.close());

describe('product views', () => {
  it('adds N storefront reads to view_count at the next flush, once each, and not staff reads', async () => {
    const reads = [
      ...Array.from({ length: 12 }, () => call(t.app, 'GET', '/api/products/slug/rain-shell')),
      ...Array.from({ length: 8 }, () => call(t.app, 'GET', `/api/products/${productId}`, { token: customer })),
      call(t.app, 'GET', `/api/products/${productId}`, { token: staff }),
    ];
    expect((await Promise.all(reads)).map((r) => r.status)).toEqual(Array(21).fill(200));
    await expect.poll(() => viewsOf(t, productId), { timeout: 5_000, interval: 50 }).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await viewsOf(t, productId)).toBe(20);
  });

  it('writes the views still counted when the app closes (graceful shutdown)', async () => {
    const own = await createTestApp({ catalogue: { viewFlushMs: 60_000, cacheTtlMs: 0 } });
    try {
      const id = (await buildProduct(own.app.db, { slug: 'closing-sale' })).product.id;
      for (let i = 0; i < 7; i++)
        expect((await call(own.app, 'GET', '/api/products/slug/closing-sale')).status).toBe(200);
      // Reads do not write the row.
      expect(await viewsOf(own, id)).toBe(0);
      await own.app.close();
      expect(await viewsOf(own, id)).toBe(7);
    } finally {
      await own.close();
    }
  });

  it('adds increments, so instances flushing into the same rows never lose a view', async () => {
    const instances = [1, 2, 3].map(() => new ProductViews(t.app.db, 60_000, t.app.log));
    const before = await viewsOf(t, productId);
    for (const [i, views] of instances.entries()) for (let n = 0; n <= i; n++) views.record(productId);
    await Promise.all(instances.map((views) => views.close()));
    expect(await viewsOf(t, productId)).toBe(before + 6);
  });
});

describe('cache headers', () => {
  it('gives anonymous list answers an ETag and a short public max-age, and answers a matching If-None-Match with 304', async () => {
    for (const url of ['/api/products?limit=5', '/api/products/featured', '/api/products/categories']) {
      const first = await call(t.app, 'GET', url);
      expect(first.status, url).toBe(200);
      expect(first.headers['cache-control'], url).toBe(`public, max-age=${PUBLIC_LIST_MAX_AGE_S}`);
      expect(first.headers.vary, url).toContain('Authorization');
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await call(t.app, 'GET', url, { headers: { 'if-none-match': ifNoneMatch } });
        expect(again.status, ifNoneMatch).toBe(304);
        expect(again.body, ifNoneMatch).toBe('');
      }
      expect((await call(t.app, 'GET', url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    }
  });

  it('makes one product revalidate every time, so a 304 still counts as a view', async () => {
    const before = await viewsOf(t, productId);
    const first = await call(t.app, 'GET', '/api/products/slug/rain-shell');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await call(t.app, 'GET', '/api/products/slug/rain-shell', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.status).toBe(304);
    await expect.poll(() => viewsOf(t, productId), { timeout: 5_000, interval: 50 }).toBe(before + 2);
  });

  it('never lets a cache keep an answer to a signed-in caller, nor an error', async () => {
    const anonymous = await call(t.app, 'GET', '/api/products/slug/rain-shell');
    for (const token of [customer, staff]) {
      const res = await call(t.app, 'GET', '/api/products/slug/rain-shell', {
        token,
        headers: { 'if-none-match': anonymous.headers.etag as string },
      });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    const missing = await call(t.app, 'GET', '/api/products/slug/no-such-product');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe('reused list answers', () => {
  it('serves anonymous callers the same list answer for the TTL, and signed-in callers always a fresh one', async () => {
    const url = '/api/products?search=rain';
    const first = await call(t.app, 'GET', url);
    expect(first.body.data.products[0].price).toBe(80);
    await t.app.db.update(products).set({ price: 95 }).where(eq(products.id, productId));

    const reused = await call(t.app, 'GET', url);
    expect(reused.body.data.products[0].price).toBe(80);
    expect(reused.headers.etag).toBe(first.headers.etag);
    expect((await call(t.app, 'GET', url, { headers: { 'if-none-match': first.headers.etag as string } })).status).toBe(
      304,
    );
    for (const token of [customer, staff])
      expect((await call(t.app, 'GET', url, { token })).body.data.products[0].price).toBe(95);
    expect((await call(t.app, 'GET', `${url}&limit=5`)).body.data.products[0].price).toBe(95);
  });

  it("sends a reused answer with the first one's headers (security, request id) and no request budget, with or without a body", async () => {
    const url = '/api/products?search=rain&sort=name';
    const get = (options: Omit<InjectOptions, 'method' | 'url' | 'remoteAddress'> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7', ...options });
    const first = await get();
    // The first answer spent the caller's budget; one from memory spends none and says nothing of it.
    const budget = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
    const changing = new Set(['date', 'x-request-id', ...budget]);
    const steady = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !changing.has(name)));
    expect(first.headers['x-ratelimit-limit']).toBeDefined();
    expect(first.headers['content-security-policy']).toBeDefined();
    const plain = await get({ headers: { 'x-request-id': 'reused-1' } });
    // A GET may carry a body: its rest is read before the answer goes (the connection stays usable).
    const withBody = await get({
      payload: 'x'.repeat(64),
      headers: { 'content-type': 'application/json' },
    });
    for (const reused of [plain, withBody]) {
      expect(reused.statusCode).toBe(200);
      expect(reused.body).toBe(first.body);
      expect(steady(reused.headers)).toEqual(steady(first.headers));
      for (const name of budget) expect(reused.headers[name]).toBeUndefined();
    }
    expect(plain.headers['x-request-id']).toBe('reused-1');
    const notModified = await get({
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('reuses an anonymous product answer for the TTL, and every read of it still counts as a view', async () => {
    const id = (await buildProduct(t.app.db, { name: 'Storm Coat', slug: 'storm-coat', price: 120 })).product.id;
    const first = await call(t.app, 'GET', '/api/products/slug/storm-coat');
    expect(first.body.data.product.price).toBe(120);
    await t.app.db.update(products).set({ price: 130 }).where(eq(products.id, id));

    const reused = await call(t.app, 'GET', '/api/products/slug/storm-coat');
    expect(reused.body.data.product.price).toBe(120);
    expect(reused.headers.etag).toBe(first.headers.etag);
    expect(reused.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await call(t.app, 'GET', '/api/products/slug/storm-coat', {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(revalidated.status).toBe(304);
    expect(
      (await call(t.app, 'GET', '/api/products/slug/storm-coat', { token: customer })).body.data.product.price,
    ).toBe(130);
    // Four shopper reads (three of them answered from memory, one signed in); staff reads never count.
    await call(t.app, 'GET', `/api/products/${id}`, { token: staff });
    await expect.poll(() => viewsOf(t, id), { timeout: 5_000, interval: 50 }).toBe(4);
  });
});
