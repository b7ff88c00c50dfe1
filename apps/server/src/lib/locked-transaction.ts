import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { inventory, products } from '../db/schema/index.js';

/**
 * LOCK ORDER (docs/domain.md § Production). Every business transaction takes its row locks in this one order, so two
 * transactions can never each hold what the other waits for:
 *   1. `customer`: the customer row (FOR SHARE by the customer guard: an order checks the buyer is active before
 *      anything else; FOR UPDATE by customer edits, deactivation and erasure, and by the account's own profile;
 *      FOR NO KEY UPDATE by a customer writing a review, so the once-per-product rule and the daily limit count it);
 *   2. `coupon`: the coupon row (FOR UPDATE: counting or giving back a use, editing or deleting the coupon);
 *   3. `products`: the products (FOR KEY SHARE for stock moves, FOR SHARE or FOR UPDATE for catalogue edits), id order;
 *   4. `inventory`: the inventory rows (product variants) FOR UPDATE in inventory id order;
 *   5. `order`: the order rows (FOR UPDATE; a new order is inserted here), id order; a stock transfer's row (FOR
 *      UPDATE) takes this step too, after the variants of its lines;
 *   6. `payment`: the payment rows of the order (an intent bound or confirmed);
 *   then, taken by the database itself: the product rows of a review change that publishes or unpublishes reviews
 *   (FOR NO KEY UPDATE, in id order, by the reviews statement triggers of migration 0038, after the review rows the
 *   statement wrote: step 3's rows, taken by transactions that hold no inventory, order or payment row); the analytics
 *   rollup rows, by the order triggers (migration 0002) in key order,
 *   day rows before product rows (an order's day rows are in the shard its id picks, the last key column: the same for
 *   its old and new row); the idempotency key row, inserted when the answer is stored; and at commit the payment day
 *   rollup rows (analytics_payment_days), by the payments' deferred trigger, after everything else.
 * Stock location rows come after step 4, wherever a transaction needs them then: a change that puts units at a
 * location, and every level creation, holds its row FOR KEY SHARE (inventory/stock.service.ts), always after its
 * variant rows (so possibly after its order and payment rows too); the location changes that must see every unit
 * there (deactivation, the "ships online" flag: locations.service.ts) take the variants of its levels (step 4), then
 * the row FOR UPDATE, and hold no order or payment row. Key share locks never wait for one another, nor for the
 * FOR NO KEY UPDATE of a name or priority edit, so they form no cycle.
 * `RowLocks` keeps this order by construction: each lock is asked as a step, and asking a step after a later one throws
 * a LockOrderError before any SQL runs (a programming error, caught by the tests). The rows of a step come in one call,
 * which locks them in id order, so two transactions wanting the same rows queue instead of deadlocking; a second call
 * with new rows of the same step throws too. Going back to an earlier step is allowed only for rows the transaction
 * already holds (changing an inventory row the order change locked in step 4, after the order row): that waits for
 * nobody.
 * Locks outside this order take rows no business transaction holds while it waits for another (sign-in, staff
 * accounts, sessions, invitations, two-factor secrets, taxonomy, retention, the mail outbox, the log scrubbing of an
 * erasure, advisory locks); the test of this file names them. A transaction that still meets a deadlock or a
 * serialization failure is run again as a whole (db/retry.ts), then answers 503.
 */
export const LOCK_STEPS = ['customer', 'coupon', 'products', 'inventory', 'order', 'payment'] as const;

/**
 * The lock clauses of stock location rows, taken after step 4 (see above): `share` by a change that puts units at the
 * location or creates a level there, `update` by a location change that must see every unit there.
 */
export const LOCATION_ROW_LOCK = { share: sql`FOR KEY SHARE`, update: sql`FOR UPDATE` } as const;
export type LockStep = (typeof LOCK_STEPS)[number];

/** A lock asked out of the lock order: a bug in the calling code, never a user error. */
export class LockOrderError extends Error {
  override name = 'LockOrderError';
}

/** A size/color combination of a product, as a stock change names it (size and color case-insensitive). */
export type StockCombination = { productId: string; size: string; color: string };

/** How a held inventory row is recognised when a later statement changes it. */
export const combinationKey = (c: StockCombination) =>
  `${c.productId}/${c.size.toLowerCase()}/${c.color.toLowerCase()}`;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The rows a lock statement takes: their keys, or how to read them from its result (rows found by a condition). */
type RowKeys<T> = readonly string[] | ((result: T) => readonly string[]);

/** The row locks of one transaction, taken in LOCK_STEPS order (see above). */
export class RowLocks {
  private highest = -1;
  private readonly held = new Map<LockStep, Set<string>>();

  constructor(private readonly db: DbOrTx) {}

  /**
   * Runs `lock`, a statement that takes the rows of `step` itself (a SELECT … FOR UPDATE with its own columns, or a
   * write that locks its rows), after checking the order. `keys` name its rows: the step may then be asked again for
   * them after a later step, and never again for other rows.
   */
  async step<T>(step: LockStep, lock: () => Promise<T>, keys: RowKeys<T> = []): Promise<T> {
    this.enter(step, typeof keys === 'function' ? [] : keys);
    const result = await lock();
    if (typeof keys === 'function') this.hold(step, keys(result));
    return result;
  }

  /**
   * Runs ONE statement that takes several steps, entered in LOCK_STEPS order whatever the order of `rows` (e.g. the
   * reservation of a new order: products, inventory, then the order row it inserts). `rows` names each step's keys.
   */
  async steps<T>(rows: Partial<Record<LockStep, readonly string[]>>, lock: () => Promise<T>): Promise<T> {
    const steps = LOCK_STEPS.filter((step) => rows[step] !== undefined);
    steps.reduce((after, step) => this.assertInOrder(step, rows[step]!, after), this.highest);
    for (const step of steps) this.enter(step, rows[step]!);
    return lock();
  }

  /** Step 3: the products, in id order (key share is enough to hold a product under a stock move). */
  async products(ids: readonly string[], strength: 'key share' | 'share' | 'update' = 'key share'): Promise<void> {
    const sorted = [...new Set(ids)].sort(byText);
    this.enter('products', sorted);
    if (sorted.length === 0) return;
    await this.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, sorted))
      .orderBy(asc(products.id))
      .for(strength);
  }

  /** Step 4: the inventory rows of the combinations, in inventory id order. */
  async inventory(combinations: readonly StockCombination[]): Promise<void> {
    this.enter('inventory', combinations.map(combinationKey));
    if (combinations.length === 0) return;
    await this.db
      .select({ id: inventory.id })
      .from(inventory)
      .where(
        or(
          ...combinations.map((c) =>
            and(
              eq(inventory.productId, c.productId),
              sql`lower(${inventory.size}) = lower(${c.size})`,
              sql`lower(${inventory.color}) = lower(${c.color})`,
            ),
          ),
        ),
      )
      .orderBy(asc(inventory.id))
      .for('update');
  }

  /** Steps 3 and 4 for a set of combinations: their products (key share), then their inventory rows. */
  async stock(combinations: readonly StockCombination[]): Promise<void> {
    if (combinations.length === 0) return;
    await this.products(combinations.map((c) => c.productId));
    await this.inventory(combinations);
  }

  /**
   * The rank the transaction reaches when it takes `keys` of `step` after the step ranked `after`. Rows it already
   * holds wait for nobody, so they may be asked again at any time. New rows may not come after a later step, nor in a
   * second call of a step that already holds named rows: one call locks its rows in id order, two calls would not.
   */
  private assertInOrder(step: LockStep, keys: readonly string[], after: number): number {
    const rank = LOCK_STEPS.indexOf(step);
    const held = this.held.get(step);
    if (keys.length > 0 && keys.every((key) => held?.has(key))) return Math.max(rank, after);
    if (rank < after)
      throw new LockOrderError(
        `lock step "${step}" asked after "${LOCK_STEPS[after]}": take the locks in the order ${LOCK_STEPS.join(', ')}`,
      );
    if (held && keys.length > 0)
      throw new LockOrderError(`new rows of lock step "${step}" asked in a second call: ask them all in one call`);
    return rank;
  }

  private enter(step: LockStep, keys: readonly string[]) {
    this.highest = this.assertInOrder(step, keys, this.highest);
    this.hold(step, keys);
  }

  private hold(step: LockStep, keys: readonly string[]) {
    if (keys.length === 0) return;
    const set = this.held.get(step) ?? new Set<string>();
    for (const key of keys) set.add(key);
    this.held.set(step, set);
  }
}

const perTransaction = new WeakMap<object, RowLocks>();

/**
 * The row locks of the transaction `db` (one tracker per transaction, whichever function asks). Outside a transaction
 * each statement commits on its own and holds nothing after it, so every call gets a fresh tracker. A savepoint
 * (`tx.transaction`) has its own tracker: one business operation per savepoint, as the demo data places its orders.
 */
export function locksOf(db: DbOrTx): RowLocks {
  if (!(db instanceof PgTransaction)) return new RowLocks(db);
  let locks = perTransaction.get(db);
  if (!locks) {
    locks = new RowLocks(db);
    perTransaction.set(db, locks);
  }
  return locks;
}

/** A business transaction (retried as a whole on a deadlock, db/retry.ts) with its row locks. */
export function lockedTransaction<T>(db: Db, work: (tx: Tx, locks: RowLocks) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx, locksOf(tx)));
}
