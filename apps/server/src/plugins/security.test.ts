import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/harness.js';
import { loadConfig } from '../config.js';

const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;
const stripeKeys = {
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

async function policyWith(env: Record<string, string>) {
  const t = await createTestApp({ payments: loadConfig({ ...base, ...env }).payments });
  try {
    return String((await call(t.app, 'GET', '/shop/checkout')).headers['content-security-policy']);
  } finally {
    await t.close();
  }
}

describe('security headers: pages and API answers', () => {
  it('gives pages the page policy, and the API answers a policy that allows nothing without the page-only headers', async () => {
    const t = await createTestApp({ env: 'production' });
    try {
      const page = (await call(t.app, 'GET', '/shop/checkout')).headers;
      expect(String(page['content-security-policy'])).toMatch(/script-src 'self'/);
      expect(page['cross-origin-opener-policy']).toBe('same-origin');
      expect(page['x-frame-options']).toBe('SAMEORIGIN');

      for (const url of ['/api/health', '/api/products?limit=1', '/api/nowhere']) {
        const answer = (await call(t.app, 'GET', url)).headers;
        expect(answer['content-security-policy'], url).toBe(
          "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
        );
        expect(answer['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(answer['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
        expect(answer['x-content-type-options'], url).toBe('nosniff');
        expect(answer['cross-origin-resource-policy'], url).toBe('same-origin');
        for (const pageOnly of [
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'x-frame-options',
          'x-xss-protection',
        ])
          expect(answer[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
      }
      // The API's documentation is a page.
      expect((await call(t.app, 'GET', '/api/docs')).headers['cross-origin-opener-policy']).toBe('same-origin');
    } finally {
      await t.close();
    }
  });
});

describe('the Content-Security-Policy and Stripe', () => {
  it('lets the pages load Stripe.js, its frames and its API only when card payments go through Stripe', async () => {
    const withStripe = await policyWith(stripeKeys);
    expect(withStripe).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
    expect(withStripe).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com [^;]*https:\/\/hooks\.stripe\.com(;|$)/);
    expect(withStripe).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);

    const without = await policyWith({});
    expect(without).not.toContain('stripe.com');
    expect(without).toMatch(/script-src 'self';/);
  });
});
