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
    return String((await call(t.app, 'GET', '/api/health')).headers['content-security-policy']);
  } finally {
    await t.close();
  }
}

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
