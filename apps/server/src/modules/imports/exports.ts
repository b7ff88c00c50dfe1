import { Readable } from 'node:stream';
import { PRODUCT_CSV_COLUMNS, type ProductListQuery, stockStatus } from '@seamline/shared';
import { stringify } from 'csv-stringify';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { productFilters } from '../products/product-filters.js';

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
  quantity: number | null;
  reserved: number | null;
  low_stock_threshold: number | null;
  price_override: number | null;
};

/**
 * Every variant of the products matching the filters, page by page along the primary key (a keyset cursor: each read
 * starts after the last product id of the previous one, so memory stays bounded however large the catalogue is).
 */
async function* variantLines(db: Db, where: SQL | undefined): AsyncGenerator<VariantLine> {
  let after = '';
  for (;;) {
    const rows = await queryRows<VariantLine>(
      db,
      sql`WITH page AS (
          SELECT products.* FROM products WHERE products.id > ${after} AND ${where ?? sql`true`}
          ORDER BY products.id LIMIT ${PAGE}
        )
        SELECT p.id AS product_id, p.sku AS product_sku, p.name, p.description, c.name AS category, p.subcategory,
          b.name AS brand, p.price::float8 AS price, p.compare_price::float8 AS compare_price,
          p.cost_price::float8 AS cost_price, p.sale_price::float8 AS sale_price, p.is_active, p.tags,
          (SELECT array_agg(im.original ORDER BY im.position) FROM product_images im WHERE im.product_id = p.id) AS images,
          i.sku AS variant_sku, i.barcode, i.size, i.color, i.quantity, i.reserved, i.low_stock_threshold,
          i.price_override::float8 AS price_override
        FROM page p JOIN categories c ON c.id = p.category_id JOIN brands b ON b.id = p.brand_id
        LEFT JOIN inventory i ON i.product_id = p.id
        ORDER BY p.id, i.size, i.color`,
    );
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]!.product_id;
  }
}

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The import columns: an exported file imports back with every row unchanged. */
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
  'quantity',
  'reserved',
  'available',
  'low_stock_threshold',
  'stock_status',
];

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
    String(quantity),
    String(reserved),
    String(quantity - reserved),
    String(threshold),
    stockStatus([{ quantity, reserved, lowStockThreshold: threshold }]),
  ];
}

export type ExportKind = 'products' | 'inventory';

/**
 * A CSV export as a stream, audited first (one activity-log row naming the filters): rows are read a page at a time
 * and written as the client takes them (csv-stringify applies back-pressure to the reads).
 */
export async function exportCsv(db: Db, kind: ExportKind, query: ProductListQuery, ctx: AuditContext) {
  const where = await productFilters(db, query, true);
  const filters = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
  await writeActivity(db, ctx, {
    action: 'export',
    resource: kind === 'products' ? 'product' : 'inventory',
    details: { filters },
  });
  const toRecord = kind === 'products' ? productRecord : inventoryRecord;
  async function* records() {
    yield kind === 'products' ? [...PRODUCT_CSV_COLUMNS] : INVENTORY_COLUMNS;
    for await (const line of variantLines(db, where)) {
      const record = toRecord(line);
      if (record) yield record;
    }
  }
  return Readable.from(records()).pipe(stringify());
}
