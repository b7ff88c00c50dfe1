import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { inventory, orders, products, reviewPhotos, reviews } from '../schema/index.js';
import { seedDemoData } from './index.js';
import { checkLocationTotals, checkReviewFigures, checkStockInvariants } from './invariants.js';

let t: TestApp;
const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-seed-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('the whole demo data set', () => {
  it('holds the stock invariants: reserved = open reserved order lines, quantity = initial + movements', async () => {
    const started = Date.now();
    expect(await seedDemoData(t.app.db, () => {}, { uploadDir })).toBe(true);
    const elapsed = Date.now() - started;
    const placed = await t.app.db.select({ id: orders.id }).from(orders);
    expect(placed.length).toBeGreaterThanOrEqual(250);
    expect((await t.app.db.select().from(inventory)).length).toBeGreaterThan(0);
    // Every combination starts at 0 with a `create` movement, so "initial" is 0 everywhere.
    expect(await checkStockInvariants(t.app.db)).toEqual([]);
    expect(await checkLocationTotals(t.app.db)).toEqual([]);
    console.log(`demo data: ${placed.length} orders, seeded in ${elapsed} ms`);
  }, 180_000);

  it('rates products from real published reviews by customers who received them', async () => {
    const written = await t.app.db.select().from(reviews);
    expect(written.length).toBeGreaterThan(50);
    expect(written.filter((review) => review.status === 'published').length).toBeGreaterThan(40);
    const rated = await t.app.db.select({ reviewCount: products.reviewCount }).from(products);
    expect(rated.filter((product) => product.reviewCount > 0).length).toBeGreaterThan(rated.length / 2);
    expect(await checkReviewFigures(t.app.db)).toEqual([]);
  });

  it('gives some of the best published reviews a shopper photo of their own, stored through the image pipeline', async () => {
    const photos = await t.app.db
      .select({
        thumbnail: reviewPhotos.thumbnail,
        status: reviews.status,
        rating: reviews.rating,
        has: reviews.hasPhotos,
      })
      .from(reviewPhotos)
      .innerJoin(reviews, eq(reviews.id, reviewPhotos.reviewId));
    expect(photos.length).toBeGreaterThanOrEqual(8);
    expect(photos.every((p) => p.status === 'published' && p.rating >= 4 && p.has)).toBe(true);
    expect(new Set(photos.map((p) => p.thumbnail)).size).toBe(photos.length);
    for (const { thumbnail } of photos)
      expect(existsSync(path.join(uploadDir, thumbnail.replace(/^\/uploads\//, '')))).toBe(true);
  });
});
