import {
  availableStock,
  type InventoryRowView,
  type ProductView,
  SIZES,
  type StorefrontProductView,
  stockStatus,
  storefrontAvailable,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, preparedStatement, queryRowsPrepared } from '../../db/client.js';
import { brands, categories, products, users } from '../../db/schema/index.js';
import { unitsSoldSql } from '../analytics/index.js';

/**
 * Units of the product in orders that are not cancelled or refunded (docs/domain.md § Domain rules), read from the
 * sales rollup: a sum over the product's order lines grew with the store (120–140 ms for a best seller of 10,000 lines).
 */
export const salesCountSql = unitsSoldSql(products.id);

/** Customers who wish for the product (the wishlist module's rows, read by its index on product_id). */
const wishlistCountSql = sql<number>`(SELECT count(*)::int FROM wishlist_items w WHERE w.product_id = ${products.id})`;

/**
 * The JSON one product row carries (built by PostgreSQL: one value per page, cheap to transfer and parse): the API
 * shape's stored fields as they are, plus what `toView` derives the rest from.
 */
type ProductJson = Pick<
  ProductView,
  | 'id'
  | 'name'
  | 'slug'
  | 'sku'
  | 'description'
  | 'category'
  | 'categoryId'
  | 'subcategory'
  | 'brand'
  | 'brandId'
  | 'price'
  | 'comparePrice'
  | 'costPrice'
  | 'salePrice'
  | 'weight'
  | 'dimensions'
  | 'tags'
  | 'isActive'
  | 'isFeatured'
  | 'isTikTokTrending'
  | 'viewCount'
  | 'rating'
  | 'reviewCount'
  | 'salesCount'
  | 'wishlistCount'
  | 'images'
  | 'createdAt'
  | 'updatedAt'
> & {
  defaultSize: string;
  defaultColor: string;
  seo: Partial<Omit<ProductView['seo'], 'slug'>>;
  creatorFirstName: string | null;
  creatorLastName: string | null;
  inventory: Omit<InventoryRowView, '_id' | 'available'>[];
};

export type ProductPageQuery = { where?: SQL; orderBy: SQL; limit: number; offset?: number };

/**
 * A page of products in the API shape, in ONE query: PostgreSQL joins category, brand and creator, adds sales,
 * inventory and images, and returns the page as a single JSON value. Lists cut their page's ids first
 * (`staffViewPage`): each row built here costs its sales, stock and pictures.
 */
export async function queryProducts(db: DbOrTx, q: ProductPageQuery): Promise<{ products: ProductView[] }> {
  // Prepared: planning this statement cost about as much as running it on every page of the staff lists.
  const rows = await queryRowsPrepared<{ page: string }>(
    db,
    sql`SELECT coalesce(json_agg(x ORDER BY x.position), '[]')::text AS page FROM (
      SELECT ${products.id}, ${products.name}, ${products.slug}, ${products.sku}, ${products.description},
        ${categories.name} AS category, ${products.categoryId} AS "categoryId", ${products.subcategory},
        ${brands.name} AS brand, ${products.brandId} AS "brandId", ${products.price},
        ${products.comparePrice} AS "comparePrice", ${products.costPrice} AS "costPrice", ${products.salePrice} AS "salePrice",
        ${products.defaultSize} AS "defaultSize", ${products.defaultColor} AS "defaultColor", ${products.weight},
        ${products.dimensions}, ${products.seo}, ${products.tags}, ${products.isActive} AS "isActive",
        ${products.isFeatured} AS "isFeatured", ${products.isTikTokTrending} AS "isTikTokTrending",
        ${products.viewCount} AS "viewCount", ${products.rating}, ${products.reviewCount} AS "reviewCount",
        ${salesCountSql} AS "salesCount", ${wishlistCountSql} AS "wishlistCount",
        ${users.firstName} AS "creatorFirstName", ${users.lastName} AS "creatorLastName",
        ${products.createdAt} AS "createdAt", ${products.updatedAt} AS "updatedAt",
        row_number() OVER (ORDER BY ${q.orderBy}) AS position,
        (SELECT coalesce(json_agg(json_build_object('id', i.id, 'size', i.size, 'color', i.color, 'quantity', i.quantity,
            'reserved', i.reserved, 'lowStockThreshold', i.low_stock_threshold, 'sku', i.sku, 'barcode', i.barcode,
            'priceOverride', i.price_override)), '[]'::json)
          FROM inventory i WHERE i.product_id = ${products.id}) AS inventory,
        (SELECT coalesce(json_agg(json_build_object('original', pi.original, 'webp', pi.webp, 'thumbnail', pi.thumbnail,
            'alt', pi.alt) ORDER BY pi.position), '[]'::json)
          FROM product_images pi WHERE pi.product_id = ${products.id}) AS images
      FROM ${products}
      JOIN ${categories} ON ${categories.id} = ${products.categoryId}
      JOIN ${brands} ON ${brands.id} = ${products.brandId}
      LEFT JOIN ${users} ON ${users.id} = ${products.createdBy}
      WHERE ${q.where ?? sql`true`}
      ORDER BY ${q.orderBy}
      LIMIT ${q.limit} OFFSET ${q.offset ?? 0}
    ) x`,
  );
  const page = JSON.parse(rows[0]?.page ?? '[]') as ProductJson[];
  return { products: page.map(toView) };
}

/** Distinct values (case-insensitively) in first-seen order. */
export function distinctValues(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) if (!seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), value);
  return [...seen.values()];
}

/** Distinct values in first-seen order, and the default: the preferred one when present. */
function distinct(values: string[], preferred: string): { available: string[]; default: string } {
  const available = distinctValues(values);
  const match = available.find((v) => v.toLowerCase() === preferred.toLowerCase());
  return { available, default: match ?? available[0] ?? preferred };
}

/** Combinations in size order (XS … XXL, One Size, then others), then by color. */
const SIZE_RANKS = new Map(SIZES.map((size, rank) => [size.toLowerCase(), rank]));
const sizeRank = (size: string) => SIZE_RANKS.get(size.toLowerCase()) ?? SIZES.length;
export const byVariant = (a: { size: string; color: string }, b: { size: string; color: string }) =>
  sizeRank(a.size) - sizeRank(b.size) || a.size.localeCompare(b.size) || a.color.localeCompare(b.color);

/** The fields shoppers and staff both get, from the stored product and its combinations (sorted). */
function sharedFields(p: StorefrontProductJson, stock: { size: string; color: string; available: number }[]) {
  return {
    _id: p.id,
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    description: p.description,
    category: p.category,
    categoryId: p.categoryId,
    subcategory: p.subcategory,
    brand: p.brand,
    brandId: p.brandId,
    price: p.price,
    comparePrice: p.comparePrice,
    salePrice: p.salePrice,
    images: p.images,
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
    tags: p.tags,
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
    rating: p.rating,
    reviewCount: p.reviewCount,
    inStock: stock.some((s) => s.available > 0),
    createdAt: new Date(p.createdAt).toISOString(),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}

function toView(p: ProductJson): ProductView {
  const stock = p.inventory.sort(byVariant).map((s) => ({ _id: s.id, ...s, available: availableStock(s) }));
  return {
    ...sharedFields(p, stock),
    costPrice: p.costPrice,
    inventory: stock,
    isActive: p.isActive,
    viewCount: p.viewCount,
    salesCount: p.salesCount,
    wishlistCount: p.wishlistCount,
    totalStock: stock.reduce((sum, s) => sum + s.quantity, 0),
    availableStock: stock.reduce((sum, s) => sum + s.available, 0),
    reservedStock: stock.reduce((sum, s) => sum + s.reserved, 0),
    stockStatus: stockStatus(stock),
    createdBy:
      p.creatorFirstName !== null ? { firstName: p.creatorFirstName, lastName: p.creatorLastName ?? '' } : null,
  };
}

/** One product in the API shape, or null. */
export async function loadProduct(db: DbOrTx, where: SQL): Promise<ProductView | null> {
  return (await queryProducts(db, { where, orderBy: sql`${products.id}`, limit: 1 })).products[0] ?? null;
}

/** The JSON of one product as shoppers see it: the stored fields of the storefront view, nothing staff-only. */
type StorefrontProductJson = Omit<
  ProductJson,
  | 'costPrice'
  | 'isActive'
  | 'viewCount'
  | 'salesCount'
  | 'wishlistCount'
  | 'creatorFirstName'
  | 'creatorLastName'
  | 'inventory'
> & { inventory: Pick<InventoryRowView, 'id' | 'size' | 'color' | 'quantity' | 'reserved'>[] };

/**
 * One product as shoppers see it, or null: a lean read that does none of the staff view's work (no sales count over
 * the product's order lines, no creator join), only what the storefront answer carries. The
 * answer equals the staff view of the same product without the staff-only fields, each variant's availability bounded
 * (products.read.test.ts holds them equal).
 */
/** One active product's page read, by id or by slug: its text built once (see preparedStatement). */
function storefrontProductRead(match: SQL) {
  return preparedStatement<{ product: string }, { key: string }>(
    () => sql`SELECT row_to_json(x)::text AS product FROM (
      SELECT ${products.id}, ${products.name}, ${products.slug}, ${products.sku}, ${products.description},
        ${categories.name} AS category, ${products.categoryId} AS "categoryId", ${products.subcategory},
        ${brands.name} AS brand, ${products.brandId} AS "brandId", ${products.price},
        ${products.comparePrice} AS "comparePrice", ${products.salePrice} AS "salePrice",
        ${products.defaultSize} AS "defaultSize", ${products.defaultColor} AS "defaultColor", ${products.weight},
        ${products.dimensions}, ${products.seo}, ${products.tags}, ${products.isFeatured} AS "isFeatured",
        ${products.isTikTokTrending} AS "isTikTokTrending", ${products.rating}, ${products.reviewCount} AS "reviewCount",
        ${products.createdAt} AS "createdAt", ${products.updatedAt} AS "updatedAt",
        (SELECT coalesce(json_agg(json_build_object('id', i.id, 'size', i.size, 'color', i.color, 'quantity', i.quantity,
            'reserved', i.reserved + i.held_offline)), '[]'::json)
          FROM inventory i WHERE i.product_id = ${products.id}) AS inventory,
        (SELECT coalesce(json_agg(json_build_object('original', pi.original, 'webp', pi.webp, 'thumbnail', pi.thumbnail,
            'alt', pi.alt) ORDER BY pi.position), '[]'::json)
          FROM product_images pi WHERE pi.product_id = ${products.id}) AS images
      FROM ${products}
      JOIN ${categories} ON ${categories.id} = ${products.categoryId}
      JOIN ${brands} ON ${brands.id} = ${products.brandId}
      WHERE ${match} AND ${products.isActive}
      LIMIT 1
    ) x`,
  );
}
// Prepared: a product page's read is one index probe, which costs less than planning it.
const storefrontProductById = storefrontProductRead(sql`${products.id} = ${sql.placeholder('key')}`);
const storefrontProductBySlug = storefrontProductRead(sql`${products.slug} = ${sql.placeholder('key')}`);

/** An active product as shoppers see it, by id or by slug (slugs are stored in lower case); null when there is none. */
export async function loadStorefrontProduct(
  db: DbOrTx,
  by: { id: string } | { slug: string },
): Promise<StorefrontProductView | null> {
  const rows =
    'id' in by
      ? await storefrontProductById(db, { key: by.id })
      : await storefrontProductBySlug(db, { key: by.slug.toLowerCase() });
  const json = rows[0]?.product;
  return json ? toStorefrontProduct(JSON.parse(json) as StorefrontProductJson) : null;
}

function toStorefrontProduct(p: StorefrontProductJson): StorefrontProductView {
  const stock = p.inventory.sort(byVariant).map((s) => ({ ...s, available: availableStock(s) }));
  return {
    ...sharedFields(p, stock),
    inventory: stock.map(({ id, size, color, available }) => ({
      _id: id,
      id,
      size,
      color,
      available: storefrontAvailable(available),
    })),
  };
}
