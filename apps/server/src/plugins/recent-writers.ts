import type { Redis } from 'ioredis';
import { failFastRedis } from '../lib/fail-fast-redis.js';

const KEY_PREFIX = 'seamline-rw-';
/** Local marks are swept this often so the map holds only the writers of the last window. */
const SWEEP_EVERY = 1_000;

/**
 * Who wrote in the last `windowMs`, so their reads stay on the primary until every replica shows their write
 * (read-your-writes). Marks go to Redis, shared by every instance (a write on one instance, the next read on
 * another), and to this instance's memory. Without REDIS_URL the memory alone decides (one instance, or a load
 * balancer that keeps a user on one instance). With REDIS_URL but Redis not answering, another instance's mark
 * cannot be seen, so a signed-in reader is sent to the primary: a slower read, never a stale one.
 */
export class RecentWriters {
  private readonly local = new Map<string, number>();
  private marks = 0;

  private constructor(
    private readonly windowMs: number,
    private readonly redis: Redis | undefined,
  ) {}

  /** Connects to Redis when given one, waiting at most timeoutMs (a missing Redis must not delay the start). */
  static async open(windowMs: number, redisUrl: string | undefined, timeoutMs: number): Promise<RecentWriters> {
    if (!redisUrl) return new RecentWriters(windowMs, undefined);
    const redis = await failFastRedis(redisUrl, timeoutMs);
    return new RecentWriters(windowMs, redis);
  }

  /** Marks a write by `who` now. A Redis failure leaves the local mark (reads on other instances then use the primary). */
  async remember(who: string): Promise<void> {
    const now = Date.now();
    this.local.set(who, now);
    if (++this.marks % SWEEP_EVERY === 0) this.sweep(now);
    await this.redis?.set(KEY_PREFIX + who, '1', 'PX', this.windowMs).catch(() => undefined);
  }

  /** Whether `who` wrote within the window, on any instance; true when that cannot be known. */
  async wroteRecently(who: string): Promise<boolean> {
    const at = this.local.get(who);
    if (at !== undefined && Date.now() - at < this.windowMs) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.exists(KEY_PREFIX + who)) === 1;
    } catch {
      return true;
    }
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }

  private sweep(now: number) {
    for (const [who, at] of this.local) if (now - at >= this.windowMs) this.local.delete(who);
  }
}
