import { count } from 'drizzle-orm';
import type { Db } from '../client.js';
import { orders, users } from '../schema/index.js';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts.js';
import { seedBulk } from './bulk.js';

export { DEMO_ACCOUNTS };

/** Loads the demo data into an empty database; does nothing when any user exists. */
export async function seedDemoData(db: Db, log: (message: string) => void = () => {}): Promise<boolean> {
  const [{ value }] = (await db.select({ value: count() }).from(users)) as [{ value: number }];
  if (value > 0) return false;
  await seedAccounts(db);
  await seedOrderHistory(db);
  log('Demo data loaded.');
  return true;
}

/** About 300 orders over the last 90 days for the dashboard and reports, unless the demo already has orders. */
async function seedOrderHistory(db: Db) {
  const [{ value }] = (await db.select({ value: count() }).from(orders)) as [{ value: number }];
  if (value > 0) return;
  await seedBulk(db, { orders: 300, days: 90, products: 24, minProducts: 1, customers: 30, minCustomers: 3 });
}
