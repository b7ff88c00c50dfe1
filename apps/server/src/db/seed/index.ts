import type { Config } from '../../config.js';
import { createStorage } from '../../lib/storage/index.js';
import type { Db } from '../client.js';
import { brands, categories, orders, products } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.js';
import { seedCatalogue } from './catalogue.js';
import { closeFlashSale, seedCoupons } from './coupons.js';
import { seedDemoCustomers } from './customers.js';
import { DemoImages } from './demo-images.js';
import { seedDemoOrders } from './orders.js';
import { seededRandom } from './random.js';
import { seedDemoReviews } from './reviews.js';

export { listDemoVariants } from './catalogue.js';
export { DEMO_ACCOUNTS };

/** Where the demo pictures go: the upload folder, or the bucket when S3 is configured. */
export type SeedOptions = Pick<Config, 'uploadDir' | 's3'>;

/**
 * Whether the database already holds business data. Users do not count: an admin created from ADMIN_EMAIL on the
 * first start must not stop the demo data from loading.
 */
async function hasBusinessData(db: Db): Promise<boolean> {
  const tables = [products, categories, brands, orders];
  for (const table of tables) if ((await db.select({ id: table.id }).from(table).limit(1)).length) return true;
  return false;
}

/** Loads the demo data into a database without catalogue or orders; does nothing otherwise. */
export async function seedDemoData(
  db: Db,
  log: (message: string) => void = () => {},
  options: SeedOptions,
): Promise<boolean> {
  if (await hasBusinessData(db)) return false;
  const accountIds = await seedAccounts(db);
  const storage = await createStorage(options);
  try {
    await seedCatalogue(db, { storage, createdBy: accountIds['admin@seamline.dev'] ?? null });
    const random = seededRandom(20_240_917);
    const now = new Date();
    await seedDemoCustomers(db, random, now);
    await seedCoupons(db, now);
    // Orders come after the catalogue: they reserve and commit its stock through the real order functions.
    const orderCount = await seedDemoOrders(db, random, now);
    await closeFlashSale(db);
    // Reviews come after the orders: only customers with a delivered order of a product review it.
    const reviewCount = await seedDemoReviews(db, random, now, new DemoImages(storage));
    log(`Demo orders: ${orderCount}, reviews: ${reviewCount}.`);
  } finally {
    storage.close();
  }
  log('Demo data loaded.');
  return true;
}
