import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.js';
import { seedCoupons } from './coupons.js';

export { DEMO_ACCOUNTS };

/** Loads the demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(db: Db, log: (message: string) => void = () => {}): Promise<boolean> {
  const [{ value }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
  if (value > 0) return false;
  await seedAccounts(db);
  await seedCoupons(db);
  log('Demo data loaded.');
  return true;
}
