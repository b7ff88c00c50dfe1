/** The bench's knobs, all from the environment (docs/benchmarks.md). */
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(Number.isFinite(value) && value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};

export const CHECK_NAMES = [
  'zero-setup',
  'cold-start',
  'imports',
  'storefront',
  'reviews',
  'admin-lists',
  'admin-list-load',
  'analytics',
  'back-office',
  'shop',
  'checkout',
  'exports',
  'invariants',
  'webhooks',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];
/** Checks that bring their own scratch databases; the others measure the bench store. */
export const SCRATCH_CHECKS: readonly CheckName[] = ['zero-setup', 'cold-start', 'imports', 'webhooks'];
/** Checks of the bench store over HTTP (the invariants read the database only). */
export const SERVER_CHECKS = CHECK_NAMES.filter((name) => !SCRATCH_CHECKS.includes(name) && name !== 'invariants');

function selectedChecks(): Set<CheckName> {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return new Set(CHECK_NAMES);
  const unknown = only.filter((name) => !CHECK_NAMES.includes(name as CheckName));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown check(s) ${unknown.join(', ')}; use ${CHECK_NAMES.join(', ')}`);
  return new Set(only as CheckName[]);
}

export const settings = {
  checks: selectedChecks(),
  /** Length of each load run (storefront, checkout). */
  seconds: number('BENCH_SECONDS', 10),
  /** Requests per URL for the one-at-a-time latency checks (admin lists, analytics, back-office navigations). */
  runs: number('BENCH_RUNS', 20),
  /** Orders generated into a fresh database that has no catalogue yet. */
  orders: number('BENCH_ORDERS', 20_000),
  /** Variant rows of the import check's generated file. */
  importRows: number('BENCH_IMPORT_ROWS', 100_000),
  /** Events of the webhook delivery check. */
  webhookEvents: number('BENCH_WEBHOOK_EVENTS', 2_000),
};
