import type { ImportRow } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';

/** What an import row is compared with: the catalogue's products, variants, taxonomy and stock locations. */

export type ExistingVariant = {
  id: string;
  productId: string;
  size: string;
  color: string;
  sku: string;
  barcode: string;
  lowStockThreshold: number;
  priceOverride: number | null;
  /** Its levels by location id (a missing one holds 0). */
  levels: Record<string, { quantity: number; reserved: number }>;
};

export type ExistingProduct = {
  id: string;
  sku: string;
  name: string;
  description: string;
  categoryId: string;
  subcategory: string;
  brandId: string;
  price: number;
  comparePrice: number;
  costPrice: number;
  salePrice: number | null;
  tags: string[];
  isActive: boolean;
  images: ExistingImage[];
};

/** A stored picture: its original's URL and the URL an import downloaded it from (null: uploaded). */
export type ExistingImage = { original: string; sourceUrl: string | null };

export const lower = (value: string) => value.toLowerCase();

export async function loadTaxonomy(db: DbOrTx) {
  const rows = await queryRows<{ kind: string; id: string; name: string }>(
    db,
    sql`SELECT 'category' AS kind, id, name FROM categories UNION ALL SELECT 'brand', id, name FROM brands`,
  );
  const categories = new Map<string, string>();
  const brands = new Map<string, string>();
  for (const row of rows) {
    const map = row.kind === 'category' ? categories : brands;
    map.set(lower(row.name), row.id);
    map.set(row.id, row.id);
  }
  return { categories, brands };
}

export type StockLocations = {
  /** By name (lowercase: names are unique whatever their case) and by id. */
  byKey: Map<string, { id: string; active: boolean }>;
  /** Where a row without a location goes: the first active location by priority that ships online orders. */
  firstId: string | null;
};

/** The stock locations, read per batch (a few rows), so a location changed during a long job is seen. */
export async function loadLocations(db: DbOrTx): Promise<StockLocations> {
  const rows = await queryRows<{ id: string; name: string; active: boolean }>(
    db,
    sql`SELECT id, name, active FROM stock_locations ORDER BY active DESC, ships_online DESC, priority, id`,
  );
  // A name wins over an id spelled the same.
  const byKey = new Map<string, { id: string; active: boolean }>();
  for (const row of rows) byKey.set(row.id, { id: row.id, active: row.active });
  for (const row of rows) byKey.set(lower(row.name), { id: row.id, active: row.active });
  return { byKey, firstId: rows[0]?.active ? rows[0].id : null };
}

/** The batch's products (by SKU) and every variant that could match a row: of those products, or by SKU or barcode. */
export async function loadExisting(db: DbOrTx, rows: readonly { data: ImportRow }[]) {
  const skus = [...new Set(rows.map((r) => lower(r.data.product.sku)))];
  const variantSkus = rows.map((r) => r.data.variant.sku).filter((v): v is string => Boolean(v));
  const barcodes = rows.map((r) => r.data.variant.barcode).filter((v): v is string => Boolean(v));
  if (skus.length === 0) return { products: new Map<string, ExistingProduct>(), variants: [] };
  const anyOf = (column: SQL, values: readonly string[]) =>
    values.length === 0
      ? sql`false`
      : sql`${column} IN (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`;
  const products = await queryRows<ExistingProduct>(
    db,
    sql`SELECT p.id, p.sku, p.name, p.description, p.category_id AS "categoryId", p.subcategory, p.brand_id AS "brandId",
        p.price::float8 AS price, p.compare_price::float8 AS "comparePrice", p.cost_price::float8 AS "costPrice",
        p.sale_price::float8 AS "salePrice", p.tags, p.is_active AS "isActive",
        coalesce((SELECT json_agg(json_build_object('original', im.original, 'sourceUrl', im.source_url)
          ORDER BY im.position) FROM product_images im WHERE im.product_id = p.id), '[]') AS images
      FROM products p WHERE ${anyOf(sql`lower(p.sku)`, skus)}`,
  );
  const variants = await queryRows<ExistingVariant>(
    db,
    sql`SELECT i.id, i.product_id AS "productId", i.size, i.color, i.sku, i.barcode,
        i.low_stock_threshold AS "lowStockThreshold", i.price_override::float8 AS "priceOverride",
        coalesce((SELECT json_object_agg(l.location_id, json_build_object('quantity', l.quantity,
          'reserved', l.reserved)) FROM inventory_levels l WHERE l.inventory_id = i.id), '{}') AS levels
      FROM inventory i
      WHERE ${anyOf(
        sql`i.product_id`,
        products.map((p) => p.id),
      )} OR ${anyOf(sql`lower(i.sku)`, variantSkus.map(lower))} OR ${anyOf(sql`i.barcode`, barcodes)}`,
  );
  return { products: new Map(products.map((p) => [lower(p.sku), p])), variants };
}
