import { describe, expect, it } from 'vitest';
import { signedIn } from '../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../test/harness.js';
import { loadConfig } from '../config.js';

const env = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' } as const;

/** The client IP is observed through the anonymous per-IP budget: one request a minute per client. */
async function withProxySetting(trustProxy: string, body: (hit: Hit, t: TestApp) => Promise<void>) {
  const { trustProxy: parsed } = loadConfig({ ...env, TRUST_PROXY: trustProxy });
  const t: TestApp = await createTestApp({
    trustProxy: parsed,
    rateLimitMax: undefined,
    rateLimits: { anonymous: 1, customer: 100, staff: 100, apiKey: 100, publicWrites: 100 },
  });
  try {
    await body(async (peer, forwardedFor) => {
      const response = await t.app.inject({
        url: '/api/auth/verify',
        remoteAddress: peer,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
      return response.statusCode;
    }, t);
  } finally {
    await t.close();
  }
}
type Hit = (peer: string, forwardedFor?: string) => Promise<number>;

let clients = 0;
/** A new client address each time (each test has its own app and in-memory counts). */
const client = () => `198.51.100.${++clients}`;
const LIMITED = 429;
const ALLOWED = 401;

describe('TRUST_PROXY', () => {
  it('0 (the default): X-Forwarded-For is ignored, the peer is the client', async () => {
    await withProxySetting('0', async (hit) => {
      const peer = client();
      expect(await hit(peer, '192.0.2.1')).toBe(ALLOWED);
      expect(await hit(peer, '192.0.2.2')).toBe(LIMITED);
    });
  });

  it('a hop count believes only the address the trusted proxy appended, not what the client wrote before it', async () => {
    await withProxySetting('1', async (hit) => {
      const proxy = '10.0.0.1';
      const real = client();
      expect(await hit(proxy, `192.0.2.1, ${real}`)).toBe(ALLOWED);
      // The same client claiming another address is still the same client.
      expect(await hit(proxy, `192.0.2.2, ${real}`)).toBe(LIMITED);
      // Another client behind the same proxy has its own budget (the proxy's address is not the key).
      expect(await hit(proxy, client())).toBe(ALLOWED);
    });
  });

  it('a list of proxies: an untrusted peer cannot pick its IP; behind a trusted proxy the forwarded client counts', async () => {
    await withProxySetting('10.0.0.1, 10.1.0.0/16', async (hit) => {
      const stranger = client();
      expect(await hit(stranger, '192.0.2.10')).toBe(ALLOWED);
      expect(await hit(stranger, '192.0.2.11')).toBe(LIMITED);

      const real = client();
      expect(await hit('10.1.2.3', real)).toBe(ALLOWED);
      expect(await hit('10.0.0.1', `192.0.2.12, ${real}`)).toBe(LIMITED);
      // Two trusted proxies in a row: the first untrusted address from the right is the client.
      expect(await hit('10.0.0.1', `192.0.2.13, ${client()}, 10.1.9.9`)).toBe(ALLOWED);
    });
  });

  it('the activity log records the real client of a failed sign-in, not the address it claims', async () => {
    await withProxySetting('10.0.0.1', async (_hit, t) => {
      const signIn = (email: string, peer: string, forwardedFor: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: peer,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { email, password: 'Wrong-password-1' },
        });
      const stranger = client();
      const proxied = client();
      expect((await signIn('direct@example.com', stranger, '192.0.2.60')).statusCode).toBe(401);
      expect((await signIn('proxied@example.com', '10.0.0.1', `192.0.2.61, ${proxied}`)).statusCode).toBe(401);
      const admin = await signedIn(t.app, 'admin');
      const logs = await call(t.app, 'GET', '/api/admin/activity-logs?action=login&status=failure&limit=50', {
        token: admin.token,
      });
      const ipOf = (email: string) =>
        logs.body.data.logs.find((log: { details: { email?: string } }) => log.details.email === email)?.ip;
      expect([ipOf('direct@example.com'), ipOf('proxied@example.com')]).toEqual([stranger, proxied]);
    });
  });

  it('refuses settings that would trust every hop or are not addresses', () => {
    for (const value of ['true', '1.2.3.4/33', '10.0.0.300', '10.0.0.1,,10.0.0.2', 'proxy.example.com'])
      expect(() => loadConfig({ ...env, TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig(env).trustProxy).toBe(false);
  });
});
