import type { DbOrTx } from '../db/client.js';

type Kept<T> = { value: T; readAt: number; generation: number };

/**
 * A value read from a database and kept per database (the primary, a replica, a transaction) for `ttlMs`: callers
 * arriving while it is read share one read, a failed read is not kept (the next caller reads again), and `forget()`
 * makes every kept value stale at once (this instance changed what was read). A read's age and generation are taken
 * when it starts, so a change committed while it runs makes it stale too.
 */
export function keptPerDatabase<T>(read: (db: DbOrTx) => Promise<T>, ttlMs: number) {
  const kept = new WeakMap<DbOrTx, Promise<Kept<T>>>();
  let generation = 0;

  function startReading(db: DbOrTx): Promise<Kept<T>> {
    const started = { readAt: Date.now(), generation };
    const reading = read(db).then((value) => ({ value, ...started }));
    kept.set(db, reading);
    reading.catch(() => {
      if (kept.get(db) === reading) kept.delete(db);
    });
    return reading;
  }

  const isFresh = (entry: Kept<T>) => entry.generation === generation && Date.now() - entry.readAt < ttlMs;

  return {
    async get(db: DbOrTx): Promise<T> {
      const previous = kept.get(db);
      if (previous) {
        const entry = await previous;
        if (isFresh(entry)) return entry.value;
      }
      const current = kept.get(db);
      // Another caller already started the next read.
      if (current && current !== previous) return (await current).value;
      return (await startReading(db)).value;
    },
    forget(): void {
      generation += 1;
    },
  };
}
