import { parseArgs } from 'node:util';
import { loadConfig, prepareDataDir } from '../../config.js';
import { openDatabase } from '../client.js';
import { generateStore, terminalProgress } from './generate/index.js';
import { seedDemoData } from './index.js';

// `npm run seed` loads the demo data into an empty database; with any generator option it adds a large generated
// store (generate/index.ts) to whatever is there.
const HELP = `Usage: npm run seed [-- options]

Without options: loads the demo data into an empty database.
With options: generates a large store into the database (the embedded PostgreSQL in DATA_DIR, or DATABASE_URL).

  --products N     products, each with 9 size × colour variants (default 1000)
  --customers N    customers with addresses (default 1000)
  --orders N       orders over the last year, with lines, payments, coupons and stock (default 10000)
  --seed N         deterministic seed: the same seed makes the same store (default 1; one run per seed and database)
  --batch-size N   rows per statement (default 10000)
  --help           this text

Example: npm run seed -- --products 100000 --customers 100000 --orders 1000000`;

const COUNTS = { products: 1000, customers: 1000, orders: 10_000, seed: 1, 'batch-size': 10_000 } as const;
type Count = keyof typeof COUNTS;

function fail(message: string): never {
  console.error(`${message}\n\n${HELP}`);
  process.exit(1);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      products: { type: 'string' },
      customers: { type: 'string' },
      orders: { type: 'string' },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      help: { type: 'boolean' },
    },
  }).values;
}
try {
  parsed = parse();
} catch (error) {
  fail((error as Error).message);
}
if (parsed.help) {
  console.log(HELP);
  process.exit(0);
}

const count = (name: Count, min: number, max: number) => {
  const text = parsed[name];
  if (text === undefined) return COUNTS[name];
  const value = Number(text);
  if (!(Number.isInteger(value) && value >= min && value <= max))
    fail(`--${name} takes a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`);
  return value;
};
const generating = (Object.keys(COUNTS) as Count[]).some((name) => parsed[name] !== undefined);
const options = {
  products: count('products', 0, 10_000_000),
  customers: count('customers', 0, 10_000_000),
  orders: count('orders', 0, 100_000_000),
  seed: count('seed', 0, 2 ** 31 - 1),
  batchSize: count('batch-size', 1, 100_000),
};

const config = loadConfig();
prepareDataDir(config);
const database = await openDatabase(config);
try {
  await database.migrate();
  if (generating) {
    console.log(
      `Generating ${options.products} products × 9 variants, ${options.customers} customers and ${options.orders} orders (seed ${options.seed}) on ${database.description}…`,
    );
    const summary = await generateStore(database.db, { ...options, progress: terminalProgress() });
    console.log(
      `Generated ${summary.products} products (${summary.variants} variants), ${summary.customers} customers and ${summary.orders} orders in ${(summary.ms / 1000).toFixed(1)} s.`,
    );
  } else {
    const loaded = await seedDemoData(database.db, console.log, config);
    if (!loaded) console.log('The database already holds catalogue or orders: demo data was not loaded.');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
