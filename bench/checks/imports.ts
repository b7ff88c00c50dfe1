import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ImportPreview, type JobView, PRODUCT_CSV_COLUMNS } from '@seamline/shared';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import { loadConfig, prepareDataDir } from '../../apps/server/src/config.js';
import { openDatabase, queryRows } from '../../apps/server/src/db/client.js';
import { seedTaxonomy } from '../../apps/server/src/db/seed/generate/catalogue.js';
import { scratchDatabase } from '../lib/database.js';
import { residentMb, startServer } from '../lib/server.js';
import { benchAdmin, type StaffAccount, signIn } from '../lib/staff.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'imports';
const SIZES = ['S', 'M', 'L'];
const COLORS = ['Black', 'Navy', 'Grey'];
const STYLES = ['Relaxed Linen Shirt', 'Slim Denim Jeans', 'Everyday Cotton Tee', 'Wool Overcoat', 'Knit Sweater'];
const DESCRIPTION =
  'Cut for an easy fit, with a soft hand and a clean finish. Pre-washed, so it keeps its shape, ' +
  'and made to be worn every day: machine wash cold, dry flat, iron on low.';

type Taxonomy = { categories: string[]; brands: string[] };

/** A realistic variant file: products of 9 size × colour rows each, in the store's categories and brands. */
async function writeCatalogue(file: string, rows: number, taxonomy: Taxonomy): Promise<number> {
  const variants = SIZES.length * COLORS.length;
  async function* records() {
    yield [...PRODUCT_CSV_COLUMNS];
    for (let i = 0; i < rows; i++) {
      const p = Math.floor(i / variants);
      const price = 19 + (p % 180);
      const cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>> = {
        product_sku: `IMPORT-${p}`,
        name: `${STYLES[p % STYLES.length]} ${p}`,
        description: DESCRIPTION,
        category: taxonomy.categories[p % taxonomy.categories.length],
        subcategory: 'Essentials',
        brand: taxonomy.brands[p % taxonomy.brands.length],
        price: `${price}.90`,
        compare_price: `${price + 10}.90`,
        cost_price: `${Math.round(price / 2)}.00`,
        size: SIZES[i % SIZES.length],
        color: COLORS[Math.floor(i / SIZES.length) % COLORS.length],
        quantity: String((i * 7) % 60),
        low_stock_threshold: '5',
        tags: 'cotton, everyday, new season',
        status: 'active',
      };
      yield PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '');
    }
  }
  await pipeline(Readable.from(records()), stringify(), createWriteStream(file));
  return statSync(file).size;
}

/** The peak resident memory of a process, sampled every 100 ms while a phase runs. */
function watchMemory(pid: number) {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, 100);
  return {
    peakSince(reset: boolean) {
      const value = Math.max(peak, residentMb(pid));
      if (reset) peak = 0;
      return value;
    },
    stop: () => clearInterval(timer),
  };
}

async function upload(baseUrl: string, token: string, file: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'bench-import.csv');
  const res = await fetch(`${baseUrl}/api/admin/products/import?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { data: { preview: ImportPreview; job: JobView }; error?: string };
  if (!res.ok) throw new Error(`import ${dryRun ? 'dry run' : 'start'} answered ${res.status}: ${body.error}`);
  return body.data;
}

async function waitForJob(baseUrl: string, token: string, id: string) {
  for (;;) {
    const res = await fetch(`${baseUrl}/api/admin/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const { job } = ((await res.json()) as { data: { job: JobView } }).data;
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Migrates the scratch database and gives it the generated store's categories and brands and the bench admin. */
async function prepareScratch(dataDir: string, databaseUrl: string | undefined) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  prepareDataDir(config);
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedTaxonomy(database.db);
    const names = (table: string) =>
      queryRows<{ name: string }>(database.db, sql.raw(`SELECT name FROM ${table} ORDER BY name`));
    const taxonomy: Taxonomy = {
      categories: (await names('categories')).map((r) => r.name),
      brands: (await names('brands')).map((r) => r.name),
    };
    return { taxonomy, staff: await benchAdmin(database.db) };
  } finally {
    await database.close();
  }
}

/**
 * Product import at size: a generated file of `rows` variant rows uploaded over HTTP to the compiled server running on
 * a scratch database (created here, dropped afterwards: PostgreSQL beside DATABASE_URL, else an embedded one), dry
 * run then apply; time, rate and the server's resident memory (peak, and growth over the idle server).
 */
export async function importsCheck(rows: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-import-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'import') : null;
  try {
    const { taxonomy, staff } = await prepareScratch(dataDir, scratch?.url);
    const file = path.join(dataDir, 'bench-import.csv');
    const bytes = await writeCatalogue(file, rows, taxonomy);
    const server = await startServer({ serverEnv: { DATA_DIR: dataDir, DATABASE_URL: scratch?.url ?? '' } });
    try {
      return await measureImport(server, staff, file, rows, bytes);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureImport(
  server: { baseUrl: string; pid: number },
  staff: StaffAccount,
  file: string,
  rows: number,
  bytes: number,
): Promise<Figure[]> {
  const token = await signIn(server.baseUrl, staff);
  const idle = residentMb(server.pid);
  const memory = watchMemory(server.pid);
  try {
    let started = performance.now();
    const { preview } = await upload(server.baseUrl, token, file, true);
    const dryRun = (performance.now() - started) / 1000;
    const dryRunPeak = memory.peakSince(true);
    if (preview.counts.create !== rows || preview.errorCount !== 0)
      throw new Error(`dry run: ${JSON.stringify(preview.counts)}, ${preview.errorCount} errors`);

    started = performance.now();
    const { job: queued } = await upload(server.baseUrl, token, file, false);
    const job = await waitForJob(server.baseUrl, token, queued.id);
    const apply = (performance.now() - started) / 1000;
    const applyPeak = memory.peakSince(false);
    if (job.status !== 'completed' || job.counts.create !== rows)
      throw new Error(`apply: ${job.status} ${JSON.stringify(job.counts)} ${job.failure ?? ''}`);

    const perSecond = (seconds: number) => `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`;
    const peak = Math.max(dryRunPeak, applyPeak);
    return [
      {
        group: GROUP,
        name: 'variant rows',
        value: rows,
        unit: 'count',
        note: `${Math.ceil(rows / 9).toLocaleString('en-US')} products × 9, ${(bytes / 2 ** 20).toFixed(1)} MB CSV`,
      },
      { group: GROUP, name: 'dry run', value: dryRun, unit: 's', bound: 'max', target: 60, note: perSecond(dryRun) },
      { group: GROUP, name: 'apply (job)', value: apply, unit: 's', bound: 'max', target: 300, note: perSecond(apply) },
      {
        group: GROUP,
        name: 'server peak resident memory',
        value: peak,
        unit: 'MB',
        note: `dry run ${Math.round(dryRunPeak)} MB, apply ${Math.round(applyPeak)} MB`,
      },
      {
        group: GROUP,
        name: 'server memory growth',
        value: peak - idle,
        unit: 'MB',
        bound: 'max',
        target: 300,
        note: `over ${Math.round(idle)} MB idle`,
      },
    ];
  } finally {
    memory.stop();
  }
}
