import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';
import { registerAccessControl } from './access.js';

describe('access policy', () => {
  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access rule/);
    expect(() => app.get('/api/declared', { config: { access: 'public' } }, async () => 'x')).not.toThrow();
  });

  it('every registered /api route declares public, authenticated or a role list', async () => {
    const t = await createTestApp();
    try {
      const api = t.app.routeTable.filter((r) => r.method !== 'HEAD');
      expect(api.length).toBeGreaterThan(10);
      for (const route of api) expect(route.access, `${route.method} ${route.url}`).toBeTruthy();
      // Only sign-in flows (a staff invitation's accept among them: the mailed token is the credential), health, docs,
      // storefront reads, guest checkout (a guest pays with its order e-mail) and back-in-stock alerts (an e-mail, and
      // the mailed token that stops it) may be public writes.
      const publicWrites = api.filter((r) => r.access === 'public' && r.method !== 'GET').map((r) => r.url);
      for (const url of publicWrites)
        expect(url).toMatch(
          /^\/api\/(auth|invitations\/accept$|orders\/guest|checkout\/create-guest-session|public|orders\/calculate-shipping|orders\/shipping-methods|payments\/confirm|payments\/webhooks\/:provider$|stock-alerts$|stock-alerts\/unsubscribe\/:token$)/,
        );
      // Everything under /api/admin is staff-only.
      for (const route of api.filter((r) => r.url.startsWith('/api/admin'))) {
        expect(['public', 'authenticated', 'customer']).not.toContain(route.access);
      }
    } finally {
      await t.close();
    }
  });
});
