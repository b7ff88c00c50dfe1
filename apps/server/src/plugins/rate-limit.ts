import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { STAFF_ROLES } from '@seamline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config, RateLimits } from '../config.js';
import { tooManyRequests } from '../lib/errors.js';
import { apiKeyBearer, usableApiKeyId } from './api-key-auth.js';
import { sharedCounts } from './rate-limit-store.js';

/**
 * Expensive calls anyone may make (password hashing, stock work, mail): a tighter budget of their own, per IP.
 * Accepting a staff invitation hashes a password, so it shares this budget; a back-in-stock subscription mails.
 */
const PUBLIC_WRITES = new Set([
  'POST /api/orders/guest',
  'POST /api/checkout/create-guest-session',
  'POST /api/auth/register',
  'POST /api/auth/forgot-password',
  'POST /api/invitations/accept',
  'POST /api/stock-alerts',
  // Each photo is decoded and re-encoded three times.
  'POST /api/reviews/:id/photos',
]);

type Budget = keyof RateLimits;

const SIGNED_WEBHOOK_PATHS = new Set(['/api/payments/webhooks/stripe', '/api/payments/webhooks/test']);

/**
 * Per-minute request budgets (docs/security.md): per signed-in user (staff and customers apart) for calls with a
 * valid access token, per usable API key (its row read once per request, shared with the access check), per IP for
 * anonymous calls, and per IP for expensive public writes. The user comes from a verified token (signature and
 * expiry only, no database read), so a forged token counts against its IP.
 * In memory by default; with REDIS_URL every instance shares the counts, and while Redis fails each instance counts
 * on its own (looser, never unlimited: rate-limit-store.ts). `max`, when set, replaces every budget.
 * The sign-in throttle is separate (modules/auth) and always on.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { limits: RateLimits; max?: number; redisUrl?: string; redisFallback: Config['redisFallback'] },
) {
  const shared = options.redisUrl
    ? await sharedCounts(options.redisUrl, { ...options.redisFallback, keyPrefix: 'seamline-rl-', log: app.log })
    : undefined;
  if (shared) {
    app.addHook('onClose', () => shared.close());
    app.readiness.add('redis', shared.check);
  }

  const budgetOf = (key: string) => options.max ?? options.limits[key.slice(0, key.indexOf(':')) as Budget];

  async function keyOf(request: FastifyRequest): Promise<`${Budget}:${string}`> {
    // A socket closed early can leave no address; such requests share one anonymous budget instead of failing.
    const ip = normalizeIP(request.ip ?? 'unknown');
    if (PUBLIC_WRITES.has(`${request.method} ${request.routeOptions.url}`)) return `publicWrites:${ip}`;
    if (apiKeyBearer(request)) {
      // Only a usable key gets the key's budget; anything else that looks like one counts against its address.
      const keyId = await usableApiKeyId(app, request);
      return keyId ? `apiKey:${keyId}` : `anonymous:${ip}`;
    }
    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? await app.accessTokens.verify(header.slice(7).trim()) : null;
    if (!claims) return `anonymous:${ip}`;
    return (STAFF_ROLES as readonly string[]).includes(claims.role) ? `staff:${claims.sub}` : `customer:${claims.sub}`;
  }

  await app.register(rateLimit, {
    global: true,
    keyGenerator: keyOf,
    // The budgets guard the API. The web app's files and uploaded pictures are static and cached: a browser asks for
    // them without a token, so counting them would spend the IP's anonymous budget on one catalogue page's pictures
    // (and a shop behind one NAT address would lock itself out).
    // Payment providers' webhooks are checked by their signature (a local HMAC) before anything is read or written,
    // and come in bursts from few addresses: a budget would only make the provider retry. PayPal's are verified by a
    // call to PayPal, so they keep the anonymous budget.
    allowList: (request) => !request.url.startsWith('/api/') || SIGNED_WEBHOOK_PATHS.has(request.url),
    max: (_request, key) => budgetOf(key),
    timeWindow: '1 minute',
    ...(shared ? { store: shared.store } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return tooManyRequests(`Too many requests, please try again in ${seconds} seconds.`, seconds);
    },
  });
}
