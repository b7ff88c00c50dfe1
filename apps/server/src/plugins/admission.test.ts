import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT, buildProduct } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const SHOP_INDEX = `<!doctype html><html><head><!--seo-head--><title>Seamline</title><!--/seo-head--></head>
<body><div id="root"><!--seo-body--></div><script type="module" src="/shop/assets/index-1.js"></script></body></html>`;

/**
 * Keeps this process's event loop busy (50 ms blocks with a turn in between) until stopped: the same event-loop
 * delay a starved CPU causes, so the overload guard trips for real and stays tripped while requests still get turns.
 */
function holdEventLoop(): () => void {
  const timer = setInterval(() => {
    const until = performance.now() + 50;
    while (performance.now() < until) {
      // busy on purpose
    }
  }, 1);
  return () => clearInterval(timer);
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!condition()) throw new Error(`gave up waiting: ${what}`);
}

/** Asks `app` for `url` until it is answered rather than shed, waiting for the overload guard to settle between tries. */
async function answeredWhenCalm(app: TestApp['app'], url: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; attempt < 10; attempt++) {
    await until(() => !app.isUnderPressure(), 'the server to calm down');
    const answer = await call(app, 'GET', url, { headers });
    if (answer.status !== 503) return expect(answer.status, url).toBe(200);
  }
  throw new Error(`${url} was shed ten times on a calm server`);
}

const text = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

describe('admission under overload', () => {
  let t: TestApp;
  let webDist: string;
  let shopDist: string;
  let releaseEventLoop: () => void = () => undefined;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-admission-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">back office</div>');
    writeFileSync(path.join(webDist, 'assets', 'OrdersPage-1.js'), 'export default 1;');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    shopDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-admission-shop-'));
    mkdirSync(path.join(shopDist, 'assets'));
    writeFileSync(path.join(shopDist, 'index.html'), SHOP_INDEX);
    writeFileSync(path.join(shopDist, 'assets', 'ListingPage-1.js'), 'export default 2;');
    t = await createTestApp({
      webDist,
      shopDist,
      metricsToken: METRICS_TOKEN,
      // A mean event-loop delay past 10 ms sheds; the blocks of holdEventLoop() are far past it.
      overload: { maxEventLoopDelayMs: 10, maxHeapBytes: 0, maxRssBytes: 0 },
      catalogue: { viewFlushMs: 5_000, cacheTtlMs: 600_000 },
    });
    await buildProduct(t.app.db, { name: 'Linen Shirt', slug: 'linen-shirt' });
    await buildProduct(t.app.db, { name: 'Wool Coat', slug: 'wool-coat' });
    mkdirSync(path.join(t.config.uploadDir, 'products'), { recursive: true });
    writeFileSync(path.join(t.config.uploadDir, 'products', 'shirt.webp'), 'not really a picture');

    // Answers reused from memory later: taken while the server is calm. Start-up work, and the first render of a
    // page itself on a busy machine, can trip the guard, so each is asked again once the server has calmed down.
    await answeredWhenCalm(t.app, '/api/products?limit=5');
    await answeredWhenCalm(t.app, '/shop/products/linen-shirt', NAVIGATION);

    releaseEventLoop = holdEventLoop();
    await until(() => t.app.isUnderPressure(), 'the overload guard to trip');
  });
  afterAll(async () => {
    releaseEventLoop();
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(shopDist, { recursive: true, force: true });
  });

  it('sheds an API call with the JSON error, 503 and Retry-After', async () => {
    const shed = await call(t.app, 'GET', '/api/categories');
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(String(shed.headers['content-type'])).toContain('application/json');
    expect(shed.body).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    // Also a catalogue read that is not in memory, and one with a token (never served from the shared memory).
    expect((await call(t.app, 'GET', '/api/products?limit=6')).status).toBe(503);
    expect((await call(t.app, 'GET', '/api/products?limit=5', { token: 'any' })).status).toBe(503);
    expect((await call(t.app, 'POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x' } })).status).toBe(
      503,
    );
  });

  it('never sheds the build files of both apps, their other static files or uploaded images', async () => {
    for (const url of [
      '/assets/OrdersPage-1.js',
      '/favicon.svg',
      '/shop/assets/ListingPage-1.js',
      '/uploads/products/shirt.webp',
    ]) {
      const file = await call(t.app, 'GET', url);
      expect(file.status, url).toBe(200);
    }
    // A file that is gone stays a 404 (not the busy page, which would reach the browser as a broken script).
    expect((await call(t.app, 'GET', '/assets/OrdersPage-0.js')).status).toBe(404);
  });

  it('answers an address no route knows with its 404, which costs less than shedding it', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-address'],
      ['DELETE', '/api/categories'],
      ['POST', '/no-such-page'],
    ] as const) {
      const answer = await call(t.app, method, url, { headers: NAVIGATION });
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body, `${method} ${url}`).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('never sheds the health checks or the metrics; readiness reports the overload itself', async () => {
    expect((await call(t.app, 'GET', '/api/health/live')).status).toBe(200);
    for (const url of ['/api/health', '/api/health/ready']) {
      const ready = await call(t.app, 'GET', url);
      expect(ready.status, url).toBe(503);
      expect(ready.body, url).toMatchObject({ code: 'UNAVAILABLE', message: 'Overloaded' });
    }
    const metrics = await call(t.app, 'GET', '/api/metrics', { token: METRICS_TOKEN });
    expect(metrics.status).toBe(200);
  });

  it('never sheds a session renewal: refusing it would sign the person out into a costlier sign-in', async () => {
    // Answered (refused as an unknown token), not shed.
    const renewal = await call(t.app, 'POST', '/api/auth/refresh', {
      headers: API_CLIENT,
      body: { refreshToken: 'not-a-real-token' },
    });
    expect(renewal.status).toBe(401);
  });

  it('serves answers already in memory: the catalogue list and a rendered shop page', async () => {
    const list = await call(t.app, 'GET', '/api/products?limit=5');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true });
    const page = await call(t.app, 'GET', '/shop/products/linen-shirt', { headers: NAVIGATION });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Linen Shirt');
  });

  it('answers a shed navigation with the busy page that retries by itself', async () => {
    for (const url of ['/', '/orders', '/shop/search?q=shirt', '/shop/cart', '/shop/products/wool-coat', '/shop']) {
      const page = await call(t.app, 'GET', url, { headers: NAVIGATION });
      expect(page.status, url).toBe(503);
      expect(page.headers['retry-after'], url).toBe('5');
      expect(String(page.headers['content-type']), url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-store');
      const html = text(page.body);
      expect(html, url).toContain('is very busy right now');
      // It reloads itself no sooner than Retry-After, within half of it again (spread over shed visitors).
      const delay = Number(html.match(/setTimeout\(\(\) => location\.reload\(\), (\d+)\)/)?.[1]);
      expect(delay, url).toBeGreaterThanOrEqual(5000);
      expect(delay, url).toBeLessThanOrEqual(7000);
      // Self-contained under the site's CSP: its one inline script is allowed by a nonce of this answer only,
      // and nothing is loaded from anywhere.
      const csp = String(page.headers['content-security-policy']);
      const nonce = html.match(/<script nonce="([^"]+)">/)?.[1];
      expect(csp, url).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(html.match(/<script/g), url).toHaveLength(1);
      expect(html, url).not.toMatch(/<link|src=|url\(|http-equiv/i);
    }
  });
});
