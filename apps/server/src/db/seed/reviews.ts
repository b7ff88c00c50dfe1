import { REVIEW_FITS, type ReviewFit } from '@seamline/shared';
import { inArray, sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import { type Db, queryRows } from '../client.js';
import { reviewPhotos, reviews } from '../schema/index.js';
import type { DemoImages } from './demo-images.js';
import { DEMO_PRODUCTS } from './demo-products.js';
import type { Random } from './random.js';

const DAY = 86_400_000;
/** Published five- and four-star reviews that get a shopper's photo (one product each). */
const WITH_PHOTO = 12;
const WORDS: Record<number, [string, string][]> = {
  5: [
    ['Love it', 'Great quality and exactly as pictured. Already ordered another colour.'],
    ['Perfect everyday piece', 'Soft, well made and keeps its shape after washing.'],
  ],
  4: [
    ['Really nice', 'Good fabric and a flattering cut. Took a few days to arrive.'],
    ['Happy with it', 'Comfortable and looks smart. The colour is a little darker than the photo.'],
  ],
  3: [['It is fine', 'Decent for the price, but the fabric is thinner than I hoped.']],
  2: [['Not for me', 'The cut did not suit me and the stitching came loose on one seam.']],
  1: [['Disappointed', 'Shrank after the first wash.']],
};

/**
 * Reviews by demo customers of products from their delivered orders (one per customer and product, as the API
 * allows), most of them published: the products' rating and review count then come from these reviews, through the
 * reviews trigger, like every later review.
 */
export async function seedDemoReviews(db: Db, random: Random, now: Date, images: DemoImages): Promise<number> {
  type Line = { customerId: string; productId: string; name: string; size: string; color: string; deliveredAt: Date };
  const bought = await queryRows<Line>(
    db,
    sql`SELECT DISTINCT ON (o.customer_id, oi.product_id) o.customer_id AS "customerId", oi.product_id AS "productId",
          oi.product_name AS name, oi.size, oi.color, o.delivered_at AS "deliveredAt"
        FROM orders o JOIN order_items oi ON oi.order_id = o.id
        WHERE o.status = 'delivered' AND o.customer_id IS NOT NULL AND oi.product_id IS NOT NULL
        ORDER BY o.customer_id, oi.product_id, o.delivered_at`,
  );
  const rows = bought
    .filter(() => random.next() < 0.7)
    .map((line) => {
      const rating = random.weighted([
        [5, 45],
        [4, 30],
        [3, 13],
        [2, 7],
        [1, 5],
      ] as const);
      const [title, body] = random.pick(WORDS[rating]!);
      const fit: ReviewFit = random.weighted(REVIEW_FITS.map((f) => [f, f === 'true_to_size' ? 70 : 15] as const));
      const createdAt = new Date(
        Math.min(now.getTime() - 60_000, new Date(line.deliveredAt).getTime() + random.int(1, 10) * DAY),
      );
      return {
        id: newId(),
        productId: line.productId,
        customerId: line.customerId,
        rating,
        title,
        body,
        size: line.size,
        fit,
        status: random.next() < 0.9 ? ('published' as const) : ('pending' as const),
        verifiedPurchase: true,
        helpfulCount: 0,
        createdAt,
        updatedAt: createdAt,
      };
    });
  // One statement: the trigger refreshes each product's figures once.
  if (rows.length) await db.insert(reviews).values(rows);
  await seedReviewPhotos(db, images, rows, bought);
  return rows.length;
}

/** A shopper's photo of the colour they bought on some of the best published reviews, one per product. */
async function seedReviewPhotos(
  db: Db,
  images: DemoImages,
  written: { id: string; productId: string; customerId: string; rating: number; status: string }[],
  bought: { customerId: string; productId: string; name: string; color: string }[],
) {
  const seen = new Set<string>();
  const chosen = written.filter((review) => {
    if (review.status !== 'published' || review.rating < 4 || seen.has(review.productId)) return false;
    seen.add(review.productId);
    return true;
  });
  const photos = [];
  for (const review of chosen.slice(0, WITH_PHOTO)) {
    const line = bought.find((b) => b.customerId === review.customerId && b.productId === review.productId);
    const shape = DEMO_PRODUCTS.find((template) => template.name === line?.name)?.shape;
    if (!line || !shape) continue;
    const image = await images.reviewPhoto(review.id, shape, line.color);
    photos.push({ reviewId: review.id, position: 0, ...image });
  }
  if (!photos.length) return;
  await db.insert(reviewPhotos).values(photos.map(({ alt: _alt, ...photo }) => photo));
  await db
    .update(reviews)
    .set({ hasPhotos: true })
    .where(
      inArray(
        reviews.id,
        photos.map((photo) => photo.reviewId),
      ),
    );
}
