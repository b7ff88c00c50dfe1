import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.js';
import { seedDemoCustomers } from './customers.js';
import { seedDemoOrders } from './orders.js';
import { seededRandom } from './random.js';

export { DEMO_ACCOUNTS };

/** Loads the demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(db: Db, log: (message: string) => void = () => {}): Promise<boolean> {
  const [{ value }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
  if (value > 0) return false;
  await seedAccounts(db);
  const random = seededRandom(20_240_917);
  const now = new Date();
  await seedDemoCustomers(db, random, now);
  // Orders come after the catalogue: they reserve and commit its stock through the real order functions.
  const orderCount = await seedDemoOrders(db, random, now);
  log(`Demo orders: ${orderCount}.`);
  log('Demo data loaded.');
  return true;
}
