import { availableStock, type StorefrontColorStock, type StorefrontProductSummary } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import { brands, categories, products } from '../../db/schema/index.js';
import { byVariant, distinctValues, type ProductPageQuery } from './product-view.js';

/** The rows a storefront list's filters select (conditions on `products` alone, see product-filters.ts), counted. */
export const storefrontMatching = (where: SQL | undefined) =>
  sql`SELECT 1 FROM ${products} WHERE ${where ?? sql`true`}`;

type SummaryRow = Omit<StorefrontProductSummary, '_id' | 'sizes' | 'colors' | 'inStock'> & {
  variants: { size: string; color: string; quantity: number; reserved: number }[];
};

/**
 * A page of storefront summaries in ONE query whatever the page size: each row brings its category and brand names,
 * its variants (for sizes, colors and the in-stock flag) and its first picture, read through the product's indexes.
 */
export async function queryStorefrontSummaries(db: DbOrTx, q: ProductPageQuery): Promise<StorefrontProductSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${products.id}, ${products.name}, ${products.slug}, ${categories.name} AS category,
        ${brands.name} AS brand, ${products.price}::float8 AS price, ${products.comparePrice}::float8 AS "comparePrice",
        ${products.salePrice}::float8 AS "salePrice", ${products.rating}::float8 AS rating,
        ${products.reviewCount} AS "reviewCount",
        (SELECT coalesce(json_agg(json_build_object('size', i.size, 'color', i.color, 'quantity', i.quantity,
            'reserved', i.reserved)), '[]'::json)
          FROM inventory i WHERE i.product_id = ${products.id}) AS variants,
        (SELECT json_build_object('original', pi.original, 'webp', pi.webp, 'thumbnail', pi.thumbnail, 'alt', pi.alt)
          FROM product_images pi WHERE pi.product_id = ${products.id} ORDER BY pi.position LIMIT 1) AS image
      FROM ${products}
      JOIN ${categories} ON ${categories.id} = ${products.categoryId}
      JOIN ${brands} ON ${brands.id} = ${products.brandId}
      WHERE ${q.where ?? sql`true`}
      ORDER BY ${q.orderBy}
      LIMIT ${q.limit} OFFSET ${q.offset ?? 0}`,
  );
  return rows.map(toSummary);
}

function toSummary({ variants, ...row }: SummaryRow): StorefrontProductSummary {
  const sorted = variants.sort(byVariant);
  return {
    _id: row.id,
    ...row,
    sizes: distinctValues(sorted.map((v) => v.size)),
    colors: distinctValues(sorted.map((v) => v.color)),
    inStock: sorted.some((v) => availableStock(v) > 0),
    colorStock: colorStockOf(sorted),
  };
}

/** Per colour, its sizes with units to sell: from the variants the page's one query already brings. */
function colorStockOf(variants: SummaryRow['variants']): StorefrontColorStock[] {
  return distinctValues(variants.map((v) => v.color)).map((color) => {
    const ofColor = variants.filter((v) => v.color.toLowerCase() === color.toLowerCase());
    return {
      color,
      sizes: ofColor.length,
      sizesLeft: ofColor.filter((v) => availableStock(v) > 0).length,
    };
  });
}
