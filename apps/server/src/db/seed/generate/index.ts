import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../lib/passwords.js';
import { type Db, type DbOrTx, queryRows } from '../../client.js';
import { seedAccounts } from '../accounts.js';
import { insertProducts, seedTaxonomy } from './catalogue.js';
import { finishCoupons, insertCoupons } from './coupons.js';
import { insertCustomers } from './customers.js';
import { insertActivity, insertOrders } from './orders.js';
import { type Progress, silentProgress } from './progress.js';
import { insertReviews } from './reviews.js';
import { KIND, makeRun, VARIANTS_PER_PRODUCT } from './sql.js';
import { settleStock } from './stock.js';

export { type Progress, terminalProgress } from './progress.js';

export type GenerateOptions = {
  products: number;
  customers: number;
  orders: number;
  /** Same seed, same store (given the same `now`); a seed can be generated into a database once. */
  seed?: number;
  /** Rows per statement (orders, customers, products; a stock batch settles this many products). */
  batchSize?: number;
  /** Dates are measured back from here (default: the start of the run). */
  now?: Date;
  progress?: Progress;
};

export type GenerateSummary = { products: number; variants: number; customers: number; orders: number; ms: number };

/**
 * A large store in any database (`npm run seed -- --products 100000 --customers 100000 --orders 1000000`): catalogue
 * with nine variants per product and their stock, customers with addresses, coupons, a year of orders with lines,
 * payments, redemptions and activity, then the stock movements and rollups that follow from them. Rows are made in
 * the database (INSERT … SELECT generate_series, values hashed from the seed), a batch per statement. The rollup
 * triggers rest during the load and the rollups are rebuilt at the end, so run it while nobody else writes orders.
 * The demo accounts are created when missing, so the back office can be signed into.
 */
export async function generateStore(db: Db, options: GenerateOptions): Promise<GenerateSummary> {
  const started = Date.now();
  const seed = options.seed ?? 1;
  const batchSize = options.batchSize ?? 10_000;
  const progress = options.progress ?? silentProgress;
  if (options.orders > 0 && options.products < 1) throw new Error('Orders need products: give --products 1 or more');
  const run = makeRun({ ...options, seed, now: options.now ?? new Date() });
  const [used] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM products WHERE id LIKE ${`${run.tag}${KIND.product}%`}
      UNION ALL SELECT id FROM users WHERE id LIKE ${`${run.tag}${KIND.customer}%`}
      UNION ALL SELECT id FROM coupons WHERE id LIKE ${`${run.tag}${KIND.coupon}%`} LIMIT 1`,
  );
  if (used) throw new Error(`Seed ${seed} was already generated into this database: choose another --seed`);

  // One transaction per batch (all or nothing). JIT off: compiling these long generated expressions costs a minute
  // per statement, running them milliseconds.
  const inBatches = async (
    name: string,
    total: number,
    write: (tx: DbOrTx, first: number, last: number, index: number) => Promise<unknown>,
  ) => {
    let written = 0;
    const bar = progress.step(name, total);
    for (let first = 1, index = 0; first <= total; first += batchSize, index++) {
      const last = Math.min(total, first + batchSize - 1);
      written += await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        const result = await write(tx, first, last, index);
        return typeof result === 'number' ? result : 0;
      });
      bar.advance(last - first + 1);
    }
    bar.finish();
    return written;
  };

  await seedAccounts(db);
  const staff = await queryRows<{ id: string; email: string }>(
    db,
    sql`SELECT id, email FROM users WHERE role <> 'customer' AND deleted_at IS NULL ORDER BY email`,
  );
  const taxonomy = await seedTaxonomy(db);
  await inBatches('products', run.products, (tx, first, last) => insertProducts(tx, run, taxonomy, first, last));
  const passwordHash = await hashPassword(randomBytes(16).toString('hex'));
  await inBatches('customers', run.customers, (tx, first, last) => insertCustomers(tx, run, passwordHash, first, last));
  const coupons = await insertCoupons(db, run);

  let orders = 0;
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER analytics_orders_write`);
  await db.execute(sql`ALTER TABLE order_items DISABLE TRIGGER analytics_order_items_insert`);
  await db.execute(sql`ALTER TABLE payments DISABLE TRIGGER analytics_payment_days_write`);
  // The search documents too: written once each by order_search_rebuild() below, not twice per batch.
  await db.execute(sql`ALTER TABLE orders DISABLE TRIGGER order_search_orders_insert`);
  await db.execute(sql`ALTER TABLE order_items DISABLE TRIGGER order_search_items_insert`);
  try {
    orders = await inBatches('orders', run.orders, async (tx, first, last) => {
      await insertActivity(tx, run, staff, first, last);
      return insertOrders(tx, run, coupons, first, last);
    });
  } finally {
    await db.execute(sql`ALTER TABLE orders ENABLE TRIGGER analytics_orders_write`);
    await db.execute(sql`ALTER TABLE order_items ENABLE TRIGGER analytics_order_items_insert`);
    await db.execute(sql`ALTER TABLE payments ENABLE TRIGGER analytics_payment_days_write`);
    await db.execute(sql`ALTER TABLE orders ENABLE TRIGGER order_search_orders_insert`);
    await db.execute(sql`ALTER TABLE order_items ENABLE TRIGGER order_search_items_insert`);
  }
  await inBatches('stock', run.products, (tx, first, last, index) => settleStock(tx, run, index, first, last));
  // The figures trigger rests during the load (it would lock and recount each batch's products); rebuilt below.
  await db.execute(sql`ALTER TABLE reviews DISABLE TRIGGER reviews_figures_insert`);
  try {
    await inBatches('reviews', run.orders, (tx, first, last) => insertReviews(tx, run, first, last));
  } finally {
    await db.execute(sql`ALTER TABLE reviews ENABLE TRIGGER reviews_figures_insert`);
  }

  const bar = progress.step('rollups', 1);
  await finishCoupons(db, run);
  // A server running on the same database may write meanwhile (an audited export, an order): writers wait for the
  // rebuild instead of adding rows it is about to recount (which failed it on a duplicate day key).
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`LOCK TABLE orders, order_items, payments, coupon_redemptions, inventory, products, activity_logs
          IN SHARE ROW EXCLUSIVE MODE`,
    );
    await tx.execute(sql`SELECT analytics_rebuild()`);
  });
  await db.transaction(async (tx) => {
    // Orders written meanwhile wait (their insert trigger would add documents the rebuild is writing).
    await tx.execute(sql`LOCK TABLE orders, order_items IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`SELECT order_search_rebuild()`);
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE reviews IN SHARE ROW EXCLUSIVE MODE`);
    await tx.execute(sql`SELECT product_review_figures_rebuild()`);
  });
  // The load wrote history (backdated movements): stock figures kept for past days no longer hold.
  await db.execute(sql`DELETE FROM analytics_stock_snapshots`);
  // The per-product stock summary took a row version for each variant written and each stock step (about 19 a
  // product, in their batch's transaction, so none could be reused): 123 MB for 100,000 products that fit in 11 MB,
  // and inventory analytics, which reads all of it, took 215–237 ms instead of 67–85 ms. A shop's summary changes a
  // row at a time between vacuums; rewritten compact here, as it would stand (the rewrite keeps what a transaction
  // open anywhere on the server may still see: on a quiet server, all of the dead versions go).
  await db.execute(sql`VACUUM (FULL) analytics_product_stock`);
  // Fresh statistics and visibility maps (autovacuum would get there later).
  // Without the vacuum, index-only scans visit the heap and the first admin lists on a new store miss their targets.
  await db.execute(sql`VACUUM (ANALYZE)`);
  bar.finish();
  return {
    products: run.products,
    variants: run.products * VARIANTS_PER_PRODUCT,
    customers: run.customers,
    orders,
    ms: Date.now() - started,
  };
}
