/**
 * Imports N product variant rows (default 100,000: 20,000 products x 5 sizes) through the real dry run and import job on
 * TEST_DATABASE_URL (or an in-memory PGlite), printing time, rate and peak resident memory:
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/import-products.ts [rows]
 */
import { PRODUCT_CSV_COLUMNS } from '@seamline/shared';
import { brands, categories } from '../apps/server/src/db/schema/index.js';
import { signedIn } from '../apps/server/test/factories.js';
import { call, createTestApp } from '../apps/server/test/harness.js';
import { multipartBody } from '../apps/server/test/uploads.js';

const rows = Number(process.argv[2] ?? 100_000);
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const t = await createTestApp();
try {
  const admin = (await signedIn(t.app, 'admin')).token;
  await t.app.db.insert(categories).values({ name: 'Men' });
  await t.app.db.insert(brands).values({ name: 'Northwind Apparel' });
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const cells: Record<string, string> = {
      product_sku: `BENCH-${Math.floor(i / SIZES.length)}`,
      name: `Bench Tee ${Math.floor(i / SIZES.length)}`,
      category: 'Men',
      subcategory: 'T-Shirts',
      brand: 'Northwind Apparel',
      price: '19.99',
      size: SIZES[i % SIZES.length]!,
      color: 'Black',
      quantity: String(i % 50),
    };
    lines.push(PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? '').join(','));
  }
  const csv = `${lines.join('\n')}\n`;
  const upload = (dryRun: boolean) => {
    const { body, headers } = multipartBody([{ name: 'file', filename: 'bench.csv', data: csv }]);
    return call(t.app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token: admin, body, headers });
  };
  const run = async (label: string) => {
    let started = performance.now();
    const preview = await upload(true);
    console.log(
      `${label} dry run: ${((performance.now() - started) / 1000).toFixed(1)} s`,
      preview.body.data.preview.counts,
    );
    started = performance.now();
    const id = (await upload(false)).body.data.job.id;
    for (;;) {
      const { job } = (await call(t.app, 'GET', `/api/admin/jobs/${id}`, { token: admin })).body.data;
      if (job.status !== 'queued' && job.status !== 'running') {
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `${label} apply: ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s)`,
          job.status,
          job.counts,
        );
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  console.log(`${rows} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB CSV`);
  await run('first');
  await run('again (no-op)');
  console.log(`peak resident memory ${Math.round(peakRss / 1024 / 1024)} MB`);
} finally {
  clearInterval(sampler);
  await t.close();
}
