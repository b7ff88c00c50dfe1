import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test/harness.js';

const BUNDLE = `export const words = ${JSON.stringify('shirt '.repeat(2_000))};`;

describe('the served web app', () => {
  let t: TestApp;
  let webDist: string;
  let shopDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">back office</div>');
    writeFileSync(path.join(webDist, 'assets', 'OrdersPage-new1.js'), 'export default 1;');
    shopDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-shop-'));
    mkdirSync(path.join(shopDist, 'assets'));
    writeFileSync(path.join(shopDist, 'index.html'), '<!doctype html><div id="root">storefront</div>');
    writeFileSync(path.join(shopDist, 'assets', 'index-new1.js'), 'export default 2;');
    // A file the build compressed: its brotli and gzip copies beside it.
    const bundle = path.join(shopDist, 'assets', 'bundle-new1.js');
    writeFileSync(bundle, BUNDLE);
    writeFileSync(`${bundle}.br`, brotliCompressSync(BUNDLE));
    writeFileSync(`${bundle}.gz`, gzipSync(BUNDLE));
    t = await createTestApp({ webDist, shopDist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(shopDist, { recursive: true, force: true });
  });

  it('serves the storefront under /shop and the back office everywhere else', async () => {
    for (const url of ['/shop', '/shop/', '/shop/cart', '/shop/search?q=shirt']) {
      const page = await call(t.app, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(page.body, url).toContain('storefront');
    }
    const backOffice = await call(t.app, 'GET', '/shopping-list');
    expect(backOffice.body).toContain('back office');
    const shopFile = await call(t.app, 'GET', '/shop/assets/index-new1.js');
    expect(shopFile.status).toBe(200);
    expect(String(shopFile.headers['cache-control'])).toContain('immutable');
    const goneShopFile = await call(t.app, 'GET', '/shop/assets/index-old0.js');
    expect(goneShopFile.status).toBe(404);
  });

  it("sends a build file's compressed copy that the browser accepts, else the file itself", async () => {
    const get = (url: string, encodings?: string) =>
      t.app.inject({ method: 'GET', url, headers: encodings ? { 'accept-encoding': encodings } : {} });
    const brotli = await get('/shop/assets/bundle-new1.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers['content-type'])).toContain('javascript');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(String(brotli.headers['cache-control'])).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BUNDLE);
    expect(brotli.rawPayload.length).toBeLessThan(BUNDLE.length / 10);
    const gzip = await get('/shop/assets/bundle-new1.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BUNDLE);
    const plain = await get('/shop/assets/bundle-new1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    // A file without copies is sent as it is; the copies have no address of their own.
    const small = await get('/shop/assets/index-new1.js', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export default 2;');
    expect((await get('/shop/assets/bundle-new1.js.br')).statusCode).toBe(404);
  });

  it('answers deep links with the app and existing build files with themselves', async () => {
    for (const url of ['/', '/orders/old/link']) {
      const deepLink = await call(t.app, 'GET', url);
      expect(deepLink.status, url).toBe(200);
      expect(String(deepLink.headers['content-type']), url).toContain('text/html');
      expect(deepLink.body, url).toContain('back office');
    }
    const file = await call(t.app, 'GET', '/assets/OrdersPage-new1.js');
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('javascript');
  });

  it('has a browser revalidate an app page every visit, and answers 304 while it is unchanged', async () => {
    const first = await call(t.app, 'GET', '/orders/old/link');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const url of ['/', '/customers']) {
      const again = await call(t.app, 'GET', url, { headers: { 'if-none-match': etag } });
      expect(again.status, url).toBe(304);
    }
    const shop = await call(t.app, 'GET', '/shop/cart', { headers: { 'if-none-match': etag } });
    expect(shop.status).toBe(200);
    expect(shop.body).toContain('storefront');
  });

  it('answers a build file that is gone (an older release) with 404, not with the app page', async () => {
    // An HTML answer would reach the browser as a broken script; a 404 lets the app say "could not be loaded".
    const gone = await call(t.app, 'GET', '/assets/OrdersPage-old0.js');
    expect(gone.status).toBe(404);
    expect(String(gone.headers['content-type'])).not.toContain('text/html');
  });
});
