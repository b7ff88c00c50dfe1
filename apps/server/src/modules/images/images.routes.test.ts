import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody, testPng } from '../../../test/uploads.js';

let t: TestApp;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  support = (await signedIn(t.app, 'support')).token;
});
afterAll(async () => t.close());

const filesIn = (folder: string) => {
  const dir = path.join(t.config.uploadDir, folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/images/upload-multiple', () => {
  it('stores real images as original, webp and thumbnail, served back from /uploads', async () => {
    const { body, headers } = multipartBody([
      { name: 'images', filename: 'front.png', type: 'image/png', data: await testPng() },
      { name: 'images', filename: 'back.png', type: 'image/png', data: await testPng('#dc2626') },
    ]);
    const res = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, body, headers });
    expect(res.status).toBe(200);
    expect(res.body.data.images).toHaveLength(2);
    const [first] = res.body.data.images;
    expect(first).toMatchObject({
      alt: 'front',
      url: expect.stringMatching(/^\/uploads\/products\/[0-9a-f]{24}\.png$/),
    });
    expect(first.webpUrl).toMatch(/\.webp$/);
    expect(first.thumbnailUrl).toMatch(/-thumb\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: first.thumbnailUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a text file named .png with 415 and stores nothing, even beside a real image', async () => {
    const before = filesIn('products').length;
    const { body, headers } = multipartBody([
      { name: 'images', filename: 'ok.png', type: 'image/png', data: await testPng() },
      { name: 'images', filename: 'evil.png', type: 'image/png', data: 'this is just text, not an image' },
    ]);
    const res = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, body, headers });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Only JPEG, PNG, WebP, GIF and AVIF images are allowed');
    expect(filesIn('products').length).toBe(before);
  });

  it('refuses more than 10 files (413), no file (400) and a JSON body (415)', async () => {
    const image = await testPng();
    const eleven = multipartBody(
      Array.from({ length: 11 }, (_, i) => ({ name: 'images', filename: `${i}.png`, type: 'image/png', data: image })),
    );
    const tooMany = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, ...eleven });
    expect(tooMany.status).toBe(413);
    const none = multipartBody([{ name: 'folder', data: 'products' }]);
    expect((await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, ...none })).status).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, body: { images: [] } })).status,
    ).toBe(415);
  });

  it('answers 400 to a multipart body cut off before its closing boundary', async () => {
    const { body, headers } = multipartBody([
      { name: 'images', filename: 'a.png', type: 'image/png', data: await testPng() },
    ]);
    const truncated = body.subarray(0, body.length - '----seamline-upload-boundary--\r\n'.length);
    for (const url of ['/api/images/upload-multiple', '/api/upload']) {
      const response = await call(t.app, 'POST', url, { token: admin, body: truncated, headers });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'BAD_UPLOAD', error: 'Malformed upload' });
    }
  });

  it('is for admin and moderator only', async () => {
    const { body, headers } = multipartBody([
      { name: 'images', filename: 'a.png', type: 'image/png', data: await testPng() },
    ]);
    expect((await call(t.app, 'POST', '/api/images/upload-multiple', { body, headers })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/images/upload-multiple', { token: support, body, headers })).status).toBe(
      403,
    );
  });
});

describe('POST /api/upload', () => {
  it('stores one image in the chosen folder (default products)', async () => {
    const { body, headers } = multipartBody([
      { name: 'folder', data: 'categories' },
      { name: 'image', filename: 'men.png', type: 'image/png', data: await testPng() },
    ]);
    const res = await call(t.app, 'POST', '/api/upload', { token: admin, body, headers });
    expect(res.status).toBe(200);
    expect(res.body.data.image.url).toMatch(/^\/uploads\/categories\//);
    const other = multipartBody([
      { name: 'folder', data: '../../etc' },
      { name: 'image', filename: 'x.png', type: 'image/png', data: await testPng() },
    ]);
    const fallback = await call(t.app, 'POST', '/api/upload', { token: admin, ...other });
    expect(fallback.body.data.image.url).toMatch(/^\/uploads\/products\//);
    const text = multipartBody([{ name: 'image', filename: 'x.png', type: 'image/png', data: 'not an image' }]);
    expect((await call(t.app, 'POST', '/api/upload', { token: admin, ...text })).status).toBe(415);
  });
});
