import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { loadConfig } from '../config.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN });
  adminToken = (await signedIn(t.app, 'admin')).token;
});
afterAll(() => t.close());

const scrape = async () => {
  const response = await call(t.app, 'GET', '/api/metrics', { token: METRICS_TOKEN });
  expect(response.status).toBe(200);
  return parseExposition(String(response.body));
};

describe('GET /api/metrics access', () => {
  it('is refused anonymously, with a wrong token and to staff other than admins', async () => {
    expect((await call(t.app, 'GET', '/api/metrics')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/metrics', { token: `${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/metrics', { token: 'wrong' })).status).toBe(401);
    for (const role of ['moderator', 'support', 'customer'] as const) {
      const { token } = await signedIn(t.app, role);
      expect((await call(t.app, 'GET', '/api/metrics', { token })).status, role).toBe(403);
    }
  });

  it('is served to an admin and to a scraper with the configured token, in the Prometheus text format', async () => {
    for (const token of [adminToken, METRICS_TOKEN]) {
      const response = await call(t.app, 'GET', '/api/metrics', { token });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(String(response.body)).toContain('# TYPE http_requests_total counter');
    }
  });

  it('accepts only admins when no token is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain.app, 'GET', '/api/metrics', { token: METRICS_TOKEN })).status).toBe(401);
      const { token } = await signedIn(plain.app, 'admin');
      expect((await call(plain.app, 'GET', '/api/metrics', { token })).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is read from the environment and refused when too short to be a secret', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: '/tmp/unused' };
    expect(loadConfig({ ...env, METRICS_TOKEN: METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({ ...env, METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: use at least 16 characters/);
  });
});

describe('GET /api/metrics content', () => {
  it('counts requests per route pattern and status, with latency histogram buckets', async () => {
    const before = await scrape();
    const count = (samples: Sample[], labels: Record<string, string>) =>
      find(samples, 'http_requests_total', labels).reduce((sum, s) => sum + s.value, 0);
    const slugLabels = { method: 'GET', route: '/api/products/slug/:slug', status_code: '404' };
    const beforeMissing = count(before, slugLabels);

    for (let i = 0; i < 3; i += 1) await call(t.app, 'GET', '/api/products/slug/no-such-product-metrics-probe');
    const after = await scrape();

    expect(count(after, slugLabels) - beforeMissing).toBe(3);
    // The route pattern is the label, never the raw URL (one series per route, not per slug).
    expect(JSON.stringify(after)).not.toContain('no-such-product-metrics-probe');

    const buckets = find(after, 'http_request_duration_seconds_bucket', {
      method: 'GET',
      route: '/api/products/slug/:slug',
    });
    expect(buckets.length).toBeGreaterThan(3);
    const infinite = buckets.find((b) => b.labels.le === '+Inf');
    expect(infinite?.value).toBeGreaterThanOrEqual(3);
    const counted = find(after, 'http_request_duration_seconds_count', { route: '/api/products/slug/:slug' });
    expect(counted[0]?.value).toBe(infinite?.value);

    // An address that matches no route counts under one label too.
    await call(t.app, 'GET', '/api/no-such-route-metrics-probe');
    const unmatched = await scrape();
    expect(JSON.stringify(unmatched)).not.toContain('no-such-route-metrics-probe');
    expect(count(unmatched, { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('reports database pool usage', async () => {
    await call(t.app, 'GET', '/api/health');
    const samples = await scrape();
    const value = (name: string) => find(samples, name)[0]?.value;
    expect(value('seamline_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    expect(value('seamline_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    expect(value('seamline_db_pool_max_connections')).toBe(10);
    expect(value('seamline_db_pool_idle_connections')).toBeGreaterThanOrEqual(1);
    expect(value('seamline_db_pool_waiting_clients')).toBe(0);
  });

  it('reports event-loop delay, which rises when the loop is blocked', async () => {
    await scrape();
    // Hold the event loop in a timer callback, so the delay monitor's next tick comes late.
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        const until = Date.now() + 200;
        while (Date.now() < until) {}
        setTimeout(resolve, 50);
      }, 20),
    );
    const samples = await scrape();
    const max = find(samples, 'nodejs_eventloop_lag_max_seconds')[0]?.value ?? 0;
    expect(max).toBeGreaterThan(0.1);
    for (const name of ['nodejs_eventloop_lag_p50_seconds', 'nodejs_eventloop_lag_p99_seconds'])
      expect(find(samples, name)[0]?.value, name).toBeGreaterThanOrEqual(0);
  });
});
