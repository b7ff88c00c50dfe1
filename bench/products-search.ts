import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { seedDemoData } from '../apps/server/src/db/seed/index.js';

/** Acceptance: a product list request with `search` on the demo data answers in under 50 ms (median). */
export const PRODUCT_SEARCH_BUDGET_MS = 50;
const SEARCHES = ['shirt', 'denim', 'women', 'peak performance', 'NOR-TSH', 'boots', 'no such thing'];
const RUNS = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Seeds the demo catalogue into a fresh embedded database and times GET /api/products?search=… through the app. */
export async function benchProductSearch(): Promise<{
  medianMs: number;
  perSearch: Record<string, number>;
  ok: boolean;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0' }),
    pgliteDir: ':memory:',
    rateLimitMax: 1_000_000,
    seedDemo: false,
  };
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await seedDemoData(database.db, () => {}, { uploadDir: config.uploadDir });
    const app = await buildApp({ config, database, logger: false });
    const timings: number[] = [];
    const perSearch: Record<string, number> = {};
    for (const search of SEARCHES) {
      const url = `/api/products?search=${encodeURIComponent(search)}`;
      for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url }); // warm-up
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url });
        runs.push(performance.now() - start);
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      }
      perSearch[search] = Math.round(median(runs) * 10) / 10;
      timings.push(...runs);
    }
    await app.close();
    const medianMs = Math.round(median(timings) * 10) / 10;
    return { medianMs, perSearch, ok: medianMs < PRODUCT_SEARCH_BUDGET_MS };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
