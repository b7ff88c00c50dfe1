import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A global per-IP limit (per minute). In memory by default; with REDIS_URL every instance shares the count.
 * The login throttle is separate (modules/auth/login-throttle.ts) and lives in the database.
 */
export async function registerRateLimit(app: FastifyInstance, options: { max: number; redisUrl?: string }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: '1 minute',
    redis,
    nameSpace: 'seamline-rl-',
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}
