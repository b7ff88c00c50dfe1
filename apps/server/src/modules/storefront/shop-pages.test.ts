import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct } from '../../../test/factories.js';
import { call, createTestApp, type TestApp } from '../../../test/harness.js';
import { productImages, products, reviews, users } from '../../db/schema/index.js';

const PUBLIC_URL = 'https://shop.example.com';
const INDEX = `<!doctype html><html><head><meta charset="UTF-8" />
<!--seo-head--><title>Seamline — clothing store</title><!--/seo-head--></head>
<body><div id="root"><!--seo-body--></div><script type="module" src="/shop/assets/index-1.js"></script></body></html>`;

/** The JSON-LD blocks of a page, parsed. */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
/** The data block the app starts from, parsed. */
const pageData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="shop-page-data">([\s\S]*?)<\/script>/)?.[1] ?? 'null');
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe('storefront pages for search engines', () => {
  let t: TestApp;
  let shopDist: string;
  const evil = 'Tee </script><script>alert(1)</script> & "quotes"';

  beforeAll(async () => {
    shopDist = mkdtempSync(path.join(os.tmpdir(), 'seamline-shop-seo-'));
    mkdirSync(path.join(shopDist, 'assets'));
    writeFileSync(path.join(shopDist, 'index.html'), INDEX);
    t = await createTestApp({
      shopDist,
      publicUrl: PUBLIC_URL,
      catalogue: { viewFlushMs: 5_000, cacheTtlMs: 0, sitemapUrlsPerFile: 2 },
    });
    const db = t.app.db;
    const { product } = await buildProduct(
      db,
      { name: 'Classic Linen Shirt', slug: 'classic-linen-shirt', price: 59.99, salePrice: 44.5, comparePrice: 79 },
      [{ size: 'M', color: 'Black', quantity: 5 }],
    );
    await db.insert(productImages).values({
      productId: product.id,
      original: '/uploads/products/linen.jpg',
      webp: '/uploads/products/linen.webp',
      thumbnail: '/uploads/products/linen-thumb.webp',
      alt: 'Linen shirt, front',
    });
    await buildProduct(db, { name: evil, slug: 'evil-tee', description: '<img src=x onerror=alert(1)>' }, [
      { size: 'S', color: 'White', quantity: 0 },
    ]);
    await buildProduct(db, { name: 'Hidden Tee', slug: 'hidden-tee', isActive: false });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(shopDist, { recursive: true, force: true });
  });

  it('sends a product page with its title, description, canonical URL, Open Graph, price and JSON-LD', async () => {
    const page = await call(t.app, 'GET', '/shop/products/classic-linen-shirt');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toContain('text/html');
    const html = String(page.body);
    expect(html).toContain('<title>Classic Linen Shirt · Seamline</title>');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop/products/classic-linen-shirt" />`);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:title')).toBe('Classic Linen Shirt');
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/products/linen.jpg`);
    expect(metaContent(html, 'product:price:amount')).toBe('44.50');
    expect(metaContent(html, 'product:price:currency')).toBe('USD');
    expect(metaContent(html, 'description')).toBeTruthy();
    const [product] = jsonLd(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Classic Linen Shirt',
      image: [`${PUBLIC_URL}/uploads/products/linen.jpg`],
      offers: { '@type': 'Offer', price: '44.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // Without JavaScript: name, price and picture inside #root (the app replaces them when it starts).
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</div>', html.indexOf('</main>')));
    expect(root).toContain('<h1>Classic Linen Shirt</h1>');
    expect(root).toContain('$44.50 <small>Regular price <s>$59.99</s></small>');
    expect(root).toContain('<img src="/uploads/products/linen.webp" alt="Linen shirt, front"');
    expect(html).not.toContain('<!--seo-body-->');
    expect(html).toContain('<script type="module" src="/shop/assets/index-1.js"></script>');
  });

  it('carries the product as the API answers it, so the app shows it without asking first', async () => {
    const page = await call(t.app, 'GET', '/shop/products/classic-linen-shirt');
    const answer = await call(t.app, 'GET', '/api/products/slug/classic-linen-shirt');
    expect(answer.status).toBe(200);
    expect(pageData(String(page.body))).toEqual({ product: answer.body.data.product });
  });

  it('names the rating and the 5 newest published reviews only when published reviews exist', async () => {
    const db = t.app.db;
    const { product } = await buildProduct(db, { name: 'Reviewed Tee', slug: 'reviewed-tee' });
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          email: `reviewer${i}@example.com`,
          passwordHash: 'x',
          firstName: `Reader${i}`,
          lastName: 'Stone',
          role: 'customer' as const,
        })),
      )
      .returning({ id: users.id });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n + 1, 12));
    await db.insert(reviews).values(
      people.map((person, i) => ({
        productId: product.id,
        customerId: person.id,
        rating: i % 2 ? 4 : 5,
        title: i === 6 ? 'Waiting </script>' : `Review ${i}`,
        body: `Body ${i}`,
        // The newest one still waits for moderation: it is not named.
        status: i === 6 ? ('pending' as const) : ('published' as const),
        verifiedPurchase: true,
        createdAt: day(i),
      })),
    );
    const html = String((await call(t.app, 'GET', '/shop/products/reviewed-tee')).body);
    const [ld] = jsonLd(html);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 6 });
    expect(ld.review.map((r: { name: string }) => r.name)).toEqual([
      'Review 5',
      'Review 4',
      'Review 3',
      'Review 2',
      'Review 1',
    ]);
    expect(ld.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Reader5 S.' },
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      name: 'Review 5',
      reviewBody: 'Body 5',
      datePublished: '2026-01-06',
    });
    expect(html).not.toContain('Waiting');

    // A product without published reviews claims neither a rating nor reviews.
    const [plain] = jsonLd(String((await call(t.app, 'GET', '/shop/products/classic-linen-shirt')).body));
    expect(plain.aggregateRating).toBeUndefined();
    expect(plain.review).toBeUndefined();
    // The sitemap tests below count the active products.
    await db.delete(products).where(eq(products.id, product.id));
  });

  it('escapes what staff typed: a product name cannot open a script or break an attribute', async () => {
    const page = await call(t.app, 'GET', '/shop/products/evil-tee');
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('Tee &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    // The JSON-LD still parses to the exact name, and says sold out.
    const [product] = jsonLd(html);
    expect(product.name).toBe(evil);
    expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(html).toContain('sold out');
    // The app's data block: the name cannot close it, and parses back to what was typed.
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(pageData(html).product.name).toBe(evil);
  });

  it('answers an unknown or inactive product with 404, the app page and noindex', async () => {
    for (const slug of ['no-such-product', 'hidden-tee']) {
      const page = await call(t.app, 'GET', `/shop/products/${slug}`);
      expect(page.status, slug).toBe(404);
      const html = String(page.body);
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root">');
      expect(html).toContain('src="/shop/assets/index-1.js"');
      expect(pageData(html)).toBeNull();
    }
  });

  it('sends category, brand and home pages with their title, canonical URL and product links', async () => {
    const product = await call(t.app, 'GET', '/api/products/slug/classic-linen-shirt');
    const { category, brand } = product.body.data.product;
    const listing = await call(t.app, 'GET', `/shop/category/${encodeURIComponent(category.toLowerCase())}`);
    expect(listing.status).toBe(200);
    const html = String(listing.body);
    expect(html).toContain(`<title>${category} · Seamline</title>`);
    expect(html).toContain(`href="${PUBLIC_URL}/shop/category/${encodeURIComponent(category)}"`);
    expect(html).toContain('<a href="/shop/products/classic-linen-shirt">Classic Linen Shirt</a>');
    const brandPage = await call(t.app, 'GET', `/shop/brand/${encodeURIComponent(brand)}`);
    expect(brandPage.status).toBe(200);
    expect(String(brandPage.body)).toContain(`<h1>${brand}</h1>`);
    expect((await call(t.app, 'GET', '/shop/category/Nowhere')).status).toBe(404);
    for (const url of ['/shop', '/shop/']) {
      const home = String((await call(t.app, 'GET', url)).body);
      expect(home).toContain('<title>Seamline</title>');
      expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/shop/" />`);
      expect(home).toContain('Classic Linen Shirt');
      expect(home).not.toContain('Hidden Tee');
    }
  });

  it('serves robots.txt: the shop allowed, the back office and the API not, the sitemap named', async () => {
    const robots = await call(t.app, 'GET', '/robots.txt');
    expect(robots.status).toBe(200);
    const text = String(robots.body);
    expect(text).toContain('Allow: /shop\n');
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain('Disallow: /\n');
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists active products in a sitemap index of product pages (2 per file here)', async () => {
    const index = await call(t.app, 'GET', '/sitemap.xml');
    expect(index.status).toBe(200);
    expect(String(index.headers['content-type'])).toContain('application/xml');
    const files = [...String(index.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files).toEqual([`${PUBLIC_URL}/shop/sitemap-pages.xml`, `${PUBLIC_URL}/shop/sitemap-products.xml?page=1`]);
    // A third active product makes a second file.
    await buildProduct(t.app.db, { name: 'Wool Scarf', slug: 'wool-scarf' });
    const again = String((await call(t.app, 'GET', '/sitemap.xml')).body);
    expect(again).toContain(`${PUBLIC_URL}/shop/sitemap-products.xml?page=2`);
    const urls: string[] = [];
    for (const page of [1, 2]) {
      const file = await call(t.app, 'GET', `/shop/sitemap-products.xml?page=${page}`);
      expect(file.status).toBe(200);
      const locs = [...String(file.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(2);
      expect(String(file.body)).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
      urls.push(...locs);
    }
    expect(urls.sort()).toEqual(
      ['classic-linen-shirt', 'evil-tee', 'wool-scarf'].map((slug) => `${PUBLIC_URL}/shop/products/${slug}`),
    );
    expect((await call(t.app, 'GET', '/shop/sitemap-products.xml?page=3')).status).toBe(404);
    expect((await call(t.app, 'GET', '/shop/sitemap-products.xml?page=x')).status).toBe(400);
    const pages = String((await call(t.app, 'GET', '/shop/sitemap-pages.xml')).body);
    expect(pages).toContain(`<loc>${PUBLIC_URL}/shop/</loc>`);
    expect(pages).toMatch(/\/shop\/category\/Category%20/);
    expect(pages).toMatch(/\/shop\/brand\/Brand%20/);
  });
});
