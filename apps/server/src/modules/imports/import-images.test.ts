import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { IMAGE_LIMITS, IMPORT_LIMITS } from '@seamline/shared';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMenAndNorthwind, signedIn } from '../../../test/factories.js';
import { call, createTestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/uploads.js';
import { buildApp } from '../../app.js';
import { jobs, productImages, products } from '../../db/schema/index.js';
import { isPublicAddress } from '../../lib/remote-image.js';

const HEADER =
  'product_sku,variant_sku,name,description,category,subcategory,brand,price,compare_price,cost_price,sale_price,size,color,quantity,low_stock_threshold,price_override,barcode,tags,status,image_urls';
const row = (sku: string, imageUrls: string, size = 'M') =>
  `${sku},,Picture Tee,,Men,T-Shirts,Northwind,20,,,,${size},Black,5,5,,,,active,"${imageUrls}"`;
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\n');

/** A picture host on 127.0.0.1 that counts the requests for each path. */
let host: Server;
let base: string;
const hits = new Map<string, number>();
const png = (color: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: color } })
    .png()
    .toBuffer();

beforeAll(async () => {
  const files: Record<string, Buffer> = {
    '/red.png': await png('#ff0000'),
    '/blue.png': await png('#0000ff'),
    '/green.png': await png('#00ff00'),
    '/white.png': await png('#ffffff'),
    '/notes.txt': Buffer.from('not a picture at all'),
    '/huge.png': Buffer.alloc(IMAGE_LIMITS.maxBytes + 1),
  };
  host = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/moved.png') return res.writeHead(302, { location: '/blue.png' }).end();
    if (req.url === '/loop.png') return res.writeHead(301, { location: '/loop.png' }).end();
    const file = files[req.url!];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url!.endsWith('.png') ? 'image/png' : 'text/plain' }).end(file);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

async function storeApp(flags: { allowHttp: boolean; allowPrivateHosts: boolean }) {
  const t = await createTestApp({ importImages: flags });
  const admin = (await signedIn(t.app, 'admin')).token;
  await addMenAndNorthwind(t.app.db);
  const upload = (csv: string, dryRun: boolean) => {
    const { body, headers } = multipartBody([{ name: 'file', filename: 'pictures.csv', type: 'text/csv', data: csv }]);
    return call(t.app, 'POST', `/api/admin/products/import?dryRun=${dryRun}`, { token: admin, body, headers });
  };
  const apply = async (csv: string) => {
    const started = await upload(csv, false);
    expect(started.status).toBe(202);
    for (let i = 0; i < 600; i++) {
      const res = await call(t.app, 'GET', `/api/admin/jobs/${started.body.data.job.id}`, { token: admin });
      if (res.body.data.job.status !== 'queued' && res.body.data.job.status !== 'running') return res.body.data.job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('import job did not finish');
  };
  const imagesOf = async (sku: string) => {
    const [product] = await t.app.db.select().from(products).where(eq(products.sku, sku));
    expect(product).toBeDefined();
    return t.app.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product!.id))
      .orderBy(asc(productImages.position));
  };
  const fileOf = (url: string) => path.join(t.config.uploadDir, url.slice('/uploads/'.length));
  return { t, upload, apply, imagesOf, fileOf };
}

describe('product import: image URLs (downloads allowed from this machine)', () => {
  let store: Awaited<ReturnType<typeof storeApp>>;
  beforeAll(async () => {
    store = await storeApp({ allowHttp: true, allowPrivateHosts: true });
  });
  afterAll(async () => store.t.close());

  it('downloads the pictures in the background, stores them like uploads, and downloads nothing on re-apply', async () => {
    const csv = csvOf(row('PIC-1', `${base}/red.png|${base}/moved.png`), row('PIC-2', `${base}/blue.png`));
    const preview = await store.upload(csv, true);
    expect(preview.body.data.preview).toMatchObject({ counts: { create: 2, failed: 0 }, errors: [] });
    expect(hits.size).toBe(0); // the dry run fetches nothing

    const job = await store.apply(csv);
    expect(job).toMatchObject({ status: 'completed', counts: { create: 2, failed: 0 }, errors: [] });
    const images = await store.imagesOf('PIC-1');
    expect(images.map((i) => i.sourceUrl)).toEqual([`${base}/red.png`, `${base}/moved.png`]);
    for (const image of images) {
      expect(image.original).toMatch(/^\/uploads\/products\/\w+\.png$/);
      expect(image.webp).toMatch(/\.webp$/);
      for (const url of [image.original, image.webp, image.thumbnail]) expect(existsSync(store.fileOf(url))).toBe(true);
    }
    // The redirect was followed to the blue picture.
    const blue = await sharp(store.fileOf(images[1]!.original)).raw().toBuffer();
    expect([...blue.subarray(0, 3)]).toEqual([0, 0, 255]);
    const fetched = new Map(hits);

    const again = await store.apply(csv);
    expect(again).toMatchObject({ status: 'completed', counts: { unchanged: 2 }, errors: [] });
    expect(hits).toEqual(fetched);

    // The export writes the stored originals: importing them back keeps the pictures and downloads nothing.
    const exported = csvOf(row('PIC-1', images.map((i) => i.original).join('|')));
    expect((await store.apply(exported)).counts).toMatchObject({ unchanged: 1 });
    expect((await store.imagesOf('PIC-1')).map((i) => i.id)).toEqual(images.map((i) => i.id));
    expect(hits).toEqual(fetched);
  });

  it('reorders and replaces pictures, deleting the files no longer shown', async () => {
    const before = await store.imagesOf('PIC-1');
    const hitsBefore = new Map(hits);
    const job = await store.apply(csvOf(row('PIC-1', `${base}/moved.png`)));
    expect(job).toMatchObject({ status: 'completed', counts: { update: 1 }, errors: [] });
    const after = await store.imagesOf('PIC-1');
    expect(after.map((i) => i.original)).toEqual([before[1]!.original]); // kept, not downloaded again
    expect(existsSync(store.fileOf(before[0]!.original))).toBe(false);
    expect(existsSync(store.fileOf(before[1]!.original))).toBe(true);
    expect(hits).toEqual(hitsBefore);
  });

  it('a picture that is not an image, too large, missing or redirecting too often is a row error; the product data still imports', async () => {
    const stored = () => readdirSync(path.join(store.t.config.uploadDir, 'products')).length;
    const filesBefore = stored();
    const job = await store.apply(
      csvOf(
        row('PIC-3', `${base}/red.png|${base}/notes.txt`),
        row('PIC-4', `${base}/huge.png`),
        row('PIC-5', `${base}/gone.png`),
        row('PIC-6', `${base}/loop.png`),
      ),
    );
    expect(job.status).toBe('completed');
    expect(job.counts).toMatchObject({ create: 4, failed: 0 });
    expect(job.errors).toEqual([
      {
        row: 2,
        column: 'image_urls',
        message: expect.stringMatching(/notes\.txt was not imported: it is not an image/),
      },
      {
        row: 3,
        column: 'image_urls',
        message: expect.stringMatching(/huge\.png was not imported: it is larger than 5 MB/),
      },
      {
        row: 4,
        column: 'image_urls',
        message: expect.stringMatching(/gone\.png was not imported: the server answered 404/),
      },
      {
        row: 5,
        column: 'image_urls',
        message: expect.stringMatching(/loop\.png was not imported: it redirects more than 3 times/),
      },
    ]);
    expect(job.errorCount).toBe(4);
    expect(hits.get('/loop.png')).toBe(4); // the first request and 3 redirects
    expect(await store.imagesOf('PIC-3')).toEqual([]);
    // The product's good picture was downloaded, then dropped with its files: nothing half-replaced, nothing left.
    expect(stored()).toBe(filesBefore);
  });

  it('the dry run names bad image_urls cells without fetching anything', async () => {
    const hitsBefore = new Map(hits);
    const many = Array.from({ length: IMAGE_LIMITS.maxPerProduct + 1 }, (_, i) => `${base}/${i}.png`).join('|');
    const res = await store.upload(
      csvOf(row('BAD-1', 'ftp://example.com/a.png'), row('BAD-2', many), row('BAD-3', 'pictures/a.png')),
      true,
    );
    expect(res.body.data.preview.errors).toEqual([
      { row: 2, column: 'image_urls', message: expect.stringContaining('Image URLs must be http:// or https://') },
      { row: 3, column: 'image_urls', message: 'A product can have at most 20 images' },
      { row: 4, column: 'image_urls', message: expect.stringContaining('Image URLs must be') },
    ]);
    expect(hits).toEqual(hitsBefore);
  });
});

describe('product import: image URLs on resume', () => {
  it('a job that died before its pictures were set sets them when resumed, fetching only the missing ones', async () => {
    const crashed = await storeApp({ allowHttp: true, allowPrivateHosts: true });
    const db = crashed.t.database.db;
    let second: Awaited<ReturnType<typeof buildApp>> | null = null;
    try {
      // Batch 1: GREEN-1 with its picture and enough variants to fill the batch; batch 2: WHITE-1.
      const fill = Array.from({ length: IMPORT_LIMITS.batchRows - 1 }, (_, i) => row('GREEN-1', '', `S${i}`));
      const csv = csvOf(row('GREEN-1', `${base}/green.png`), ...fill, row('WHITE-1', `${base}/white.png`));
      // The process dies while storing batch 2's pictures, and its job never ends.
      await db.execute(sql`
        CREATE FUNCTION test_job_dies() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the process died'; END $$`);
      await db.execute(sql`
        CREATE TRIGGER test_images_die BEFORE INSERT ON product_images FOR EACH ROW
        WHEN (NEW.source_url LIKE '%white.png') EXECUTE FUNCTION test_job_dies()`);
      await db.execute(sql`
        CREATE TRIGGER test_job_dies BEFORE UPDATE ON jobs FOR EACH ROW
        WHEN (NEW.status IN ('completed', 'failed')) EXECUTE FUNCTION test_job_dies()`);
      const started = await crashed.upload(csv, false);
      const id = started.body.data.job.id as string;
      for (let i = 0; hits.get('/white.png') !== 1; i++) {
        if (i > 3000) throw new Error('the job did not reach its pictures');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await crashed.t.app.close(); // waits for the job's end, which fails
      await db.execute(sql`DROP TRIGGER test_images_die ON product_images; DROP TRIGGER test_job_dies ON jobs`);
      const [halfway] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(halfway).toMatchObject({ status: 'running', processedRows: IMPORT_LIMITS.batchRows + 1 });
      expect(await crashed.imagesOf('WHITE-1')).toEqual([]);

      second = await buildApp({ config: crashed.t.config, database: crashed.t.database, logger: false });
      await second.ready();
      for (let i = 0; ; i++) {
        const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
        if (job!.status === 'completed') break;
        if (i > 3000) throw new Error('the resumed job did not finish');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await crashed.imagesOf('GREEN-1')).map((i) => i.sourceUrl)).toEqual([`${base}/green.png`]);
      expect((await crashed.imagesOf('WHITE-1')).map((i) => i.sourceUrl)).toEqual([`${base}/white.png`]);
      expect(hits.get('/green.png')).toBe(1);
      expect(hits.get('/white.png')).toBe(2);
    } finally {
      await second?.close();
      await crashed.t.close();
    }
  });
});

describe('product import: image URLs (default flags)', () => {
  let store: Awaited<ReturnType<typeof storeApp>>;
  beforeAll(async () => {
    store = await storeApp({ allowHttp: false, allowPrivateHosts: false });
  });
  afterAll(async () => store.t.close());

  it('refuses plain http in the dry run', async () => {
    const res = await store.upload(csvOf(row('HTTP-1', `${base}/red.png`)), true);
    expect(res.body.data.preview.errors).toEqual([
      {
        row: 2,
        column: 'image_urls',
        message: "Image URLs must be https:// addresses or this store's /uploads files, separated by |",
      },
    ]);
  });

  it('refuses a loopback host without connecting to it; the product still imports', async () => {
    const hitsBefore = new Map(hits);
    const job = await store.apply(csvOf(row('LOCAL-1', 'https://127.0.0.1/red.png|https://localhost/blue.png')));
    expect(job).toMatchObject({ status: 'completed', counts: { create: 1 } });
    expect(job.errors.map((e: { message: string }) => e.message)).toEqual([
      'Image https://127.0.0.1/red.png was not imported: its host is a private, loopback or otherwise reserved address',
      'Image https://localhost/blue.png was not imported: its host is a private, loopback or otherwise reserved address',
    ]);
    expect(await store.imagesOf('LOCAL-1')).toEqual([]);
    expect(hits).toEqual(hitsBefore);
  });
});

describe('which addresses a download may reach', () => {
  it('only public unicast, IPv4-mapped IPv6 judged as its IPv4', () => {
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
      expect(isPublicAddress(address)).toBe(true);
    const refused = [
      ...[
        '127.0.0.1',
        '10.1.2.3',
        '172.16.0.1',
        '192.168.1.1',
        '169.254.169.254',
        '0.0.0.0',
        '224.0.0.1',
        '100.64.0.1',
      ],
      ...['::1', '::', 'fe80::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254', 'not-an-ip'],
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });
});
