import { type StockMovementOperation, slugify } from '@seamline/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import type { Db } from '../client.js';
import {
  brands,
  categories,
  inventory,
  inventoryMovements,
  productImages,
  products,
  type StoredImage,
} from '../schema/index.js';
import { DEMO_BRANDS, DEMO_CATEGORIES, SIZE_SETS } from './catalogue-data.js';
import { DemoImages } from './demo-images.js';
import { DEMO_PRODUCTS, type DemoProductTemplate } from './demo-products.js';

const DAY = 86_400_000;

/** "Northwind Apparel", "T-Shirts", 0 → "NOR-TSH-1001". */
const skuFor = (t: DemoProductTemplate, index: number) =>
  `${[t.brand, t.subcategory]
    .map((w) =>
      w
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 3)
        .toUpperCase(),
    )
    .join('-')}-${1001 + index}`;

/** A small deterministic random generator, so every demo database holds the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;
/** 54.2 → 54.99: shop-style prices. */
const shopPrice = (value: number) => Math.max(0.99, Math.floor(value) + 0.99);

const WEIGHT_KG: Record<DemoProductTemplate['shape'], number> = {
  tshirt: 0.18,
  shirt: 0.25,
  hoodie: 0.55,
  jacket: 0.9,
  pants: 0.6,
  shorts: 0.3,
  dress: 0.35,
  skirt: 0.28,
  shoe: 0.85,
  bag: 0.7,
  cap: 0.12,
  scarf: 0.2,
};

function describe(t: DemoProductTemplate): string {
  return `${t.name} by ${t.brand}, made from ${t.material}. A ${t.subcategory.toLowerCase()} piece from our ${t.category} collection, cut for comfort and built to last through everyday wear.`;
}

type VariantPlan = { size: string; color: string; quantity: number; threshold: number };

/** Varied stock: most combinations healthy, some low, some sold out, and a few whole products out of stock. */
function planVariants(t: DemoProductTemplate, index: number, rng: ReturnType<typeof random>): VariantPlan[] {
  const soldOut = index % 17 === 5;
  return t.colors.flatMap((color) =>
    SIZE_SETS[t.sizes].map((size) => {
      const threshold = rng.chance(0.5) ? 5 : 10;
      const roll = rng.next();
      const quantity = soldOut || roll < 0.1 ? 0 : roll < 0.25 ? rng.int(1, threshold) : rng.int(threshold + 2, 120);
      return { size, color, quantity, threshold };
    }),
  );
}

export type SeededCatalogue = {
  categoryIds: Record<string, string>;
  brandIds: Record<string, string>;
  productIds: string[];
};

/**
 * Loads the demo catalogue: 6 categories with subcategories, 9 brands with logos, about 60 products with size × color
 * stock (and its movement history) and locally generated images. `createdBy` is the staff user shown as creator.
 */
export async function seedCatalogue(
  db: Db,
  options: { storage: ObjectStorage; createdBy: string | null },
): Promise<SeededCatalogue> {
  const rng = random(20240611);
  const images = new DemoImages(options.storage);
  const now = Date.now();

  const categoryRows = await Promise.all(
    DEMO_CATEGORIES.map(async (c) => ({
      id: newId(),
      name: c.name,
      description: c.description,
      image: await images.category(c.name, c.shape, c.color),
      createdAt: new Date(now - 200 * DAY),
    })),
  );
  const brandRows = await Promise.all(
    DEMO_BRANDS.map(async (b) => ({
      id: newId(),
      name: b.name,
      description: b.description,
      website: b.website,
      logo: await images.brandLogo(b.name, b.color),
      createdAt: new Date(now - 190 * DAY),
    })),
  );
  await db.insert(categories).values(categoryRows);
  await db.insert(brands).values(brandRows);
  const categoryIds = Object.fromEntries(categoryRows.map((c) => [c.name, c.id]));
  const brandIds = Object.fromEntries(brandRows.map((b) => [b.name, b.id]));

  const productRows: (typeof products.$inferInsert)[] = [];
  const imageRows: (typeof productImages.$inferInsert)[] = [];
  const stockRows: (typeof inventory.$inferInsert)[] = [];
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];

  // Images first, a few at a time (2 cores): the first color carries the product name, others are shared swatches.
  const pictures: StoredImage[][] = [];
  for (let i = 0; i < DEMO_PRODUCTS.length; i += 6) {
    const batch = DEMO_PRODUCTS.slice(i, i + 6);
    pictures.push(
      ...(await Promise.all(
        batch.map((t) =>
          Promise.all(
            t.colors
              .slice(0, 2)
              .map((color, n) => images.garment(t.shape, color, n === 0 ? t.name : undefined, `${t.name} in ${color}`)),
          ),
        ),
      )),
    );
  }

  DEMO_PRODUCTS.forEach((t, index) => {
    const id = newId();
    const createdAt = new Date(now - rng.int(35, 160) * DAY - rng.int(0, 86_000) * 1000);
    const price = t.price;
    const onSale = rng.chance(0.2);
    const compare = onSale || rng.chance(0.3) ? shopPrice(price * 1.3) : 0;
    productRows.push({
      id,
      name: t.name,
      slug: slugify(t.name),
      sku: skuFor(t, index),
      description: describe(t),
      categoryId: categoryIds[t.category]!,
      subcategory: t.subcategory,
      brandId: brandIds[t.brand]!,
      price,
      comparePrice: compare,
      costPrice: cents(price * (0.38 + rng.next() * 0.15)),
      salePrice: onSale ? cents(price * 0.8) : null,
      defaultSize: SIZE_SETS[t.sizes].includes('M') ? 'M' : SIZE_SETS[t.sizes][0]!,
      defaultColor: t.colors[0]!,
      weight: WEIGHT_KG[t.shape],
      dimensions: { length: rng.int(20, 45), width: rng.int(15, 35), height: rng.int(2, 15) },
      seo: {
        title: `${t.name} | ${t.brand}`,
        description: `Shop the ${t.name} in ${t.colors.join(', ')}. ${t.material[0]!.toUpperCase()}${t.material.slice(1)}, free returns.`,
        keywords: [
          t.subcategory.toLowerCase(),
          t.category.toLowerCase(),
          t.brand.toLowerCase(),
          ...t.colors.map((c) => c.toLowerCase()),
        ],
      },
      tags: [
        t.subcategory.toLowerCase(),
        t.material.split(' ').at(-1)!,
        ...(onSale ? ['sale'] : []),
        ...(index % 5 === 0 ? ['bestseller'] : []),
      ],
      isActive: index % 23 !== 7,
      isFeatured: index % 5 === 1,
      isTikTokTrending: index % 6 === 2,
      viewCount: rng.int(40, 4800),
      createdBy: options.createdBy,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rng.int(1, 30) * DAY),
    });
    for (const [position, picture] of pictures[index]!.entries())
      imageRows.push({ productId: id, position, ...picture });

    for (const plan of planVariants(t, index, rng)) {
      const inventoryId = newId();
      stockRows.push({
        id: inventoryId,
        productId: id,
        size: plan.size,
        color: plan.color,
        quantity: plan.quantity,
        reserved: 0,
        lowStockThreshold: plan.threshold,
        createdAt,
      });
      // History that ends at today's quantity: created with q0, perhaps restocked, perhaps a few damaged units.
      const restock = rng.chance(0.35) ? rng.int(10, 40) : 0;
      const damaged = rng.chance(0.2) ? rng.int(1, 3) : 0;
      const initial = Math.max(0, plan.quantity + damaged - restock);
      const added = plan.quantity + damaged - initial;
      const move = (
        operation: StockMovementOperation,
        quantity: number,
        previous: number,
        next: number,
        at: number,
        reason: string,
      ) =>
        movementRows.push({
          productId: id,
          inventoryId,
          size: plan.size,
          color: plan.color,
          operation,
          quantity,
          previousQuantity: previous,
          newQuantity: next,
          previousReserved: 0,
          newReserved: 0,
          reason,
          actorId: options.createdBy,
          createdAt: new Date(at),
        });
      move('create', initial, 0, initial, createdAt.getTime(), 'Initial stock');
      if (added > 0) move('add', added, initial, initial + added, now - rng.int(6, 28) * DAY, 'Restock from supplier');
      if (damaged > 0)
        move(
          'subtract',
          damaged,
          initial + added,
          plan.quantity,
          now - rng.int(0, 5) * DAY - 3_600_000,
          'Damaged in warehouse',
        );
    }
  });

  await db.insert(products).values(productRows);
  await db.insert(productImages).values(imageRows);
  for (let i = 0; i < stockRows.length; i += 500) await db.insert(inventory).values(stockRows.slice(i, i + 500));
  for (let i = 0; i < movementRows.length; i += 500)
    await db.insert(inventoryMovements).values(movementRows.slice(i, i + 500));
  return { categoryIds, brandIds, productIds: productRows.map((row) => row.id!) };
}

export type DemoVariant = {
  productId: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  salePrice: number | null;
  image: string | null;
  size: string;
  color: string;
  available: number;
};

/** Active products' combinations with units available, for other demo data (orders) to pick from. */
export async function listDemoVariants(db: Db): Promise<DemoVariant[]> {
  return db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      price: products.price,
      salePrice: products.salePrice,
      image: sql<
        string | null
      >`(SELECT original FROM product_images pi WHERE pi.product_id = ${products.id} ORDER BY position LIMIT 1)`,
      size: inventory.size,
      color: inventory.color,
      available: sql<number>`(${inventory.quantity} - ${inventory.reserved})::int`,
    })
    .from(inventory)
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(and(eq(products.isActive, true), gt(sql`${inventory.quantity} - ${inventory.reserved}`, 0)))
    .orderBy(asc(products.sku), asc(inventory.size), asc(inventory.color));
}
