import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';

/**
 * Storefront product views, counted in memory and added to `view_count` in batches (every `flushMs` and on close):
 * a read never writes, so readers of a popular product no longer queue on its row lock. A flush adds increments
 * (`view_count + n`), so any number of instances flush into the same rows safely; a failed flush keeps its counts
 * for the next one. Views counted since the last flush are lost only if the process dies without closing.
 */
export class ProductViews {
  private pending = new Map<string, number>();
  private flushing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    flushMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  record(productId: string): void {
    this.pending.set(productId, (this.pending.get(productId) ?? 0) + 1);
  }

  /** Writes the counted views in one statement; flushes run one at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  /** Stops the timer and writes what is left (the app's onClose, before the database closes). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // Sorted ids: instances flushing overlapping batches lock the rows in the same order.
    const ids = [...batch.keys()].sort();
    const counts = ids.map((id) => batch.get(id)!);
    try {
      await this.db.execute(sql`UPDATE products p SET view_count = p.view_count + v.n
        FROM unnest(${sql.param(ids)}::char(24)[], ${sql.param(counts)}::int[]) AS v(id, n) WHERE p.id = v.id`);
    } catch (error) {
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      this.log.warn({ err: error, products: ids.length }, 'product views not written yet, kept for the next flush');
    }
  }
}
