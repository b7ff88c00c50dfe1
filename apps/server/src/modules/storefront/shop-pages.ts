import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { categoryNames, homeListing, listingForPage, productForPage, reviewsForPage } from './shop-page-data.js';
import { fillTemplate, renderHead, renderPageData } from './shop-page-html.js';
import { homePage, listingPage, notFoundPage, productPage, type RenderedPage } from './shop-page-views.js';

/** Most rendered pages one instance keeps (the oldest goes first), so a flood of distinct URLs cannot grow it. */
const MAX_CACHED_PAGES = 500;

type Rendered = { status: number; html: string };
type Cached = Rendered & { expires: number };

/**
 * Server-side meta injection for the storefront's indexable pages (home, product, category, brand): the built
 * index.html (read once) with the page's title, description, canonical URL, Open Graph, price and JSON-LD in its head
 * and the page's content as plain HTML in #root, for crawlers and for requests without JavaScript. Other shop URLs
 * get the page as built (plugins/web.ts). A rendered page is reused for `cacheTtlMs`, like the catalogue's API answers, and a
 * reused page is served even under overload.
 */
export function registerShopPages(
  app: FastifyInstance,
  options: { shopDist: string; publicUrl: string; cacheTtlMs: number },
) {
  const template = readFileSync(path.join(options.shopDist, 'index.html'), 'utf8');
  const base = options.publicUrl.replace(/\/+$/, '');
  const cache = new Map<string, Cached>();
  /** The pages being rendered now, by key (with caching on). */
  const rendering = new Map<string, Promise<Rendered>>();
  const db = app.db;

  const html = (page: RenderedPage) =>
    fillTemplate(template, renderHead(page.meta), page.body + renderPageData(page.data));
  const send = (reply: FastifyReply, page: Rendered) =>
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);

  /** The page of `key` when it is in memory and fresh. */
  function reused(key: string): Rendered | undefined {
    const hit = cache.get(key);
    return hit && hit.expires > Date.now() ? hit : undefined;
  }

  /**
   * Renders the page of `key` (and keeps it when caching is on). With caching on, a page is rendered by one request at
   * a time: the requests that come while it renders are sent the same page (or the same failure), so an expired page
   * under load is read from the database once, not once per request that came meanwhile.
   */
  async function answer(reply: FastifyReply, key: string, render: () => Promise<Rendered>) {
    if (options.cacheTtlMs === 0) return send(reply, await render());
    let page = rendering.get(key);
    if (!page) {
      page = render().then(keep(key));
      rendering.set(key, page);
      page.then(
        () => rendering.delete(key),
        () => rendering.delete(key),
      );
    }
    return send(reply, await page);
  }

  /** Keeps a rendered page for reuse and passes it on. */
  const keep = (key: string) => (page: Rendered) => {
    cache.delete(key);
    if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
    cache.set(key, { ...page, expires: Date.now() + options.cacheTtlMs });
    return page;
  };

  /**
   * A page route whose address has at most one parameter (`param`): a kept page is sent from an onRequest hook, so
   * under overload it is still served (a page that would have to be rendered is shed with the busy page instead:
   * plugins/admission.ts).
   */
  function pageRoute(
    url: string,
    param: string | null,
    keyOf: (value: string) => string,
    render: (value: string) => Promise<Rendered>,
  ) {
    const paramOf = (request: FastifyRequest<{ Params: Record<string, string> }>) =>
      param ? (request.params[param] ?? '') : '';
    app.get<{ Params: Record<string, string> }>(
      url,
      {
        config: { admission: 'page', reusesAnswers: true },
        onRequest: async (request, reply) => {
          const hit = reused(keyOf(paramOf(request)));
          if (hit) return send(reply, hit);
        },
      },
      (request, reply) => answer(reply, keyOf(paramOf(request)), () => render(paramOf(request))),
    );
  }

  const missing = (pagePath: string): Rendered => ({ status: 404, html: html(notFoundPage(base, pagePath)) });

  for (const url of ['/shop', '/shop/'])
    pageRoute(
      url,
      null,
      () => 'home',
      async () => {
        const [featured, names] = await Promise.all([homeListing(db), categoryNames(db)]);
        return { status: 200, html: html(homePage(featured, names, base)) };
      },
    );

  pageRoute(
    '/shop/products/:slug',
    'slug',
    (slug) => `product:${slug.toLowerCase()}`,
    async (slug) => {
      const product = await productForPage(db, slug);
      if (!product) return missing(`/products/${slug}`);
      return { status: 200, html: html(productPage(product, base, await reviewsForPage(db, product))) };
    },
  );

  for (const kind of ['category', 'brand'] as const)
    pageRoute(
      `/shop/${kind}/:name`,
      'name',
      (name) => `${kind}:${name.toLowerCase()}`,
      async (name) => {
        const listing = await listingForPage(db, kind, name);
        return listing
          ? { status: 200, html: html(listingPage(kind, listing, base)) }
          : missing(`/${kind}/${encodeURIComponent(name)}`);
      },
    );
}
