import { once } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * A Redis client for state the server can do without for a while (rate-limit counts, read-your-writes marks): each
 * command fails at once while disconnected (no queue of commands waiting for a reconnect; the caller then takes its
 * fallback), reconnection goes on in the background, and the first connection is awaited for at most `timeoutMs`, so
 * a healthy Redis is used from the first request and a missing one does not delay the start. Errors are left to the
 * caller's fallback and readiness, not raised as unhandled error events.
 */
export async function failFastRedis(url: string, timeoutMs: number): Promise<Redis> {
  // Imported only by an instance configured with Redis (a start without it does not load the client).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  redis.on('error', () => {});
  await once(redis, 'ready', { signal: AbortSignal.timeout(timeoutMs) }).catch(() => {});
  return redis;
}
