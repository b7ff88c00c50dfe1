import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProduct } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { products } from '../db/schema/index.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const SHOP_INDEX =
  '<!doctype html><html><head><!--seo-head--><!--/seo-head--></head><body><div id="root"><!--seo-body--></div></body></html>';

/** The part of a storefront list answer these checks read. */
type ListAnswer = { data: { products: { price: number }[] } };

/**
 * Reused catalogue answers over real connections, both ways they are sent: from the HTTP server's request event before
 * Fastify (the default: the log writes no line per request) and through Fastify's hooks (LOG_LEVEL=info, whose
 * per-request lines are Fastify's). Both must answer alike.
 */
describe.each([
  { way: 'before routing (no per-request log lines)', logged: false },
  { way: 'through Fastify (LOG_LEVEL=info)', logged: true },
])('reused answers sent $way', ({ logged }) => {
  let t: TestApp;
  let base: string;
  let log = '';
  let productId: string;
  let shopDist: string;

  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => {
      log += chunk.toString();
    });
    shopDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-reuse-shop-'));
    writeFileSync(path.join(shopDist, 'index.html'), SHOP_INDEX);
    t = await createTestApp(
      {
        catalogue: { viewFlushMs: 100, cacheTtlMs: 60_000 },
        metricsToken: METRICS_TOKEN,
        logLevel: 'info',
        shopDist,
      },
      logged ? { logStream } : {},
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    productId = (await buildProduct(t.app.db, { name: 'Rain Shell', slug: 'rain-shell', price: 80 })).product.id;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(shopDist, { recursive: true, force: true });
  });

  const changing = new Set(['date', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']);
  const steady = (response: Response) =>
    Object.fromEntries([...response.headers].filter(([name]) => !changing.has(name)).sort());

  it("sends the first answer's bytes and headers again, with the caller's or a fresh request id, and 304 to a matching tag", async () => {
    const url = `${base}/api/products?search=rain`;
    const first = await fetch(url);
    const firstBody = await first.text();
    expect(first.headers.get('x-ratelimit-limit')).not.toBeNull();
    await t.app.db.update(products).set({ price: 95 }).where(eq(products.id, productId));

    const reused = await fetch(url, { headers: { 'x-request-id': 'reused-1' } });
    expect(reused.status).toBe(200);
    expect(await reused.text()).toBe(firstBody);
    expect(steady(reused)).toEqual(steady(first));
    expect(reused.headers.get('x-request-id')).toBe('reused-1');
    expect(reused.headers.get('x-ratelimit-limit')).toBeNull();
    const fresh = await fetch(url);
    await fresh.arrayBuffer();
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const notModified = await fetch(url, { headers: { 'if-none-match': String(first.headers.get('etag')) } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const { 'content-length': _length, ...withoutLength } = steady(first);
    expect(steady(notModified)).toEqual(withoutLength);
  });

  it('leaves signed-in callers, other addresses, HEAD and a GET with a body to the route', async () => {
    const url = `${base}/api/products?search=shell`;
    await (await fetch(url)).arrayBuffer();
    await t.app.db.update(products).set({ price: 99 }).where(eq(products.id, productId));
    const priceOf = async (response: Response) => ((await response.json()) as ListAnswer).data.products[0]!.price;

    expect(await priceOf(await fetch(url))).toBe(95);
    expect(await priceOf(await fetch(url, { headers: { authorization: 'Bearer not-a-token' } }))).toBe(99);
    expect(await priceOf(await fetch(`${url}&limit=5`))).toBe(99);
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    // A GET may carry a body (fetch sends none): its rest is read before the answer, then the same answer.
    expect((JSON.parse(await getWithBody(url, 'x'.repeat(64))) as ListAnswer).data.products[0]!.price).toBe(95);
  });

  it('counts every reused answer in the metrics under its route, and a product read from memory as a view', async () => {
    const slugUrl = `${base}/api/products/slug/rain-shell`;
    const first = await fetch(slugUrl);
    await first.arrayBuffer();
    for (let i = 0; i < 3; i++) await (await fetch(slugUrl)).arrayBuffer();
    await fetch(slugUrl, { headers: { 'if-none-match': String(first.headers.get('etag')) } });

    const viewsOf = async () =>
      (await t.app.db.select({ v: products.viewCount }).from(products).where(eq(products.id, productId)))[0]!.v;
    await expect.poll(viewsOf, { timeout: 5_000, interval: 50 }).toBe(5);

    const scraped = await (
      await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const count = (status: number) =>
      Number(
        new RegExp(
          `http_requests_total\\{method="GET",route="/api/products/slug/:slug",status_code="${status}"\\} (\\d+)`,
        )
          .exec(scraped)
          ?.at(1),
      );
    expect(count(200)).toBe(4);
    expect(count(304)).toBe(1);
    expect(scraped).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/products\/slug\/:slug"\} 5/,
    );
  });

  it('writes the request lines for reused answers when the level asks for them', async () => {
    const completed = log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request completed' && line.route === '/api/products/slug/:slug');
    // The app without a log stream writes nothing at all.
    expect(completed.length).toBe(logged ? 5 : 0);
  });

  type Sent = { answer?: Response; body?: string; error?: string };
  /**
   * Runs `requests` with the products table locked: the first alone until its read waits on the lock (it builds), then
   * the others until all are in flight, checking that still one read waits; then `beforeRelease`, then the lock is let
   * go. Returns each answer with its body, or the name of the error its caller met.
   */
  async function arrivingTogether(requests: (() => Promise<Response>)[], beforeRelease?: () => void): Promise<Sent[]> {
    const locker = new pg.Client({ connectionString: t.config.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const before = t.app.requestsInFlight();
      const [first, ...others] = requests;
      const answers = [settled(first!())];
      await vi.waitFor(async () => expect(await readsWaiting(locker)).toBe(1), { timeout: 10_000 });
      answers.push(...others.map((request) => settled(request())));
      await vi.waitFor(() => expect(t.app.requestsInFlight()).toBe(before + requests.length), { timeout: 10_000 });
      expect(await readsWaiting(locker)).toBe(1);
      beforeRelease?.();
      await locker.query('COMMIT');
      return Promise.all(answers);
    } finally {
      await locker.end();
    }
  }
  /** An answer with its body, or the name of the error its caller met (taken as it comes: an abort is expected). */
  const settled = (sent: Promise<Response>): Promise<Sent> =>
    sent.then(
      async (answer) => ({ answer, body: await answer.text() }),
      (error: Error) => ({ error: error.name }),
    );
  /** The answers the route built itself: only those spend a request budget, and say so. */
  const builtByRoute = (sent: Sent[]) =>
    sent.filter(({ answer }) => answer?.headers.get('x-ratelimit-limit') != null).length;
  const times = (n: number, request: () => Promise<Response>) => Array.from({ length: n }, () => request);

  it('builds an address asked 30 times at once one time; the others are sent that answer as a reuse', async () => {
    const url = `${base}/api/products?search=rain&limit=7`;
    const sent = await arrivingTogether(times(30, () => fetch(url)));
    expect(sent.map(({ answer }) => answer?.status)).toEqual(Array(30).fill(200));
    expect(new Set(sent.map(({ body }) => body)).size).toBe(1);
    expect(builtByRoute(sent)).toBe(1);
  });

  it('renders a shop page asked 10 times at once one time, and sends it to all', async () => {
    const url = `${base}/shop/products/rain-shell`;
    const sent = await arrivingTogether(times(10, () => fetch(url)));
    expect(sent.map(({ answer }) => answer?.status)).toEqual(Array(10).fill(200));
    expect(new Set(sent.map(({ body }) => body)).size).toBe(1);
    expect(sent[0]!.body).toContain('Rain Shell');
  });

  it('still sends the waiting requests the shared answer when the caller that started it goes away', async () => {
    const url = `${base}/api/products?search=rain&limit=9`;
    const leaving = new AbortController();
    const [first, ...others] = await arrivingTogether(
      [() => fetch(url, { signal: leaving.signal }), ...times(5, () => fetch(url))],
      () => leaving.abort(),
    );
    expect(first).toEqual({ error: 'AbortError' });
    expect(others.map(({ answer }) => answer?.status)).toEqual(Array(5).fill(200));
    expect(builtByRoute(others)).toBe(0);
  });

  it('lets each request build its own answer when the shared build keeps none (a 404)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${base}/api/products/slug/no-such-product`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(404));
  });
});

/** How many statements on the test's database wait for a lock (the reads held up by the test's own). */
async function readsWaiting(client: pg.Client): Promise<number> {
  const waiting = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
  );
  return waiting.rows[0]!.n;
}

/** A GET that carries a body, which fetch refuses to send (Node's client declares its length only when told). */
function getWithBody(url: string, body: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'GET', headers }, (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve(text));
    });
    request.on('error', reject);
    request.end(body);
  });
}
