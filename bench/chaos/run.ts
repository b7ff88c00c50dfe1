/**
 * `npm run chaos`: the compiled server under a mixed load of shoppers and staff while its dependencies fail one at a
 * time (Redis stopped and frozen, SMTP and S3 refusing and hanging), each fault followed by its recovery. Prints per
 * phase what the load got and what readiness said, then checks that no acknowledged order was lost. Exits 1 when an
 * order was lost or a request failed in a way no fault explains. Not part of `npm test` or CI (docs/operations.md § Chaos run).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, prepareDataDir } from '../../apps/server/src/config.js';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client.js';
import { seedDemoData } from '../../apps/server/src/db/seed/index.js';
import { freePort, repoRoot, serverEnv, startCompiled, waitHealthy } from '../../apps/server/test/process.js';
import { pickHotVariants } from '../checks/checkout.js';
import { BENCH_JWT_SECRET, scratchDatabase } from '../lib/database.js';
import { callJson } from '../lib/http.js';
import { benchAdmin, signIn } from '../lib/staff.js';
import { startDependencies } from './dependencies.js';
import { Load, SHOPPERS, STAFF, type Store } from './load.js';
import { abuserLine, type Phase, phaseTable, unexpectedFailures } from './report.js';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 8);
if (!(SECONDS > 0)) throw new Error('CHAOS_SECONDS must be a positive number');

/** A database of the run's own: a scratch database beside DATABASE_URL, or an embedded one in the data folder. */
async function chaosDatabase(dataDir: string) {
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, 'chaos');
    return { url: scratch.url, database: await openDatabase({ databaseUrl: scratch.url }), drop: scratch.drop };
  }
  return { url: '', database: await openDatabase({ dataDir }), drop: async () => {} };
}

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, query);
  return Number(row?.n ?? 0);
}

const pendingMail = (database: Database) =>
  count(database, sql`SELECT count(*) AS n FROM mail_outbox WHERE sent_at IS NULL`);

async function readinessText(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/health/ready`, { signal: AbortSignal.timeout(10_000) });
  const body = (await response.json()) as { data?: Record<string, string>; message?: string };
  if (!body.data) return `${response.status} ${body.message ?? ''}`;
  const degraded = Object.keys(body.data).filter((name) => name !== 'status' && body.data?.[name] === 'degraded');
  return `${response.status} ${body.data.status}${degraded.length ? ` (${degraded.join(', ')})` : ''}`;
}

/** The store the load works on: demo catalogue, stock topped up on the ordered variants, a signed-in admin. */
async function prepareStore(database: Database, baseUrl: string): Promise<Store> {
  const admin = await benchAdmin(database.db);
  const staffToken = await signIn(baseUrl, admin);
  const variants = (await pickHotVariants(database.db)).slice(0, 20);
  for (const variant of variants)
    await callJson({ baseUrl, token: staffToken }, `/api/admin/products/${variant.productId}/inventory`, {
      method: 'PUT',
      body: { size: variant.size, color: variant.color, quantity: 100_000, operation: 'add', reason: 'Chaos run' },
    });
  const slugs = await queryRows<{ slug: string }>(database.db, sql`SELECT slug FROM products WHERE is_active LIMIT 50`);
  return {
    baseUrl,
    staffToken,
    variants,
    slugs: slugs.map((row) => row.slug),
  };
}

execFileSync(process.execPath, ['scripts/build.mjs', '--server-if-stale'], { cwd: repoRoot, stdio: 'inherit' });
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'seamline-chaos-')) });
const dataDir = config.dataDir;
prepareDataDir(config);
const { url: databaseUrl, database, drop } = await chaosDatabase(dataDir);
const dependencies = await startDependencies();
const port = await freePort();
let server: ReturnType<typeof startCompiled> | undefined;
try {
  await database.migrate();
  await seedDemoData(database.db, () => {}, config);
  server = startCompiled(
    serverEnv(port, {
      ...dependencies.serverEnv,
      NODE_ENV: 'production',
      JWT_SECRET: BENCH_JWT_SECRET,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Each shopper request comes from an address of its own (X-Forwarded-For from loopback), like many guests.
      TRUST_PROXY: 'loopback',
      // The two staff workers share one account; the run watches dependencies, not the staff budget.
      RATE_LIMIT_STAFF: '1000000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
  );
  const running = server;
  process.once('exit', () => running.child.kill('SIGKILL'));
  if (!(await waitHealthy(port, server.child, 120_000)))
    throw new Error(`The server did not start:\n${server.output()}`);
  const baseUrl = `http://127.0.0.1:${port}`;
  const load = new Load(await prepareStore(database, baseUrl));
  console.log(
    `Chaos run: ${SHOPPERS} shoppers, ${STAFF} staff and one abuser, ${SECONDS} s per phase, ` +
      `${dependencies.faults.length} faults each followed by its recovery\n`,
  );

  // Untimed: the first requests of a fresh process (compilation, cold caches) would otherwise colour the baseline.
  await load.run(3);
  const phases: Phase[] = [];
  const phase = async (name: string) => {
    const outcomes = await load.run(SECONDS);
    phases.push({ name, outcomes, readiness: await readinessText(baseUrl), mailQueued: await pendingMail(database) });
    console.log(`  ${name}: ${outcomes.length} requests`);
  };
  await phase('all up');
  for (const fault of dependencies.faults) {
    await fault.begin();
    await phase(fault.name);
    await fault.end();
    await phase(`${fault.name.split(' ')[0]} back`);
  }

  // Mail queued during the SMTP faults goes out once SMTP answers again.
  for (let i = 0; i < 60 && (await pendingMail(database)) > 0; i++) await new Promise((r) => setTimeout(r, 500));
  const acknowledged = load.acknowledgedOrders;
  const found = await count(
    database,
    sql`SELECT count(*) AS n FROM orders WHERE id = ANY(${sql.param(acknowledged)}::text[])`,
  );
  const lost = acknowledged.length - found;
  const unexplained = phases.flatMap(unexpectedFailures);

  console.log(`\n${phaseTable(phases)}\n`);
  console.log(`Password-reset abuser (20 a minute from one address): ${abuserLine(phases)}`);
  console.log(`Orders acknowledged with 201: ${acknowledged.length}; found in the database: ${found}; lost: ${lost}`);
  console.log(`Mail still queued after the run: ${await pendingMail(database)}`);
  console.log(
    unexplained.length === 0 && lost === 0
      ? 'No order lost; every 5xx was an upload while S3 was down; every request was answered.'
      : `FAILED: ${lost} order(s) lost, ${unexplained.length} request(s) failed without a fault to explain it.`,
  );
  process.exitCode = unexplained.length === 0 && lost === 0 ? 0 : 1;
} finally {
  server?.child.kill('SIGTERM');
  await server?.exited;
  // CHAOS_LOG=<file>: the server's own log of the run (warnings and errors), to see what each fault looked like inside.
  if (process.env.CHAOS_LOG && server) writeFileSync(process.env.CHAOS_LOG, server.output());
  await dependencies.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}
