import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProduct, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { startTestBucket, type TestBucket } from '../../../test/s3.js';
import { type StallingPort, startStallingPort } from '../../../test/stalling-port.js';
import { failActivityLogWrites, multipartBody, testPng, twoProductImages } from '../../../test/uploads.js';
import { brands, categories, productImages } from '../../db/schema/index.js';

// The S3 backend against a real S3-protocol server (s3rver) started here; no part of the SDK is mocked.
let bucket: TestBucket;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  t = await createTestApp({ s3: bucket.s3 });
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});

const keyOf = (url: string) => url.slice(`${bucket.s3.publicUrl}/`.length);
const renditionUrls = (image: { original: string; webp: string; thumbnail: string }) => [
  image.original,
  image.webp,
  image.thumbnail,
];

/** Each URL is served from the bucket's public address as the image it claims to be. */
async function expectServed(urls: string[], formats: string[]) {
  for (const [index, url] of urls.entries()) {
    expect(url.startsWith(`${bucket.s3.publicUrl}/`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe(formats[index]);
  }
}

async function uploadProductImages() {
  const { body, headers } = multipartBody([
    { name: 'images', filename: 'front.png', type: 'image/png', data: await testPng() },
  ]);
  const res = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, body, headers });
  expect(res.status).toBe(200);
  return res.body.data.images[0] as { original: string; webp: string; thumbnail: string; alt: string };
}

describe('uploads stored in S3', () => {
  it('reports the bucket as reachable, also through readiness', async () => {
    await expect(t.app.storage.check()).resolves.toBeUndefined();
    const ready = await call(t.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'ok', storage: 'ok' });
  });

  it('stores a product image as three objects with their content types, served from S3_PUBLIC_URL', async () => {
    const image = await uploadProductImages();
    expect(image.original).toMatch(new RegExp(`^${bucket.s3.publicUrl}/products/[0-9a-f]{24}\\.png$`));
    const keys = renditionUrls(image).map(keyOf);
    expect(await bucket.keys()).toEqual(expect.arrayContaining(keys));
    const types = await Promise.all(keys.map(async (key) => (await bucket.head(key)).ContentType));
    expect(types).toEqual(['image/png', 'image/webp', 'image/webp']);
    await expectServed(renditionUrls(image), ['png', 'webp', 'webp']);
  });

  it('stores category images and brand logos, and replacing one removes the old objects', async () => {
    const [category] = await t.app.db.insert(categories).values({ name: 'Outerwear' }).returning();
    const [brand] = await t.app.db.insert(brands).values({ name: 'Harbour' }).returning();
    const picture = async (field: string) =>
      multipartBody([{ name: field, filename: 'p.png', type: 'image/png', data: await testPng('#0ea5e9') }]);
    const first = await call(t.app, 'POST', `/api/categories/${category!.id}/image`, {
      token: admin,
      ...(await picture('image')),
    });
    expect(first.status).toBe(200);
    expect(first.body.data.image.original).toMatch(new RegExp(`^${bucket.s3.publicUrl}/categories/`));
    await expectServed(renditionUrls(first.body.data.image), ['png', 'webp', 'webp']);
    const logo = await call(t.app, 'POST', `/api/brands/${brand!.id}/logo`, {
      token: admin,
      ...(await picture('logo')),
    });
    expect(logo.status).toBe(200);
    expect(logo.body.data.logo.original).toMatch(new RegExp(`^${bucket.s3.publicUrl}/brands/`));
    await expectServed(renditionUrls(logo.body.data.logo), ['png', 'webp', 'webp']);

    const second = await call(t.app, 'POST', `/api/categories/${category!.id}/image`, {
      token: admin,
      ...(await picture('image')),
    });
    expect(second.status).toBe(200);
    const keys = await bucket.keys();
    expect(keys).toEqual(expect.arrayContaining(renditionUrls(second.body.data.image).map(keyOf)));
    for (const key of renditionUrls(first.body.data.image).map(keyOf)) expect(keys).not.toContain(key);
  });

  it('removes the objects of a deleted product', async () => {
    const image = await uploadProductImages();
    const [category] = await t.app.db.insert(categories).values({ name: 'Shirts' }).returning();
    const [brand] = await t.app.db.insert(brands).values({ name: 'Meridian' }).returning();
    const created = await call(t.app, 'POST', '/api/products', {
      token: admin,
      body: {
        name: 'Oxford Shirt',
        sku: 'OXF-S3-1',
        description: 'A crisp oxford shirt for every day.',
        category: category!.id,
        subcategory: 'Shirts',
        brand: brand!.id,
        price: 49,
        inventory: [{ size: 'M', color: 'White', quantity: 3 }],
        images: [image],
      },
    });
    expect(created.status).toBe(201);
    const keys = renditionUrls(image).map(keyOf);
    expect(await bucket.keys()).toEqual(expect.arrayContaining(keys));
    const removed = await call(t.app, 'DELETE', `/api/products/${created.body.data.product.id}`, { token: admin });
    expect(removed.status).toBe(200);
    const left = await bucket.keys();
    for (const key of keys) expect(left).not.toContain(key);
    expect((await fetch(image.original)).status).toBe(404);
  });

  it('leaves no objects when the database part of an upload fails', async () => {
    const [category] = await t.app.db.insert(categories).values({ name: 'Denim' }).returning();
    const before = await bucket.keys();
    const restore = await failActivityLogWrites(t.app.db);
    try {
      const two = await twoProductImages();
      const many = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, ...two });
      expect(many.status).toBeGreaterThanOrEqual(500);
      const picture = multipartBody([{ name: 'image', filename: 'd.png', type: 'image/png', data: await testPng() }]);
      const categoryImage = await call(t.app, 'POST', `/api/categories/${category!.id}/image`, {
        token: admin,
        ...picture,
      });
      expect(categoryImage.status).toBeGreaterThanOrEqual(500);
    } finally {
      await restore();
    }
    expect(await bucket.keys()).toEqual(before);
  });
});

describe('when the bucket cannot be reached', () => {
  let down: TestApp;
  let token: string;

  beforeAll(async () => {
    // A loopback port nothing listens on: every S3 call fails to connect.
    down = await createTestApp({
      s3: { ...bucket.s3, endpoint: 'http://127.0.0.1:9', publicUrl: bucket.s3.publicUrl },
    });
    token = (await signedIn(down.app, 'admin')).token;
  });
  afterAll(async () => down?.close());

  it('reports the storage as degraded (the shop still serves) and answers uploads 503 with Retry-After', async () => {
    await expect(down.app.storage.check()).rejects.toBeDefined();
    const ready = await call(down.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'degraded', database: 'ok', storage: 'degraded' });
    const { body, headers } = multipartBody([
      { name: 'image', filename: 'a.png', type: 'image/png', data: await testPng() },
    ]);
    const res = await call(down.app, 'POST', '/api/upload', { token, body, headers });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('still deletes a product (the database change is committed) and logs the objects left behind', async () => {
    const product = await buildProduct(down.app.db);
    const base = `${bucket.s3.publicUrl}/products/0123456789abcdef01234567`;
    await down.app.db.insert(productImages).values({
      productId: product.product.id,
      position: 0,
      original: `${base}.png`,
      webp: `${base}.webp`,
      thumbnail: `${base}-thumb.webp`,
      alt: 'Front',
    });
    const warned = vi.spyOn(down.app.log, 'warn');
    const res = await call(down.app, 'DELETE', `/api/products/${product.product.id}`, { token });
    expect(res.status).toBe(200);
    expect(warned).toHaveBeenCalledWith(
      expect.objectContaining({ keys: expect.arrayContaining(['products/0123456789abcdef01234567.png']) }),
      expect.stringMatching(/left behind/),
    );
  });
});

describe('when the bucket accepts connections but never answers', () => {
  let stalled: StallingPort;
  let hung: TestApp;
  let token: string;

  beforeAll(async () => {
    stalled = await startStallingPort();
    hung = await createTestApp({ s3: { ...bucket.s3, endpoint: stalled.url('http'), timeoutMs: 300 } });
    token = (await signedIn(hung.app, 'admin')).token;
  });
  afterAll(async () => {
    await hung?.close();
    await stalled?.close();
  });

  it('answers an upload 503 once the storage timeout has passed, instead of holding the request', async () => {
    const { body, headers } = multipartBody([
      { name: 'image', filename: 'a.png', type: 'image/png', data: await testPng() },
    ]);
    const started = performance.now();
    const res = await call(hung.app, 'POST', '/api/upload', { token, body, headers });
    const seconds = (performance.now() - started) / 1000;
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'STORAGE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    // Two attempts of 0.3 s each and a short back-off; without timeouts the request would wait for ever.
    expect(seconds).toBeLessThan(10);
  });

  it('reports the storage as degraded', async () => {
    const ready = await call(hung.app, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ status: 'degraded', storage: 'degraded' });
  });
});
