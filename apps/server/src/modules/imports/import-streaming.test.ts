import { Readable } from 'node:stream';
import { IMPORT_LIMITS, IMPORT_MESSAGES, PRODUCT_CSV_COLUMNS } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenAndNorthwind, signedIn } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/uploads.js';
import { buildApp } from '../../app.js';
import { activityLogs, inventory, inventoryMovements, jobInputChunks, jobs, products } from '../../db/schema/index.js';

/** Large files: a dry run and a job over many batches, an upload past the size limit, a job resumed after a crash. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t.app, 'admin')).token;
  await addMenAndNorthwind(t.app.db);
});
afterAll(async () => t.close());

type Cells = Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLORS = ['Black', 'Navy'];
const DESCRIPTION = 'A soft everyday tee in combed cotton. '.repeat(8);

/**
 * `productCount` products × 10 variants; `override` changes the cells of a spreadsheet row (header = row 1).
 */
function catalogue(prefix: string, productCount: number, override: (row: number) => Cells = () => ({})) {
  const lines = [PRODUCT_CSV_COLUMNS.join(',')];
  for (let p = 0; p < productCount; p++)
    for (const color of COLORS)
      for (const size of SIZES) {
        const cells: Cells = {
          product_sku: `${prefix}-${p}`,
          name: `Streamed Tee ${p}`,
          description: DESCRIPTION,
          category: 'Men',
          subcategory: 'T-Shirts',
          brand: 'Northwind',
          price: '20',
          size,
          color,
          quantity: String(p % 40),
          ...override(lines.length + 1),
        };
        lines.push(PRODUCT_CSV_COLUMNS.map((column) => cells[column] ?? '').join(','));
      }
  return `${lines.join('\n')}\n`;
}

/** An app and an admin's token on it. */
type Staff = { app: TestApp['app']; token: string };

const upload = ({ app, token }: Staff, csv: string, dryRun: boolean) => {
  const { body, headers } = multipartBody([{ name: 'file', filename: 'large.csv', type: 'text/csv', data: csv }]);
  return call(app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token, body, headers });
};

const jobOf = async ({ app, token }: Staff, id: string) =>
  (await call(app, 'GET', `/api/admin/jobs/${id}`, { token })).body.data.job;

async function waitForEnd(staff: Staff, id: string) {
  for (let i = 0; i < 1200; i++) {
    const job = await jobOf(staff, id);
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('import job did not finish');
}

const countOf = async (db: TestApp['app']['db'], prefix: string) => ({
  products: await db.$count(products, sql`${products.sku} LIKE ${`${prefix}-%`}`),
  jobs: await db.$count(jobs),
  chunks: await db.$count(jobInputChunks),
});

describe('streamed import of large files', () => {
  it('dry-runs a file of several batches row by row: errors of every batch, in row order; writes nothing', async () => {
    const bad: Record<number, Cells> = { 10: { price: '0' }, 1500: { quantity: 'lots' }, 3200: { category: 'Nope' } };
    const res = await upload(
      { app: t.app, token: admin },
      catalogue('DRY', 350, (row) => bad[row] ?? {}),
      true,
    );
    expect(res.status).toBe(200);
    const { preview } = res.body.data;
    expect(preview).toMatchObject({ totalRows: 3500, newProducts: 350, errorCount: 3 });
    expect(preview.counts).toEqual({ create: 3497, update: 0, unchanged: 0, failed: 3 });
    expect(preview.errors).toEqual([
      { row: 10, column: 'price', message: 'Price must be greater than 0.' },
      { row: 1500, column: 'quantity', message: 'Quantity must be a whole number of at least 0.' },
      { row: 3200, column: 'category', message: IMPORT_MESSAGES.categoryNotFound },
    ]);
    expect(await countOf(t.app.db, 'DRY')).toEqual({ products: 0, jobs: 0, chunks: 0 });
  });

  it('lists the first errors only and counts them all', async () => {
    const preview = (
      await upload(
        { app: t.app, token: admin },
        catalogue('BAD', 120, () => ({ price: '0' })),
        true,
      )
    ).body.data.preview;
    expect(preview.counts.failed).toBe(1200);
    expect(preview.errorCount).toBe(1200);
    expect(preview.errors).toHaveLength(IMPORT_LIMITS.maxListedErrors);
    expect(preview.errors.at(-1).row).toBe(IMPORT_LIMITS.maxListedErrors + 1);
  });

  it('refuses a file past the size limit with 413 while it streams, leaving nothing behind', async () => {
    const boundary = '----seamline-streamed-upload';
    async function* body() {
      yield `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\n\r\n`;
      yield catalogue('HUGE', 2);
      // Blank lines: the parser skips them, so the file reaches the limit quickly.
      const blank = Buffer.alloc(1024 * 1024, '\n');
      for (let sent = 0; sent <= IMPORT_LIMITS.maxBytes; sent += blank.length) yield blank;
      yield `\r\n--${boundary}--\r\n`;
    }
    // Applying: the part stored while the file streamed in is removed again.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import?dryRun=false',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: IMPORT_MESSAGES.tooLarge });
    expect(await countOf(t.app.db, 'HUGE')).toEqual({ products: 0, jobs: 0, chunks: 0 });
    // 100 MB through the parser and into the database: longer than most tests on the embedded database.
  }, 120_000);

  it('refuses a file that stops being CSV after a few batches (400), applying nothing and keeping nothing', async () => {
    const staff = { app: t.app, token: admin };
    const csv = `${catalogue('BROKEN', 300)}BROKEN-X,,"Unclosed quote,Men\n`;
    for (const dryRun of [true, false]) {
      const res = await upload(staff, csv, dryRun);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(IMPORT_MESSAGES.badCsv);
    }
    expect(await countOf(t.app.db, 'BROKEN')).toEqual({ products: 0, jobs: 0, chunks: 0 });
  });

  it('resumes a job whose process died on another instance, applying no row twice; the same file again changes nothing', async () => {
    const crashed = await createTestApp();
    const db = crashed.database.db;
    await addMenAndNorthwind(db);
    const token = (await signedIn(crashed.app, 'admin')).token;
    const first: Staff = { app: crashed.app, token };
    // One bad row before the crash, one after: the resumed job reports both.
    const csv = catalogue('RES', 600, (row) => (row === 1234 || row === 4321 ? { quantity: '-1' } : {}));
    let second: TestApp['app'] | null = null;
    try {
      const started = await upload(first, csv, false);
      expect(started.status).toBe(202);
      const id = started.body.data.job.id as string;
      // The file is kept in the database in pieces of about 1 MB, never as one value.
      const chunks = await db.select({ size: sql<number>`length(${jobInputChunks.data})` }).from(jobInputChunks);
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      for (const chunk of chunks) expect(Number(chunk.size)).toBeLessThanOrEqual(1024 * 1024);

      // The instance dies during the third batch: its writes and its progress update roll back, and so does the
      // job's end; the first two batches stay committed, and the queue runs the job again.
      await db.execute(sql`
        CREATE FUNCTION test_job_dies() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the process died'; END $$`);
      await db.execute(sql`
        CREATE TRIGGER test_job_dies BEFORE UPDATE ON jobs FOR EACH ROW
        WHEN (NEW.processed_rows > ${sql.raw(String(2 * IMPORT_LIMITS.batchRows))} OR NEW.status IN ('completed', 'failed'))
        EXECUTE FUNCTION test_job_dies()`);
      for (let i = 0; (await jobOf(first, id)).processedRows < 2 * IMPORT_LIMITS.batchRows; i++) {
        if (i > 2000) throw new Error('the job did not reach its third batch');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await crashed.app.close();
      await db.execute(sql`DROP TRIGGER test_job_dies ON jobs`);
      const [halfway] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(halfway).toMatchObject({ status: 'running', processedRows: 2 * IMPORT_LIMITS.batchRows });

      second = await buildApp({ config: crashed.config, database: crashed.database, logger: false });
      await second.ready();
      const staff: Staff = { app: second, token };
      const job = await waitForEnd(staff, id);
      expect(job).toMatchObject({ status: 'completed', totalRows: 6000, processedRows: 6000, errorCount: 2 });
      expect(job.counts).toEqual({ create: 5998, update: 0, unchanged: 0, failed: 2 });
      const quantityError = 'Quantity must be a whole number of at least 0.';
      expect(job.errors).toEqual([
        { row: 1234, column: 'quantity', message: quantityError },
        { row: 4321, column: 'quantity', message: quantityError },
      ]);
      const [moves] = await db
        .select({ all: sql<number>`count(*)::int`, variants: sql<number>`count(DISTINCT inventory_id)::int` })
        .from(inventoryMovements);
      expect(moves).toEqual({ all: 5998, variants: 5998 });
      expect(await db.$count(inventory)).toBe(5998);
      expect(await db.$count(products)).toBe(600);
      expect(await db.$count(activityLogs, eq(activityLogs.resourceId, id))).toBe(1);
      expect(await db.$count(jobInputChunks)).toBe(0);

      const again = await waitForEnd(staff, (await upload(staff, csv, false)).body.data.job.id);
      expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 5998, failed: 2 });
      expect(await db.$count(inventoryMovements)).toBe(5998);
    } finally {
      await second?.close();
      await crashed.close();
    }
  });
});
