import { DEFAULT_LOCATION_ID, STOCK, STOCK_MOVEMENT_OPERATIONS } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, money, oneOf, refId, updatedAt } from './common.js';
import { users } from './users.js';

/** An image processed into three renditions (original re-encoded, webp, thumbnail), as URLs under /uploads. */
export type StoredImage = { original: string; webp: string; thumbnail: string; alt: string };

export const categories = pgTable(
  'categories',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: jsonb('image').$type<StoredImage | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const brands = pgTable(
  'brands',
  {
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    website: text('website'),
    logo: jsonb('logo').$type<StoredImage | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_name_lower_idx').on(sql`lower(${t.name})`)],
);

export type Dimensions = { length: number; width: number; height: number };
export type ProductSeo = { title?: string; description?: string; keywords: string[] };

export const products = pgTable(
  'products',
  {
    id: idColumn(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sku: text('sku').notNull(),
    description: text('description').notNull().default(''),
    categoryId: refId('category_id')
      .notNull()
      .references(() => categories.id),
    subcategory: text('subcategory').notNull(),
    brandId: refId('brand_id')
      .notNull()
      .references(() => brands.id),
    price: money('price').notNull(),
    comparePrice: money('compare_price').notNull().default(0),
    costPrice: money('cost_price').notNull().default(0),
    salePrice: money('sale_price'),
    defaultSize: text('default_size').notNull().default('One Size'),
    defaultColor: text('default_color').notNull().default('Black'),
    /** Kilograms (docs/domain.md § Corrections); the detail panel shows grams. */
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }).notNull().default(0),
    dimensions: jsonb('dimensions').$type<Dimensions>().notNull().default({ length: 0, width: 0, height: 0 }),
    seo: jsonb('seo').$type<ProductSeo>().notNull().default({ keywords: [] }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    isTikTokTrending: boolean('is_tiktok_trending').notNull().default(false),
    viewCount: integer('view_count').notNull().default(0),
    rating: numeric('rating', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdBy: refId('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * What the product search matches on the row: name, SKU, subcategory and tags (the IMMUTABLE function of
     * migration 0005), lower-cased, kept by PostgreSQL whenever those change. Stored and lower-cased so a search
     * compares with a plain LIKE on a lower-cased pattern, the same matches as ILIKE (which lower-cases both sides on
     * every row): ≈ 0.16 µs a row against ≈ 3.3 µs to build the text and ILIKE it (see product-search.ts).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(products_search_text("name", "sku", "subcategory", "tags"))`,
    ),
  },
  (t) => [
    uniqueIndex('products_sku_lower_idx').on(sql`lower(${t.sku})`),
    uniqueIndex('products_slug_idx').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    // rating too: the dashboard's top brands read each brand's product count and average rating from the index alone.
    index('products_brand_idx').on(t.brandId, t.rating),
    // is_active too: analytics count the products created in a range, and the active ones, from the index alone.
    index('products_created_at_idx').on(t.createdAt, t.isActive),
    // Also products_storefront_newest_idx (migration 0052, SQL only: it INCLUDEs search_text), for the storefront.
    // The staff list's sort columns, with the id that breaks ties (ORDER BY column, id). Not view_count: it changes
    // on every storefront view, and an index on it would stop those updates from being cheap in-place (HOT) ones.
    index('products_updated_at_idx').on(t.updatedAt, t.id),
    index('products_name_idx').on(t.name, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_sku_idx').on(t.sku, t.id),
    index('products_rating_idx').on(t.rating, t.id),
    // The storefront's "popular" sort (review count, then rating, then id), see product-filters.ts.
    index('products_popularity_idx').on(t.reviewCount, t.rating, t.id),
    // The storefront's price sort and price range: the price a shopper pays (see finalPrice below).
    index('products_final_price_idx').on(finalPrice(t), t.id),
    // Trigram index for the product search (LIKE '%…%' on search_text).
    index('products_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The storefront's reads that every visit starts with, each from a small index instead of all the products:
    // the active products' counts per category and brand (the shop's navigation; 110–145 ms each on 100,000
    // products, 12–46 ms with these), the home page's listing (featured, best rated, newest: 345 → 11–47 ms) and the
    // featured and trending lists (the trending one read every active product to find none: 80–180 → 6–18 ms).
    index('products_active_category_idx').on(t.categoryId).where(sql`${t.isActive}`),
    index('products_active_brand_idx').on(t.brandId).where(sql`${t.isActive}`),
    index('products_home_idx').on(t.isFeatured, t.rating, t.createdAt).where(sql`${t.isActive}`),
    index('products_trending_idx').on(t.rating, t.createdAt).where(sql`${t.isActive} AND ${t.isTikTokTrending}`),
  ],
);

/**
 * The price a shopper pays: the sale price when it is above 0 and below the price (`effectiveUnitPrice()` in SQL).
 * The storefront's price sort and range and their index use this one expression.
 */
function finalPrice(t: { price: AnyPgColumn; salePrice: AnyPgColumn }): SQL {
  return sql`(CASE WHEN ${t.salePrice} > 0 AND ${t.salePrice} < ${t.price} THEN ${t.salePrice} ELSE ${t.price} END)`;
}
export const productFinalPrice = finalPrice(products);

/**
 * Each product's `view_count` again, in a narrow table with an index on it: a list sorted by views walks that index
 * (product-filters.ts) while the product rows keep no index on their count, so the batched view writes stay cheap
 * in-place (HOT) updates of `products`. Kept by triggers on products in the same statement (migration 0058): a row for
 * every product, the same figure at every moment.
 */
export const productViewCounts = pgTable(
  'product_view_counts',
  {
    productId: refId('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    views: integer('views').notNull().default(0),
  },
  (t) => [index('product_view_counts_views_idx').on(t.views, t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    original: text('original').notNull(),
    webp: text('webp').notNull(),
    thumbnail: text('thumbnail').notNull(),
    alt: text('alt').notNull().default(''),
    /** The URL a product import downloaded this image from (null: uploaded), so re-importing it fetches nothing. */
    sourceUrl: text('source_url'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** One row per (product, size, color), unique case-insensitively. available = quantity - reserved. */
export const inventory = pgTable(
  'inventory',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    color: text('color').notNull(),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /**
     * Available units (quantity - reserved) at locations that do not ship online orders: not for sale online, so the
     * storefront subtracts them. Kept by the inventory_levels triggers (migration 0043) and the location edit.
     */
    heldOffline: integer('held_offline').notNull().default(0),
    /**
     * The variant's own SKU, unique case-insensitively. Left empty on insert, the trigger of migration 0016 derives it
     * from the product SKU, size and color (`variant_sku()`), so every insert path (forms, import, seeds) gets one.
     */
    sku: text('sku').notNull().default(''),
    /** EAN-13 digits, unique; by default the next number of `inventory_barcode_seq` with its check digit (0012). */
    barcode: text('barcode').notNull().default(sql`inventory_next_barcode()`),
    /** A price for this size/color that replaces the product's price and sale price when set. */
    priceOverride: money('price_override'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('inventory_sku_lower_idx').on(sql`lower(${t.sku})`),
    uniqueIndex('inventory_barcode_idx').on(t.barcode),
    uniqueIndex('inventory_variant_idx').on(t.productId, sql`lower(${t.size})`, sql`lower(${t.color})`),
    // The storefront's color (+ size) filter from the variants' side: its bounded count reads the matching variants
    // here instead of scanning every variant (100k products: 49 → 16 ms for M/Black on a loaded machine).
    index('inventory_option_idx').on(sql`lower(${t.color})`, sql`lower(${t.size})`, t.productId),
    check('inventory_quantity_nonneg', sql`${t.quantity} >= 0`),
    check('inventory_reserved_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.quantity}`),
    check('inventory_threshold_nonneg', sql`${t.lowStockThreshold} >= 0`),
    // The low-stock alerts, worst first: only the rows at or below their threshold, in the alerts' order (ties by
    // product and row, so a page reads just its rows; the count is an index-only scan of it).
    index('inventory_low_stock_idx')
      .on(alertRank(t), t.quantity, t.productId, t.id)
      .where(sql`${t.quantity} <= ${t.lowStockThreshold}`),
  ],
);

/**
 * A combination's alert status as a rank, the order of the alerts list: 0 Out of Stock, 1 Critical (at or below
 * STOCK.criticalFactor of the threshold), 2 Low Stock — `alertStatus()` in SQL. The alerts query and its index use
 * this one expression (a changed factor needs a migration to rebuild the index).
 */
export function alertRank(t: { quantity: AnyPgColumn; lowStockThreshold: AnyPgColumn }): SQL {
  return sql`(CASE WHEN ${t.quantity} <= 0 THEN 0 WHEN ${t.quantity} <= ${t.lowStockThreshold} * ${sql.raw(String(STOCK.criticalFactor))} THEN 1 ELSE 2 END)`;
}
export const inventoryAlertRank = alertRank(inventory);

/**
 * Every change of quantity or reserved, written by the one stock function in the same statement batch.
 * operation: one of STOCK_MOVEMENT_OPERATIONS (packages/shared/src/stock.ts).
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: idColumn(),
    productId: refId('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    inventoryId: refId('inventory_id').references(() => inventory.id, { onDelete: 'set null' }),
    size: text('size').notNull(),
    color: text('color').notNull(),
    operation: text('operation', { enum: STOCK_MOVEMENT_OPERATIONS }).notNull(),
    quantity: integer('quantity').notNull(),
    previousQuantity: integer('previous_quantity').notNull(),
    newQuantity: integer('new_quantity').notNull(),
    previousReserved: integer('previous_reserved').notNull(),
    newReserved: integer('new_reserved').notNull(),
    reason: text('reason'),
    actorId: refId('actor_id').references(() => users.id, { onDelete: 'set null' }),
    orderId: refId('order_id'),
    /** Where the units moved (a stock location; rows from before locations existed: the default one). */
    locationId: refId('location_id').notNull().default(DEFAULT_LOCATION_ID),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('inventory_movements_operation_check', t.operation, STOCK_MOVEMENT_OPERATIONS),
    index('inventory_movements_product_idx').on(t.productId, t.createdAt),
    index('inventory_movements_created_idx').on(t.createdAt),
    // Also inventory_movements_quantity_changes_idx (migration 0014, SQL only: it INCLUDEs columns), for analytics.
    index('inventory_movements_order_idx').on(t.orderId),
  ],
);
