import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { failActivityLogWrites, multipartBody, testPng, twoProductImages } from '../../../test/uploads.js';
import { brands, categories } from '../../db/schema/index.js';

// Local storage: what an upload stored is removed again when its database part fails.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
});
afterAll(async () => t.close());

const filesIn = (folder: string) => {
  const dir = path.join(t.config.uploadDir, folder);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('an upload whose database part fails (local storage)', () => {
  it('leaves no files behind for product images, category images and brand logos', async () => {
    const [category] = await t.app.db.insert(categories).values({ name: 'Knitwear' }).returning();
    const [brand] = await t.app.db.insert(brands).values({ name: 'Fjordline' }).returning();
    const restore = await failActivityLogWrites(t.app.db);
    try {
      const two = await twoProductImages();
      const many = await call(t.app, 'POST', '/api/images/upload-multiple', { token: admin, ...two });
      expect(many.status).toBeGreaterThanOrEqual(500);
      const one = multipartBody([{ name: 'image', filename: 'c.png', type: 'image/png', data: await testPng() }]);
      expect((await call(t.app, 'POST', '/api/upload', { token: admin, ...one })).status).toBeGreaterThanOrEqual(500);
      const picture = multipartBody([{ name: 'image', filename: 'k.png', type: 'image/png', data: await testPng() }]);
      const categoryImage = await call(t.app, 'POST', `/api/categories/${category!.id}/image`, {
        token: admin,
        ...picture,
      });
      expect(categoryImage.status).toBeGreaterThanOrEqual(500);
      const logo = multipartBody([{ name: 'logo', filename: 'f.png', type: 'image/png', data: await testPng() }]);
      const brandLogo = await call(t.app, 'POST', `/api/brands/${brand!.id}/logo`, { token: admin, ...logo });
      expect(brandLogo.status).toBeGreaterThanOrEqual(500);
    } finally {
      await restore();
    }
    expect([...filesIn('products'), ...filesIn('categories'), ...filesIn('brands')]).toEqual([]);
  });

  it('refuses an image whose data is cut short (415) and stores nothing', async () => {
    const png = await testPng('#f59e0b', 800, 600);
    const cut = png.subarray(0, Math.floor(png.length * 0.6));
    const { body, headers } = multipartBody([{ name: 'image', filename: 'cut.png', type: 'image/png', data: cut }]);
    const res = await call(t.app, 'POST', '/api/upload', { token: admin, body, headers });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(filesIn('products')).toEqual([]);
  });
});
