import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../test/databases.js';
import { buildProduct } from '../../test/factories.js';
import type { Db, Tx } from '../db/client.js';
import { sqlState } from '../db/retry.js';
import * as schema from '../db/schema/index.js';
import { inventory } from '../db/schema/index.js';
import {
  combinationKey,
  LockOrderError,
  lockedTransaction,
  locksOf,
  type StockCombination,
} from './locked-transaction.js';

const PARALLEL = 20;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let pool: pg.Pool;
const closed: Promise<unknown>[] = [];
// No retry wrapper (db/retry.ts): a deadlock must reach the test as 40P01 instead of being run again.
let db: Db;

beforeAll(async () => {
  database = await freshDatabase({ migrated: true });
  pool = new pg.Pool({ connectionString: database.url, max: PARALLEL + 1 });
  pool.on('connect', (client) => {
    client.on('error', () => {});
    closed.push(new Promise((resolve) => client.once('end', resolve)));
  });
  db = drizzle(pool, { schema }) as unknown as Db;
});
afterAll(async () => {
  // pool.end() resolves once it has asked every connection to close, not once they have: dropping the database before
  // they are gone would cut them mid-close.
  await pool.end();
  await Promise.all(closed);
  await database.drop();
});

async function twoCombinations(): Promise<[StockCombination, StockCombination]> {
  const one = await buildProduct(db, {}, [{ size: 'M', color: 'Black', quantity: 100 }]);
  const two = await buildProduct(db, {}, [{ size: 'L', color: 'White', quantity: 100 }]);
  return [
    { productId: one.product.id, size: 'M', color: 'Black' },
    { productId: two.product.id, size: 'l', color: 'WHITE' },
  ];
}

const quantityOf = async (c: StockCombination) =>
  (await db.select().from(inventory).where(eq(inventory.productId, c.productId)))[0]!.quantity;

async function addOne(tx: Tx, c: StockCombination) {
  await tx
    .update(inventory)
    .set({ quantity: sql`${inventory.quantity} + 1` })
    .where(eq(inventory.productId, c.productId));
}

describe('lock order', () => {
  it('refuses a step asked after a later one before running any SQL', async () => {
    const [combination] = await twoCombinations();
    await lockedTransaction(db, async (tx, locks) => {
      await locks.step('order', async () => undefined, ['some-order']);
      const select = vi.spyOn(tx, 'select');
      const lock = vi.fn(async () => undefined);
      await expect(locks.step('coupon', lock)).rejects.toThrow(LockOrderError);
      await expect(locks.products([combination!.productId])).rejects.toThrow(LockOrderError);
      await expect(locks.stock([combination!])).rejects.toThrow(/"products" asked after "order"/);
      await expect(locks.steps({ customer: [], payment: [] }, lock)).rejects.toThrow(LockOrderError);
      expect(lock).not.toHaveBeenCalled();
      expect(select).not.toHaveBeenCalled();
    });
  });

  it('takes the steps in order, and rows already held again after a later step, never other rows', async () => {
    const [first, second] = await twoCombinations();
    await lockedTransaction(db, async (tx, locks) => {
      await locks.step('customer', async () => undefined);
      await locks.stock([first]);
      await locks.step('order', async () => undefined, ['o1']);
      const relock = vi.fn(async () => 'changed');
      await expect(locks.step('inventory', relock, [combinationKey({ ...first, size: 'm' })])).resolves.toBe('changed');
      await expect(locks.step('inventory', relock, [combinationKey(second)])).rejects.toThrow(LockOrderError);
      expect(relock).toHaveBeenCalledTimes(1);
      await locks.step('payment', async () => undefined);
      // The same transaction, asked from another function, is the same tracker.
      expect(locksOf(tx)).toBe(locks);
    });
  });

  it('refuses new rows of a step in a second call: one call locks them in id order, two would not', async () => {
    const [first, second] = await twoCombinations();
    await lockedTransaction(db, async (_tx, locks) => {
      await locks.inventory([first]);
      await expect(locks.inventory([second])).rejects.toThrow(/second call/);
      await expect(locks.inventory([first])).resolves.toBeUndefined();
    });
  });

  it('starts afresh in every transaction, and outside a transaction for every statement', async () => {
    await lockedTransaction(db, (_tx, locks) => locks.step('payment', async () => undefined));
    await lockedTransaction(db, (_tx, locks) => locks.step('customer', async () => undefined));
    await locksOf(db).step('order', async () => undefined);
    await expect(locksOf(db).step('customer', async () => undefined)).resolves.toBeUndefined();
  });
});

describe('no deadlock', () => {
  // Half the transactions want the rows in one order, half in the other, and hold them a moment.
  const requestOrder = (pair: [StockCombination, StockCombination], index: number) =>
    index % 2 === 0 ? pair : ([pair[1], pair[0]] as const);

  async function runParallel(work: (tx: Tx, wanted: readonly StockCombination[]) => Promise<void>) {
    const pair = await twoCombinations();
    const outcomes = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, index) =>
        lockedTransaction(db, async (tx) => {
          const wanted = requestOrder(pair, index);
          await work(tx, wanted);
          for (const combination of wanted) await addOne(tx, combination);
        }),
      ),
    );
    const states = outcomes.map((outcome) => (outcome.status === 'rejected' ? sqlState(outcome.reason) : 'ok'));
    return { pair, states };
  }

  it('serialises transactions that ask the same rows in opposite orders', async () => {
    const { pair, states } = await runParallel(async (tx, wanted) => {
      await locksOf(tx).stock(wanted);
      await tx.execute(sql`SELECT pg_sleep(0.02)`);
    });
    expect(states).toEqual(Array(PARALLEL).fill('ok'));
    expect([await quantityOf(pair[0]), await quantityOf(pair[1])]).toEqual([100 + PARALLEL, 100 + PARALLEL]);
  });

  it('(the same work locking rows one by one in request order deadlocks: the test above can fail)', async () => {
    const { states } = await runParallel(async (tx, wanted) => {
      for (const combination of wanted) {
        await tx.select().from(inventory).where(eq(inventory.productId, combination.productId)).for('update');
        await tx.execute(sql`SELECT pg_sleep(0.02)`);
      }
    });
    expect(states).toContain('40P01');
  });
});

describe('every row lock', () => {
  // Rows no business transaction holds while it waits for another: sign-in, staff accounts, sessions, invitations,
  // two-factor secrets, taxonomy, retention, the mail outbox, the log scrubbing of an erasure, webhook endpoints,
  // the webhook publishing cursor and back-in-stock alert claims (queue work, never inside a business transaction),
  // and advisory locks.
  const OUTSIDE_THE_ORDER = [
    'db/bootstrap.ts',
    'db/client.ts',
    'lib/mail.ts',
    'modules/auth/mail-tokens.ts',
    'modules/auth/refresh-tokens.ts',
    'modules/credentials/login-throttle.ts',
    'modules/invitations/invitations.service.ts',
    'modules/privacy/erasure-logs.ts',
    'modules/retention/retention.ts',
    'modules/sessions/sessions.service.ts',
    'modules/stock-alerts/notify.ts',
    'modules/taxonomy/taxonomy.service.ts',
    'modules/two-factor/two-factor.service.ts',
    'modules/users/users.service.ts',
    'modules/webhooks/endpoints.service.ts',
    'modules/webhooks/publish.ts',
  ];
  const LOCKING = /\.for\('|FOR (NO KEY )?UPDATE|FOR (KEY )?SHARE|pg_advisory/;

  it('is taken through the lock order helper, or is a known lock outside the business order', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('lib/locked-transaction'),
    );
    const locking = sources.filter((file) => LOCKING.test(readFileSync(path.join(root, file), 'utf8')));
    const unguarded = locking.filter(
      (file) =>
        !readFileSync(path.join(root, file), 'utf8').includes('locked-transaction.js') &&
        !OUTSIDE_THE_ORDER.includes(file.split(path.sep).join('/')),
    );
    expect(locking.length).toBeGreaterThan(OUTSIDE_THE_ORDER.length);
    expect(unguarded).toEqual([]);
  });
});
