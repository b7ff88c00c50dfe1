import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { DAY_MS, isoDay } from '@seamline/shared';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { orders, users } from '../apps/server/src/db/schema/index.js';
import { generateStore } from '../apps/server/src/db/seed/generate/index.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';

/**
 * Analytics speed: builds a store with BENCH_ORDERS (default 100 000) orders in a fresh in-memory PGlite (or on
 * DATABASE_URL when set), then times every analytics call through app.inject and prints the median of RUNS calls.
 * Target: every call under 300 ms.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TARGET_MS = 300;

export async function benchAnalytics() {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), `seamline-bench-${randomBytes(4).toString('hex')}`),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    }),
    // BENCH_PGLITE_DIR keeps the generated store on disk between runs (generated once, when it has too few orders).
    pgliteDir: process.env.BENCH_PGLITE_DIR ?? ':memory:',
    rateLimitMax: 1_000_000,
    seedDemo: false,
  };
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  try {
    const started = Date.now();
    const existing = (await database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
    // A store of its own when the database holds too few orders (the seed differs with what is there already).
    if (existing < ORDERS)
      await generateStore(database.db, {
        products: 2000,
        customers: 5000,
        orders: ORDERS - existing,
        seed: existing + 1,
      });
    else await database.db.execute(sql`ANALYZE`);
    console.log(
      `analytics: ${ORDERS} orders generated on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = randomBytes(12).toString('hex');
    await database.db
      .insert(users)
      .values({ email, passwordHash: await hashPassword(password), firstName: 'Bench', role: 'admin' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const token = login.json().data.tokens.accessToken as string;

    const now = Date.now();
    const lastDays = (days: number) =>
      `startDate=${isoDay(new Date(now - days * DAY_MS))}&endDate=${isoDay(new Date(now))}`;
    const calls: [string, string][] = [
      ['dashboard overall', '/api/admin/analytics'],
      ['dashboard daily', `/api/admin/analytics?${lastDays(1)}`],
      ['dashboard monthly', `/api/admin/analytics?${lastDays(30)}`],
      ['sales 30 d', `/api/admin/analytics/sales?${lastDays(30)}`],
      ['sales 365 d', `/api/admin/analytics/sales?${lastDays(365)}`],
      ['revenue 30 d', `/api/admin/analytics/revenue?${lastDays(30)}`],
      ['revenue 365 d', `/api/admin/analytics/revenue?${lastDays(365)}`],
      ['customers 30 d', `/api/admin/analytics/customers?${lastDays(30)}`],
      ['customers 365 d', `/api/admin/analytics/customers?${lastDays(365)}`],
      ['orders/performance 365 d', `/api/admin/analytics/orders/performance?${lastDays(365)}`],
      ['coupons 365 d', `/api/admin/analytics/coupons?${lastDays(365)}`],
      ['activity/system 365 d', `/api/admin/analytics/activity/system?${lastDays(365)}`],
      ['comprehensive 30 d', `/api/admin/analytics/reports/comprehensive?${lastDays(30)}`],
      ['comprehensive 90 d', `/api/admin/analytics/reports/comprehensive?${lastDays(90)}`],
    ];
    let slow = 0;
    for (const [name, url] of calls) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      if (median >= TARGET_MS) slow += 1;
      console.log(`  ${name.padEnd(26)} median ${median.toFixed(1).padStart(7)} ms  (min ${times[0]!.toFixed(1)})`);
    }
    console.log(
      `analytics: ${slow ? `${slow} call(s) at or over` : 'every call under'} ${TARGET_MS} ms (median of ${RUNS})`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
