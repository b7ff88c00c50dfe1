import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../../db/client.js';
import { brands, categories } from '../../db/schema/index.js';
import { escapeHtml } from '../../lib/html.js';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Rows read per query while a product sitemap streams out: memory stays flat whatever the catalogue's size. */
const CHUNK = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) });

/**
 * robots.txt and the storefront's sitemaps: /sitemap.xml is a sitemap index naming the pages sitemap (home,
 * categories, brands) and one products sitemap per `perFile` active products (`?page=N`), each streamed in chunks
 * read by id (keyset), so 100,000 products never sit in memory at once.
 */
export function registerShopSitemap(app: FastifyInstance, options: { publicUrl: string; perFile?: number }) {
  const base = options.publicUrl.replace(/\/+$/, '');
  const perFile = options.perFile ?? SITEMAP_MAX_URLS;
  const db = app.db;
  const xml = 'application/xml; charset=utf-8';

  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(
      [
        'User-agent: *',
        'Allow: /shop',
        'Allow: /uploads/',
        'Disallow: /shop/account',
        'Disallow: /shop/cart',
        'Disallow: /shop/checkout',
        'Disallow: /shop/track',
        'Disallow: /api/',
        // The back office (every other path) is for staff only.
        'Disallow: /',
        '',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n'),
    ),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products WHERE is_active`);
    const files = Math.max(1, Math.ceil((row?.n ?? 0) / perFile));
    const entries = [`${base}/shop/sitemap-pages.xml`];
    for (let page = 1; page <= files; page += 1) entries.push(`${base}/shop/sitemap-products.xml?page=${page}`);
    const body = entries.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>\n`).join('');
    return reply.type(xml).send(`${XML_HEAD}<sitemapindex ${NS}>\n${body}</sitemapindex>\n`);
  });

  app.get('/shop/sitemap-pages.xml', async (_request, reply) => {
    const [cats, brandRows] = await Promise.all([
      db.select({ name: categories.name, updatedAt: categories.updatedAt }).from(categories).orderBy(categories.name),
      db.select({ name: brands.name, updatedAt: brands.updatedAt }).from(brands).orderBy(brands.name),
    ]);
    const listing = (kind: string, rows: { name: string; updatedAt: Date }[]) =>
      rows.map((r) => urlEntry(`${base}/shop/${kind}/${encodeURIComponent(r.name)}`, r.updatedAt.toISOString()));
    const body = [urlEntry(`${base}/shop/`), ...listing('category', cats), ...listing('brand', brandRows)].join('');
    return reply.type(xml).send(`${XML_HEAD}<urlset ${NS}>\n${body}</urlset>\n`);
  });

  app.get('/shop/sitemap-products.xml', async (request, reply) => {
    const parsed = pageQuery.safeParse(request.query);
    if (!parsed.success) return reply.status(400).type('text/plain').send('page must be a whole number from 1');
    const offset = (parsed.data.page - 1) * perFile;
    const [first] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM products WHERE is_active ORDER BY id OFFSET ${offset} LIMIT 1`,
    );
    if (!first && parsed.data.page > 1) return reply.status(404).type('text/plain').send('No such sitemap page');
    return reply.type(xml).send(Readable.from(productUrls(first?.id ?? null)));
  });

  /** The file's XML, one chunk of products at a time from `startId` on, up to `perFile` products. */
  async function* productUrls(startId: string | null) {
    yield `${XML_HEAD}<urlset ${NS}>\n`;
    let after: string | null = null;
    let left = startId ? perFile : 0;
    while (left > 0) {
      const from = after === null ? sql`id >= ${startId}` : sql`id > ${after}`;
      const rows: { id: string; slug: string; updated_at: string }[] = await queryRows(
        db,
        sql`SELECT id, slug, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
            FROM products WHERE is_active AND ${from} ORDER BY id LIMIT ${Math.min(CHUNK, left)}`,
      );
      if (rows.length === 0) break;
      yield rows.map((r) => urlEntry(`${base}/shop/products/${encodeURIComponent(r.slug)}`, r.updated_at)).join('');
      after = rows.at(-1)!.id;
      left -= rows.length;
    }
    yield '</urlset>\n';
  }
}
