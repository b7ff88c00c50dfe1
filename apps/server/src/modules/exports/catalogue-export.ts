import { PRODUCT_CSV_COLUMNS, stockStatus } from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { productFilters } from '../products/index.js';
import { type CsvExport, keysetPages, money } from './csv-export.js';

/** Products per read: the export holds one page of products and their variants in memory, never the whole list. */
const PAGE = 500;

type VariantLine = {
  product_id: string;
  product_sku: string;
  name: string;
  description: string;
  category: string;
  subcategory: string;
  brand: string;
  price: number;
  compare_price: number;
  cost_price: number;
  sale_price: number | null;
  is_active: boolean;
  tags: string[];
  images: string[] | null;
  variant_sku: string | null;
  barcode: string | null;
  size: string | null;
  color: string | null;
  location: string | null;
  quantity: number | null;
  reserved: number | null;
  low_stock_threshold: number | null;
  price_override: number | null;
};

/**
 * Every variant of the products matching the filters once per active stock location (its level there; a missing one
 * holds 0), the first location (where an import row without a location goes) first: with one location, one line per
 * variant. A page of products at a time along the primary key (the keyset is the last product id of the previous
 * page; a page's variants all come with it). A product without variants is one line with no variant and no location.
 */
function variantPages(db: Db, where: SQL | undefined): AsyncGenerator<VariantLine[]> {
  return keysetPages((after: VariantLine | null) =>
    queryRows<VariantLine>(
      db,
      sql`WITH page AS (
          SELECT products.* FROM products WHERE products.id > ${after?.product_id ?? ''} AND ${where ?? sql`true`}
          ORDER BY products.id LIMIT ${PAGE}
        )
        SELECT p.id AS product_id, p.sku AS product_sku, p.name, p.description, c.name AS category, p.subcategory,
          b.name AS brand, p.price::float8 AS price, p.compare_price::float8 AS compare_price,
          p.cost_price::float8 AS cost_price, p.sale_price::float8 AS sale_price, p.is_active, p.tags,
          (SELECT array_agg(im.original ORDER BY im.position) FROM product_images im WHERE im.product_id = p.id) AS images,
          i.sku AS variant_sku, i.barcode, i.size, i.color, loc.name AS location,
          CASE WHEN i.id IS NOT NULL THEN coalesce(lv.quantity, 0) END AS quantity,
          CASE WHEN i.id IS NOT NULL THEN coalesce(lv.reserved, 0) END AS reserved, i.low_stock_threshold,
          i.price_override::float8 AS price_override
        FROM page p JOIN categories c ON c.id = p.category_id JOIN brands b ON b.id = p.brand_id
        LEFT JOIN inventory i ON i.product_id = p.id
        LEFT JOIN stock_locations loc ON i.id IS NOT NULL AND loc.active
        LEFT JOIN inventory_levels lv ON lv.inventory_id = i.id AND lv.location_id = loc.id
        ORDER BY p.id, i.size, i.color, i.id, loc.ships_online DESC, loc.priority, loc.id`,
    ),
  );
}

/**
 * The import columns: an exported file imports back with every row unchanged. The variant's fields repeat on each of
 * its lines; the import takes them from its first.
 */
function productRecord(line: VariantLine): string[] {
  const cells: Record<(typeof PRODUCT_CSV_COLUMNS)[number], string> = {
    product_sku: line.product_sku,
    variant_sku: line.variant_sku ?? '',
    name: line.name,
    description: line.description,
    category: line.category,
    subcategory: line.subcategory,
    brand: line.brand,
    price: money(line.price),
    compare_price: money(line.compare_price),
    cost_price: money(line.cost_price),
    sale_price: money(line.sale_price),
    size: line.size ?? '',
    color: line.color ?? '',
    location: line.location ?? '',
    quantity: line.quantity === null ? '' : String(line.quantity),
    low_stock_threshold: line.low_stock_threshold === null ? '' : String(line.low_stock_threshold),
    price_override: money(line.price_override),
    barcode: line.barcode ?? '',
    tags: line.tags.join(', '),
    status: line.is_active ? 'active' : 'inactive',
    image_urls: (line.images ?? []).join('|'),
  };
  return PRODUCT_CSV_COLUMNS.map((column) => cells[column]);
}

const INVENTORY_COLUMNS = [
  'product_sku',
  'variant_sku',
  'barcode',
  'name',
  'size',
  'color',
  'location',
  'quantity',
  'reserved',
  'available',
  'low_stock_threshold',
  'stock_status',
];

/** A size/color's stock at one location (the threshold is the size/color's, as the import sets it). */
function inventoryRecord(line: VariantLine): string[] | null {
  if (line.variant_sku === null) return null;
  const quantity = line.quantity ?? 0;
  const reserved = line.reserved ?? 0;
  const threshold = line.low_stock_threshold ?? 0;
  return [
    line.product_sku,
    line.variant_sku,
    line.barcode ?? '',
    line.name,
    line.size ?? '',
    line.color ?? '',
    line.location ?? '',
    String(quantity),
    String(reserved),
    String(quantity - reserved),
    String(threshold),
    stockStatus([{ quantity, reserved, lowStockThreshold: threshold }]),
  ];
}

/**
 * The products (with variants) or inventory export of the products the list filters select. Formula-looking cells are
 * neutralised like every export's (sendCsv); the product import removes that quote, so the file imports back unchanged.
 */
export async function catalogueExport(
  db: Db,
  kind: 'products' | 'inventory',
  query: Parameters<typeof productFilters>[1],
): Promise<CsvExport> {
  const pages = variantPages(db, await productFilters(db, query, true));
  const toRecord = kind === 'products' ? productRecord : inventoryRecord;
  async function* records() {
    for await (const page of pages)
      for (const line of page) {
        const record = toRecord(line);
        if (record) yield record;
      }
  }
  return {
    kind,
    fileName: kind,
    columns: kind === 'products' ? PRODUCT_CSV_COLUMNS : INVENTORY_COLUMNS,
    records: records(),
  };
}
