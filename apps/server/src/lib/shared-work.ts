/** How calls share their work (SharedWork). */
export type SharingRules<In> = {
  /** Calls in one run at most: its cost grows with them, and so does every one's wait for it. */
  most: number;
  /** Runs under way at once; calls arriving meanwhile wait for the next. */
  running: number;
  /**
   * A run taking longer than this (waiting for a row another transaction holds, say) stops counting against `running`,
   * so it does not hold back the calls that do not need that row.
   */
  slowMs: number;
  /** The rows a call takes: calls sharing one never share a run, and wait while a run holding it is under way. */
  rows?: (input: In) => readonly string[];
};

type Waiting<In, Out> = { input: In; resolve: (output: Out) => void; reject: (error: unknown) => void };

/**
 * Calls arriving together answered by one run of shared work (one statement for many of them): what a run costs
 * whatever it carries is paid once a run, not once a call. A call waits only while `running` runs are under way; every
 * call that arrived meanwhile goes into the next, up to `most`, oldest first (a call left out waits at the front). At
 * low traffic a call waits for nothing: a run of one, started as soon as the event loop's current turn ends.
 *
 * `work` answers its inputs in their order. If a run fails (one call's data, a deadlock, the database gone), each of
 * its calls is run again alone, so only the failing one fails.
 */
export class SharedWork<In, Out> {
  private waiting: Waiting<In, Out>[] = [];
  private counted = 0;
  private scheduled = false;
  /** The rows of the runs under way, each as often as a run holds it. */
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly work: (inputs: In[]) => Promise<Out[]>,
    private readonly rules: SharingRules<In>,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After the calls of this turn of the event loop have arrived.
      setImmediate(() => {
        this.scheduled = false;
        this.start();
      });
    });
  }

  private rowsOf(input: In): readonly string[] {
    return this.rules.rows?.(input) ?? [];
  }

  private start() {
    while (this.counted < this.rules.running && this.waiting.length > 0) {
      const run = this.next();
      if (run.length === 0) return;
      const rows = run.flatMap((call) => this.rowsOf(call.input));
      for (const row of rows) this.busy.set(row, (this.busy.get(row) ?? 0) + 1);
      this.counted += 1;
      let counting = true;
      const stopCounting = () => {
        if (!counting) return;
        counting = false;
        this.counted -= 1;
        this.start();
      };
      const slow = setTimeout(stopCounting, this.rules.slowMs);
      void this.run(run).finally(() => {
        clearTimeout(slow);
        for (const row of rows) {
          const left = this.busy.get(row)! - 1;
          if (left === 0) this.busy.delete(row);
          else this.busy.set(row, left);
        }
        if (counting) stopCounting();
        else this.start();
      });
    }
  }

  /** The oldest waiting calls that share no row (with each other or a run under way), up to `most`; the others wait. */
  private next(): Waiting<In, Out>[] {
    const taken: Waiting<In, Out>[] = [];
    const left: Waiting<In, Out>[] = [];
    const rows = new Set<string>();
    for (const call of this.waiting) {
      const own = this.rowsOf(call.input);
      const free = !own.some((row) => rows.has(row) || this.busy.has(row));
      if (taken.length < this.rules.most && free) {
        taken.push(call);
        for (const row of own) rows.add(row);
      } else left.push(call);
    }
    this.waiting = left;
    return taken;
  }

  private async run(calls: readonly Waiting<In, Out>[]) {
    try {
      const outputs = await this.work(calls.map((call) => call.input));
      for (const [i, call] of calls.entries()) call.resolve(outputs[i]!);
    } catch (error) {
      if (calls.length === 1) {
        calls[0]!.reject(error);
        return;
      }
      await Promise.all(
        calls.map((call) => this.work([call.input]).then(([output]) => call.resolve(output!), call.reject)),
      );
    }
  }
}

/** One SharedWork per database pool (so one per instance), made by `create` on first use. */
export function sharedPer<Key extends object, In, Out>(create: (key: Key) => SharedWork<In, Out>) {
  const made = new WeakMap<Key, SharedWork<In, Out>>();
  return (key: Key): SharedWork<In, Out> => {
    let shared = made.get(key);
    if (!shared) {
      shared = create(key);
      made.set(key, shared);
    }
    return shared;
  };
}
