/**
 * `npm run bench`: every performance target of the project measured over real HTTP against the compiled server, printed
 * as one table; exits 1 when a target is missed. docs/benchmarks.md lists the settings and the latest figures.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.js';
import { repoRoot } from '../apps/server/test/process.js';
import { adminListLoad } from './checks/admin-list-load.js';
import { adminLists } from './checks/admin-lists.js';
import { analytics } from './checks/analytics.js';
import { backOffice } from './checks/back-office.js';
import { type CheckoutOutcome, checkout, type HotVariant, pickHotVariants } from './checks/checkout.js';
import { coldStart } from './checks/cold-start.js';
import { exportsCheck, orderLines } from './checks/exports.js';
import { importsCheck } from './checks/imports.js';
import { brokenStock, invariants } from './checks/invariants.js';
import { reviewedProduct, reviewsCheck } from './checks/reviews.js';
import { shop } from './checks/shop.js';
import { storefront } from './checks/storefront.js';
import { webhooksCheck } from './checks/webhooks.js';
import { zeroSetup } from './checks/zero-setup.js';
import { type BenchDatabase, benchDatabase, prepareStore } from './lib/database.js';
import { startServer } from './lib/server.js';
import { SCRATCH_CHECKS, SERVER_CHECKS, settings } from './lib/settings.js';
import { benchAdmin, signIn } from './lib/staff.js';
import { type Figure, passes, renderTable } from './lib/table.js';

const figures: Figure[] = [];
const wanted = settings.checks;

/** Runs one check; a check that throws is a missed figure with the reason, and the others still run. */
async function measure(group: string, check: (out: Figure[]) => Promise<unknown>): Promise<void> {
  const started = Date.now();
  console.log(`… ${group}`);
  try {
    await check(figures);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    figures.push({
      group,
      name: 'did not finish',
      value: Number.NaN,
      unit: 'ms',
      bound: 'max',
      target: 0,
      note: reason,
    });
  }
  // Each check's rows as soon as it ends, so a long run shows progress (the whole table follows at the end).
  const own = figures.filter((f) => f.group === group);
  console.log(`  ${group} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const f of own) console.log(`  ${passes(f) ? 'ok  ' : 'MISS'} ${f.name}: ${f.value.toFixed(1)} ${f.unit}`);
}

async function storeSize(db: Parameters<typeof queryRows>[0]): Promise<string> {
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`SELECT (SELECT count(*) FROM products) AS products, (SELECT count(*) FROM inventory) AS variants,
      (SELECT count(*) FROM users WHERE role = 'customer') AS customers, (SELECT count(*) FROM orders) AS orders`,
  );
  return Object.entries(row ?? {})
    .map(([name, n]) => `${Number(n).toLocaleString('en-US')} ${name}`)
    .join(', ');
}

const needsServer = SERVER_CHECKS.some((name) => wanted.has(name));
execFileSync(
  process.execPath,
  ['scripts/build.mjs', wanted.has('back-office') || wanted.has('shop') ? '--if-stale' : '--server-if-stale'],
  {
    cwd: repoRoot,
    stdio: 'inherit',
  },
);
if (wanted.has('zero-setup'))
  await measure('zero setup', async (out) => out.push(...(await zeroSetup(settings.seconds))));
if (wanted.has('cold-start')) await measure('cold start', async (out) => out.push(...(await coldStart())));
if (wanted.has('imports'))
  await measure('imports', async (out) => out.push(...(await importsCheck(settings.importRows))));
if (wanted.has('webhooks'))
  await measure('webhooks', async (out) => out.push(...(await webhooksCheck(settings.webhookEvents))));

/** The checks on the bench store (prepared first when it has no catalogue); returns the store's size. */
async function storeChecks(target: BenchDatabase): Promise<string> {
  const database = await target.open();
  try {
    await prepareStore(database, target, settings.orders);
    const size = await storeSize(database.db);
    const [{ n: storeProducts } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM products`,
    );
    console.log(`Bench store: ${target.label}: ${size}`);
    const staff = await benchAdmin(database.db);
    const hot: HotVariant[] =
      wanted.has('checkout') || wanted.has('invariants') ? await pickHotVariants(database.db) : [];
    const exportRows = wanted.has('exports') ? await orderLines(database.db) : null;
    const brokenBefore = wanted.has('invariants') ? await brokenStock(database.db, hot) : new Map<string, string>();
    let outcome: CheckoutOutcome | null = null;

    if (needsServer) {
      const server = await startServer(target);
      try {
        const ctx = { baseUrl: server.baseUrl, token: '' };
        // A fresh access token per check: on a large store a run outlasts the token's lifetime.
        const signedIn =
          (check: (out: Figure[]) => Promise<unknown>) =>
          async (out: Figure[]): Promise<unknown> => {
            ctx.token = await signIn(server.baseUrl, staff);
            return check(out);
          };
        if (wanted.has('storefront'))
          await measure(
            'storefront',
            signedIn((out) =>
              storefront(ctx, out, settings.seconds, settings.runs, {
                startUncached: () => startServer(target, { CATALOGUE_CACHE_TTL_MS: '0' }),
                products: storeProducts,
              }),
            ),
          );
        // Inside the check: a store with too few customers to give one product 10,000 reviews misses this check only.
        if (wanted.has('reviews'))
          await measure('reviews', async (out) =>
            reviewsCheck(ctx, out, await reviewedProduct(database.db), settings.seconds),
          );
        if (wanted.has('admin-lists'))
          await measure(
            'admin lists',
            signedIn((out) => adminLists(ctx, out, settings.runs, settings.seconds)),
          );
        if (wanted.has('admin-list-load'))
          await measure(
            'admin list load',
            signedIn((out) => adminListLoad(ctx, out, settings.seconds)),
          );
        if (wanted.has('analytics'))
          await measure(
            'analytics',
            signedIn((out) => analytics(ctx, out, settings.runs)),
          );
        if (wanted.has('back-office'))
          await measure(
            'back office',
            signedIn((out) => backOffice(ctx, out, staff)),
          );
        if (wanted.has('shop')) await measure('shop', (out) => shop(ctx, out));
        if (wanted.has('exports'))
          await measure(
            'exports',
            signedIn((out) => exportsCheck(ctx, out, exportRows!, server.pid)),
          );
        if (wanted.has('checkout'))
          await measure(
            'checkout',
            signedIn(async (out) => {
              const run = await checkout(ctx, database.db, hot, settings.seconds);
              outcome = run.outcome;
              out.push(...run.figures);
            }),
          );
      } finally {
        await server.stop();
      }
    }
    if (wanted.has('invariants'))
      await measure('invariants', (out) => invariants(database.db, out, hot, brokenBefore, outcome));
    return size;
  } finally {
    await database.close();
    target.dispose();
  }
}

// Cold start, imports and webhooks bring their own scratch databases; the other checks measure the bench store.
const target = benchDatabase();
const storeWanted = [...wanted].some((check) => !SCRATCH_CHECKS.includes(check));
const size = storeWanted ? await storeChecks(target) : '';
if (!storeWanted) target.dispose();

const cpus = os.cpus();
console.log(
  `\n${new Date().toISOString().slice(0, 10)} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB · Node ${process.version} · ${target.label}${size ? ` (${size})` : ''} · ` +
    `BENCH_SECONDS=${settings.seconds} BENCH_RUNS=${settings.runs}\n`,
);
console.log(renderTable(figures));
const missed = figures.filter((f) => !passes(f));
console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nEvery target met.');
process.exitCode = missed.length ? 1 : 0;
