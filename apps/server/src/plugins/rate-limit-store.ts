import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { type CircuitBreakerPolicy, ConsecutiveBreaker, circuitBreaker, handleAll } from 'cockatiel';
import { failFastRedis } from '../lib/fail-fast-redis.js';

/** Redis failures in a row that send the counting to this instance's memory. */
const FAILURES_BEFORE_FALLBACK = 3;
/** The plugin's options for both stores: no counting past the window, no growing ban (the defaults). */
const FIXED_WINDOW = [false, false] as const;

type Count = { current: number; ttl: number };
type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

const countIn = (store: FastifyRateLimitStore, key: string, timeWindow: number, max: number) =>
  new Promise<Count>((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), timeWindow, max),
  );

/**
 * Counts in Redis (shared by every instance) while Redis answers within its timeout; otherwise, and for a while after
 * it failed, in this instance's memory. A request is never left uncounted and never waits longer than one Redis
 * timeout: the circuit breaker stops asking a failing Redis and lets one request probe it again later.
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly breaker: CircuitBreakerPolicy,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    this.breaker
      .execute(() => countIn(this.shared, key, timeWindow, max))
      .then(
        (count) => callback(null, count),
        () => this.local.incr(key, callback, timeWindow, max),
      );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new SharedOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.breaker);
  }
}

export type SharedCounts = {
  /** The store class to hand to @fastify/rate-limit. */
  store: FastifyRateLimitStoreCtor;
  /** Readiness: resolves while the counts are shared; a probe of Redis when the breaker allows one. */
  check(): Promise<unknown>;
  close(): Promise<void>;
};

type Log = { warn(message: string): void; info(message: string): void };

/**
 * The Redis connection for request budgets: connects and answers within timeoutMs or fails at once (no queue of
 * commands waiting for a reconnect), and reconnects in the background. The first connection is awaited for at
 * most timeoutMs, so a healthy Redis counts from the first request and a missing one does not delay the start.
 */
export async function sharedCounts(
  url: string,
  options: { timeoutMs: number; retryMs: number; keyPrefix: string; log: Log },
): Promise<SharedCounts> {
  const { timeoutMs, retryMs, keyPrefix, log } = options;
  // Failures show in readiness and in the breaker's log lines below.
  const redis = await failFastRedis(url, timeoutMs);

  const breaker = circuitBreaker(handleAll, {
    halfOpenAfter: retryMs,
    breaker: new ConsecutiveBreaker(FAILURES_BEFORE_FALLBACK),
  });
  breaker.onBreak(() =>
    log.warn(`Redis does not answer: request budgets are counted per instance, Redis is tried again in ${retryMs} ms`),
  );
  breaker.onReset(() => log.info('Redis answers again: request budgets are shared again'));

  const shared = new RedisStore(...FIXED_WINDOW, redis, keyPrefix);
  const local = new LocalStore(...FIXED_WINDOW);
  return {
    store: class extends SharedOrLocalStore {
      constructor() {
        super(shared, local, breaker);
      }
    },
    check: () => breaker.execute(() => redis.ping()),
    close: async () => void (await redis.quit().catch(() => redis.disconnect())),
  };
}
