import type { FastifyInstance } from 'fastify';
import type { CatalogueSettings } from '../../config.js';
import { registerShopPages } from './shop-pages.js';
import { registerShopSitemap } from './shop-sitemap.js';

/**
 * The storefront's server-rendered side: its indexable pages (when the shop is built, `shopDist` is set), robots.txt
 * and the sitemaps. plugins/web.ts calls it where the shop's files are served; app.ts hands it over.
 */
export function registerStorefront(
  app: FastifyInstance,
  options: { shopDist: string | null; publicUrl: string; catalogue: CatalogueSettings },
): void {
  if (options.shopDist)
    registerShopPages(app, {
      shopDist: options.shopDist,
      publicUrl: options.publicUrl,
      cacheTtlMs: options.catalogue.cacheTtlMs,
    });
  registerShopSitemap(app, { publicUrl: options.publicUrl, perFile: options.catalogue.sitemapUrlsPerFile });
}
