import type { Db } from '../src/db/client.js';
import { brands, categories, orderItems, orders, productImages } from '../src/db/schema/index.js';
import { ADDRESS } from './analytics-factories.js';
import { buildProduct, buildReviews, buildUser } from './factories.js';

/**
 * The catalogue the product read tests share: an Outerwear category of Polar Works with a featured parka (rated 4.8
 * from five reviews, an image, 3 units sold in a live order and 5 in a cancelled one), a trending vest, an inactive
 * anorak and a tee without variants.
 */
export async function buildOuterwearCatalogue(db: Db) {
  const ids: Record<string, string> = {};
  const categoryId = (await db.insert(categories).values({ name: 'Outerwear' }).returning())[0]!.id;
  const brandId = (await db.insert(brands).values({ name: 'Polar Works' }).returning())[0]!.id;
  const admin = await buildUser(db, { role: 'admin', firstName: 'Ada', lastName: 'Lovelace' });
  const make = async (
    key: string,
    overrides: Parameters<typeof buildProduct>[1],
    variants?: Parameters<typeof buildProduct>[2],
  ) => {
    ids[key] = (await buildProduct(db, overrides, variants)).product.id;
  };
  await make(
    'parka',
    {
      name: 'Arctic Parka',
      sku: 'PRK-001',
      slug: 'arctic-parka',
      categoryId,
      brandId,
      subcategory: 'Coats',
      price: 240,
      isFeatured: true,
      createdBy: admin.id,
    },
    [
      { size: 'M', color: 'Navy', quantity: 12, reserved: 2, lowStockThreshold: 5 },
      { size: 'L', color: 'Navy', quantity: 3, lowStockThreshold: 5 },
      { size: 'M', color: 'Black', quantity: 20 },
    ],
  );
  await make('vest', {
    name: 'Down Vest',
    sku: 'VST-002',
    slug: 'down-vest',
    categoryId,
    brandId,
    subcategory: 'Vests',
    price: 99,
    isTikTokTrending: true,
  });
  // Rated 4.8 from five published reviews.
  await buildReviews(db, ids.parka!, [5, 5, 5, 5, 4]);
  await make('hidden', {
    name: 'Hidden Anorak',
    sku: 'ANO-003',
    slug: 'hidden-anorak',
    categoryId,
    subcategory: 'Coats',
    price: 150,
    isActive: false,
    isFeatured: true,
  });
  await make('tee', { name: 'Plain Tee', sku: 'TEE-004', slug: 'plain-tee', subcategory: 'T-Shirts', price: 15 }, []);
  await db.insert(productImages).values({
    productId: ids.parka!,
    position: 0,
    original: '/uploads/products/a.png',
    webp: '/uploads/products/a.webp',
    thumbnail: '/uploads/products/a-thumb.webp',
    alt: 'Parka',
  });
  // Sales: 3 units in a live order, 5 in a cancelled one (not counted).
  for (const [status, quantity] of [
    ['delivered', 3],
    ['cancelled', 5],
  ] as const) {
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `ORD-${status}`,
        status,
        subtotal: 1,
        total: 1,
        shippingAddress: ADDRESS,
        billingAddress: ADDRESS,
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order!.id,
      productId: ids.parka!,
      productName: 'Arctic Parka',
      productSlug: 'arctic-parka',
      productSku: 'PRK-001',
      size: 'M',
      color: 'Navy',
      price: 240,
      quantity,
      total: 240 * quantity,
    });
  }
  return { ids, categoryId, brandId };
}
