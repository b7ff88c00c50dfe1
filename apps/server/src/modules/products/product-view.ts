import { availableStock, type ProductView, SIZES, stockStatus } from '@seamline/shared';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { brands, categories, inventory, productImages, products, users } from '../../db/schema/index.js';

/** Units of the product in orders that are not cancelled or refunded (DESIGN §5), computed in SQL. */
export const salesCountSql = sql<number>`(
  SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
  WHERE oi.product_id = ${products.id} AND o.status NOT IN ('cancelled', 'refunded'))`;

const productColumns = {
  product: products,
  category: categories.name,
  brand: brands.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
  salesCount: salesCountSql,
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

/** The product rows with their category, brand and creator, ready to be completed by `toViews`. */
export function selectProducts(db: DbOrTx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, sql`${categories.id} = ${products.categoryId}`)
    .innerJoin(brands, sql`${brands.id} = ${products.brandId}`)
    .leftJoin(users, sql`${users.id} = ${products.createdBy}`);
}
export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

/** Distinct values in first-seen order; the default first when present. */
function distinct(values: string[], preferred: string): { available: string[]; default: string } {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  const available = [...seen.values()];
  const match = available.find((v) => v.toLowerCase() === preferred.toLowerCase());
  return { available, default: match ?? available[0] ?? preferred };
}

/** Combinations in size order (XS … XXL, One Size, then others), then by color. */
const sizeRank = (size: string) => {
  const index = (SIZES as readonly string[]).findIndex((s) => s.toLowerCase() === size.toLowerCase());
  return index === -1 ? SIZES.length : index;
};
const byVariant = (a: { size: string; color: string }, b: { size: string; color: string }) =>
  sizeRank(a.size) - sizeRank(b.size) || a.size.localeCompare(b.size) || a.color.localeCompare(b.color);

/** Completes product rows with their images and inventory (two queries for the whole page) in the API shape. */
export async function toViews(db: DbOrTx, rows: ProductRow[]): Promise<ProductView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.product.id);
  const [imageRows, stockRows] = await Promise.all([
    db
      .select()
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position)),
    db
      .select()
      .from(inventory)
      .where(inArray(inventory.productId, ids))
      .orderBy(asc(inventory.productId), asc(inventory.createdAt), asc(inventory.id)),
  ]);
  return rows.map((row) => {
    const p = row.product;
    const images = imageRows
      .filter((i) => i.productId === p.id)
      .map((i) => ({ original: i.original, webp: i.webp, thumbnail: i.thumbnail, alt: i.alt }));
    const stock = stockRows
      .filter((s) => s.productId === p.id)
      .sort(byVariant)
      .map((s) => ({
        _id: s.id,
        id: s.id,
        size: s.size,
        color: s.color,
        quantity: s.quantity,
        reserved: s.reserved,
        available: availableStock(s),
        lowStockThreshold: s.lowStockThreshold,
      }));
    return {
      _id: p.id,
      id: p.id,
      name: p.name,
      slug: p.slug,
      sku: p.sku,
      description: p.description,
      category: row.category,
      categoryId: p.categoryId,
      subcategory: p.subcategory,
      brand: row.brand,
      brandId: p.brandId,
      price: p.price,
      comparePrice: p.comparePrice,
      costPrice: p.costPrice,
      salePrice: p.salePrice,
      images,
      variants: {
        size: distinct(
          stock.map((s) => s.size),
          p.defaultSize,
        ),
        color: distinct(
          stock.map((s) => s.color),
          p.defaultColor,
        ),
      },
      inventory: stock,
      tags: p.tags,
      isActive: p.isActive,
      isFeatured: p.isFeatured,
      isTikTokTrending: p.isTikTokTrending,
      weight: p.weight,
      dimensions: p.dimensions,
      seo: {
        title: p.seo.title ?? '',
        description: p.seo.description ?? '',
        keywords: p.seo.keywords ?? [],
        slug: p.slug,
      },
      viewCount: p.viewCount,
      rating: p.rating,
      reviewCount: p.reviewCount,
      salesCount: Number(row.salesCount),
      totalStock: stock.reduce((sum, s) => sum + s.quantity, 0),
      availableStock: stock.reduce((sum, s) => sum + s.available, 0),
      reservedStock: stock.reduce((sum, s) => sum + s.reserved, 0),
      stockStatus: stockStatus(stock),
      createdBy:
        row.creatorFirstName !== null ? { firstName: row.creatorFirstName, lastName: row.creatorLastName ?? '' } : null,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** One product in the API shape, or null. */
export async function loadProduct(db: DbOrTx, where: SQL): Promise<ProductView | null> {
  const rows = await selectProducts(db).where(where).limit(1);
  return (await toViews(db, rows))[0] ?? null;
}
