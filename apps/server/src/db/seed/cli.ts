import { parseArgs } from 'node:util';
import { loadConfig, prepareDataDir } from '../../config.js';
import { openDatabase } from '../client.js';
import { seedBulk } from './bulk.js';
import { seedDemoData } from './index.js';

// `npm run seed` loads the demo data into an empty database; `npm run seed -- --orders 100000` adds a large
// generated data set (see bulk.ts) to whatever is there.
const { values } = parseArgs({ options: { orders: { type: 'string' } } });
const bulkOrders = values.orders === undefined ? undefined : Number(values.orders);
if (bulkOrders !== undefined && !(Number.isInteger(bulkOrders) && bulkOrders > 0)) {
  console.error('--orders takes a positive whole number');
  process.exit(1);
}

const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase(config);
await database.migrate();
if (bulkOrders) {
  await seedBulk(database.db, { orders: bulkOrders, log: console.log });
} else {
  const loaded = await seedDemoData(database.db, console.log, config);
  if (!loaded) console.log('The database already holds catalogue or orders: demo data was not loaded.');
}
await database.close();
