import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { categoryNames, homeListing, listingForPage, productForPage } from './shop-page-data.js';
import { fillTemplate, renderHead } from './shop-page-html.js';
import { homePage, listingPage, notFoundPage, productPage, type RenderedPage } from './shop-page-views.js';

/** Most rendered pages one instance keeps (the oldest goes first), so a flood of distinct URLs cannot grow it. */
const MAX_CACHED_PAGES = 500;

type Rendered = { status: number; html: string };
type Cached = Rendered & { expires: number };

/**
 * Server-side meta injection for the storefront's indexable pages (home, product, category, brand): the built
 * index.html (read once) with the page's title, description, canonical URL, Open Graph, price and JSON-LD in its head
 * and the page's content as plain HTML in #root, for crawlers and for requests without JavaScript. Other shop URLs
 * get the page as built (web.ts). A rendered page is reused for `cacheTtlMs`, like the catalogue's API answers.
 */
export function registerShopPages(
  app: FastifyInstance,
  options: { shopDist: string; publicUrl: string; cacheTtlMs: number },
) {
  const template = readFileSync(path.join(options.shopDist, 'index.html'), 'utf8');
  const base = options.publicUrl.replace(/\/+$/, '');
  const cache = new Map<string, Cached>();
  const db = app.db;

  const html = (page: RenderedPage) => fillTemplate(template, renderHead(page.meta), page.body);
  const send = (reply: FastifyReply, page: Rendered) =>
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);

  /** Answers the page of `key` from memory while fresh, else renders it (and keeps it when caching is on). */
  async function answer(reply: FastifyReply, key: string, render: () => Promise<Rendered>) {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return send(reply, hit);
    const page = await render();
    if (options.cacheTtlMs > 0) {
      cache.delete(key);
      if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
      cache.set(key, { ...page, expires: Date.now() + options.cacheTtlMs });
    }
    return send(reply, page);
  }

  const missing = (pagePath: string): Rendered => ({ status: 404, html: html(notFoundPage(base, pagePath)) });

  for (const url of ['/shop', '/shop/'])
    app.get(url, (_request, reply) =>
      answer(reply, 'home', async () => {
        const [featured, names] = await Promise.all([homeListing(db), categoryNames(db)]);
        return { status: 200, html: html(homePage(featured, names, base)) };
      }),
    );

  app.get<{ Params: { slug: string } }>('/shop/products/:slug', (request, reply) => {
    const slug = request.params.slug;
    return answer(reply, `product:${slug.toLowerCase()}`, async () => {
      const product = await productForPage(db, slug);
      return product ? { status: 200, html: html(productPage(product, base)) } : missing(`/products/${slug}`);
    });
  });

  for (const kind of ['category', 'brand'] as const)
    app.get<{ Params: { name: string } }>(`/shop/${kind}/:name`, (request, reply) => {
      const name = request.params.name;
      return answer(reply, `${kind}:${name.toLowerCase()}`, async () => {
        const listing = await listingForPage(db, kind, name);
        return listing
          ? { status: 200, html: html(listingPage(kind, listing, base)) }
          : missing(`/${kind}/${encodeURIComponent(name)}`);
      });
    });
}
