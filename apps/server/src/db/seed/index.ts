import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.js';
import { seedCatalogue } from './catalogue.js';
import { closeFlashSale, seedCoupons } from './coupons.js';
import { seedDemoCustomers } from './customers.js';
import { seedDemoOrders } from './orders.js';
import { seededRandom } from './random.js';

export { listDemoVariants } from './catalogue.js';
export { DEMO_ACCOUNTS };

export type SeedOptions = { uploadDir: string };

/** Loads the demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(
  db: Db,
  log: (message: string) => void = () => {},
  options: SeedOptions,
): Promise<boolean> {
  const [{ value }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
  if (value > 0) return false;
  const accountIds = await seedAccounts(db);
  await seedCatalogue(db, { uploadDir: options.uploadDir, createdBy: accountIds['admin@seamline.dev'] ?? null });
  const random = seededRandom(20_240_917);
  const now = new Date();
  await seedDemoCustomers(db, random, now);
  await seedCoupons(db, now);
  // Orders come after the catalogue: they reserve and commit its stock through the real order functions.
  const orderCount = await seedDemoOrders(db, random, now);
  await closeFlashSale(db);
  log(`Demo orders: ${orderCount}.`);
  log('Demo data loaded.');
  return true;
}
