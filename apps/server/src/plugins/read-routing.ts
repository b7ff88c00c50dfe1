import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import type { ReadReplicas } from '../db/replicas.js';
import { RecentWriters } from './recent-writers.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one place that decides where a read that may lag goes (docs/operations.md "Read replicas"). Routes whose
 * answers may be a few seconds old (storefront catalogue reads, reviews of a product, analytics, exports) take
 * their database from `app.readDb(request)`; everything else uses `app.db`, the primary. Without replicas
 * `readDb` is the primary. With them, a signed-in caller who wrote within the replicas' stale window reads from
 * the primary (their own change shows at once); everyone else from a usable replica, or the primary when none is.
 */
export async function registerReadRouting(
  app: FastifyInstance,
  replicas: ReadReplicas | undefined,
  redis: { url?: string; timeoutMs: number },
) {
  if (!replicas) {
    app.decorate('readDb', async () => app.db);
    return;
  }
  replicas.log = app.log;
  const writers = await RecentWriters.open(replicas.staleWindowMs, redis.url, redis.timeoutMs);
  app.addHook('onClose', async () => writers.close());
  // Marked before the answer leaves, so the caller's next request (on any instance) already sees the mark.
  app.addHook('onSend', async (request) => {
    if (request.user && !READS.has(request.method)) await writers.remember(request.user.id);
  });
  app.decorate('readDb', async (request: FastifyRequest): Promise<Db> => {
    if (request.user && (await writers.wroteRecently(request.user.id))) return app.db;
    return replicas.pick();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database for a read that may lag behind the primary by up to READ_REPLICA_MAX_LAG_MS (see above). */
    readDb(request: FastifyRequest): Promise<Db>;
  }
}
