import { z } from 'zod';
import { LOCATION_MESSAGES } from './locations.js';
import { IMAGE_LIMITS, inventoryRowInput, productInput } from './products.js';

/**
 * The product CSV (issue 17 items 0-2): one row per variant (size x color) and stock location. Import and export use
 * these columns, so an exported file imports back unchanged. Rows sharing a `product_sku` are one product; its fields
 * come from its first row. Rows of one size/color at other locations set only the quantity held there; a blank or
 * missing `location` is the first location (docs/domain.md § Stock locations).
 */
export const PRODUCT_CSV_COLUMNS = [
  'product_sku',
  'variant_sku',
  'name',
  'description',
  'category',
  'subcategory',
  'brand',
  'price',
  'compare_price',
  'cost_price',
  'sale_price',
  'size',
  'color',
  'location',
  'quantity',
  'low_stock_threshold',
  'price_override',
  'barcode',
  'tags',
  'status',
  'image_urls',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type ProductCsvRecord = Partial<Record<ProductCsvColumn, string>>;

export const IMPORT_LIMITS = {
  /**
   * Largest CSV accepted (about 100,000 variant rows with 800-character descriptions, or 600,000 short rows). The
   * file is streamed, never held whole: the size bounds the copy kept in the database while its job runs, not memory.
   */
  maxBytes: 100 * 1024 * 1024,
  /** Rows validated, looked up and written together (one transaction per batch when applying). */
  batchRows: 1000,
  /** Errors listed in a preview or a job; the count goes on past it. */
  maxListedErrors: 500,
} as const;

export const IMPORT_MESSAGES = {
  status: 'Status must be active or inactive',
  imageUrls: (allowHttp: boolean) =>
    `Image URLs must be ${allowHttp ? 'http:// or https://' : 'https://'} addresses or this store's /uploads files, separated by |`,
  tooManyImages: `A product can have at most ${IMAGE_LIMITS.maxPerProduct} images`,
  imageFailed: (url: string, reason: string) => `Image ${url} was not imported: ${reason}`,
  missingColumns: (columns: string[]) => `The file has no ${columns.join(', ')} column`,
  badCsv: 'The file is not a readable CSV',
  noFile: 'No CSV file was sent in the "file" field',
  tooLarge: `The CSV must be at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  empty: 'The file has no rows',
  variantSkuOtherProduct: 'This variant SKU belongs to another product',
  duplicateRow: 'This size/color combination already exists',
  duplicateAtLocation: 'This size/color already has a row for this location',
  locationNotFound: LOCATION_MESSAGES.notFound,
  locationInactive: LOCATION_MESSAGES.inactive,
  categoryNotFound: 'Category not found',
  brandNotFound: 'Brand not found',
  reservedAbove: (reserved: number) => `Quantity cannot be below the ${reserved} units reserved by orders`,
} as const;

/** The form's product fields an import row carries (the same zod rules, so the same messages). */
const productPart = productInput.pick({
  name: true,
  sku: true,
  description: true,
  category: true,
  subcategory: true,
  brand: true,
  price: true,
  comparePrice: true,
  costPrice: true,
  salePrice: true,
  tags: true,
  isActive: true,
});
const variantPart = inventoryRowInput.pick({
  size: true,
  color: true,
  quantity: true,
  lowStockThreshold: true,
  sku: true,
  barcode: true,
  priceOverride: true,
});

/** Which CSV column a form field's message belongs to. */
const PRODUCT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  name: 'name',
  sku: 'product_sku',
  description: 'description',
  category: 'category',
  subcategory: 'subcategory',
  brand: 'brand',
  price: 'price',
  comparePrice: 'compare_price',
  costPrice: 'cost_price',
  salePrice: 'sale_price',
  tags: 'tags',
  isActive: 'status',
};
const VARIANT_FIELD_COLUMN: Record<string, ProductCsvColumn> = {
  size: 'size',
  color: 'color',
  quantity: 'quantity',
  lowStockThreshold: 'low_stock_threshold',
  sku: 'variant_sku',
  barcode: 'barcode',
  priceOverride: 'price_override',
};

export type ImportRow = {
  product: z.output<typeof productPart>;
  variant: z.output<typeof variantPart>;
  /** Image URLs in order; empty: the product's pictures are left as they are. */
  images: string[];
  /** The stock location's name (or id) whose quantity the row sets; empty: the first location. */
  location: string;
};
export type RowError = { row: number; column: string; message: string };

/** '' (or spaces) → undefined so the form's defaults apply; anything else a number (NaN fails with the form's message). */
const numberCell = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : Number(text);
};
const textCell = (value: string | undefined) => value ?? undefined;

function statusCell(value: string | undefined): boolean | undefined | 'bad' {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'active') return text === '' ? undefined : true;
  if (text === 'inactive') return false;
  return 'bad';
}

/** What a file may ask the import to fetch: https, and plain http only when the server allows it. */
export type ImportImageRules = { allowHttp: boolean };

/** The `image_urls` cell: absolute URLs to download, or /uploads files of this store (what the export writes). */
function imageCell(value: string | undefined, rules: ImportImageRules): string[] | { message: string } {
  const urls = (value ?? '')
    .split('|')
    .map((url) => url.trim())
    .filter(Boolean);
  const scheme = rules.allowHttp ? /^https?:\/\/[^\s/]+(\/\S*)?$/i : /^https:\/\/[^\s/]+(\/\S*)?$/i;
  const good = (url: string) => url.length <= 500 && (scheme.test(url) || /^\/uploads\/\S+$/.test(url));
  if (!urls.every(good)) return { message: IMPORT_MESSAGES.imageUrls(rules.allowHttp) };
  if (urls.length > IMAGE_LIMITS.maxPerProduct) return { message: IMPORT_MESSAGES.tooManyImages };
  return urls;
}

/**
 * One CSV record checked with the product form's rules: the row, or its errors (row number as the spreadsheet shows
 * it: the header is row 1), each naming its column and the form's message.
 */
export function parseImportRecord(
  record: ProductCsvRecord,
  row: number,
  imageRules: ImportImageRules = { allowHttp: false },
): { row: ImportRow } | { errors: RowError[] } {
  const errors: RowError[] = [];
  const status = statusCell(record.status);
  if (status === 'bad') errors.push({ row, column: 'status', message: IMPORT_MESSAGES.status });
  const images = imageCell(record.image_urls, imageRules);
  if (!Array.isArray(images)) errors.push({ row, column: 'image_urls', message: images.message });
  const product = productPart.safeParse({
    name: textCell(record.name),
    sku: textCell(record.product_sku),
    description: record.description ?? '',
    category: textCell(record.category),
    subcategory: textCell(record.subcategory),
    brand: textCell(record.brand),
    price: numberCell(record.price),
    comparePrice: numberCell(record.compare_price),
    costPrice: numberCell(record.cost_price),
    salePrice: numberCell(record.sale_price) ?? null,
    tags: record.tags ?? '',
    isActive: status === 'bad' ? undefined : status,
  });
  const variant = variantPart.safeParse({
    size: textCell(record.size),
    color: textCell(record.color),
    quantity: numberCell(record.quantity),
    lowStockThreshold: numberCell(record.low_stock_threshold),
    sku: record.variant_sku ?? '',
    barcode: record.barcode ?? '',
    priceOverride: numberCell(record.price_override) ?? null,
  });
  const collect = (issues: z.core.$ZodIssue[], columns: Record<string, ProductCsvColumn>) => {
    for (const issue of issues) {
      const column = columns[String(issue.path[0])] ?? String(issue.path[0]);
      if (!errors.some((e) => e.column === column)) errors.push({ row, column, message: issue.message });
    }
  };
  if (!product.success) collect(product.error.issues, PRODUCT_FIELD_COLUMN);
  if (!variant.success) collect(variant.error.issues, VARIANT_FIELD_COLUMN);
  if (errors.length > 0 || !product.success || !variant.success || !Array.isArray(images)) return { errors };
  return { row: { product: product.data, variant: variant.data, images, location: record.location?.trim() ?? '' } };
}

const TEMPLATE_TEE: ProductCsvRecord = {
  product_sku: 'TEE-001',
  variant_sku: '',
  name: 'Classic Tee',
  description: 'A soft everyday cotton tee.',
  category: 'Men',
  subcategory: 'T-Shirts',
  brand: 'Northwind Apparel',
  price: '24.99',
  compare_price: '29.99',
  cost_price: '9.50',
  sale_price: '',
  size: 'M',
  color: 'Black',
  location: '',
  quantity: '25',
  low_stock_threshold: '5',
  price_override: '',
  barcode: '',
  tags: 'cotton, basics',
  status: 'active',
  image_urls: '',
};

/** The rows of the downloadable template: two variants of one product (the second with its own SKU and price). */
export const PRODUCT_CSV_TEMPLATE: ProductCsvRecord[] = [
  TEMPLATE_TEE,
  { ...TEMPLATE_TEE, variant_sku: 'TEE-001-XL-BLACK', size: 'XL', quantity: '10', price_override: '26.99' },
];

// ---- Answers ----

export const importCountsView = z.object({
  /** Variant rows that add a new variant (and, for a new product SKU, the product). */
  create: z.number(),
  /** Variant rows that change an existing product or variant (matched by variant SKU, else product SKU + size/color). */
  update: z.number(),
  /** Variant rows that would change nothing. */
  unchanged: z.number(),
  /** Rows with at least one error (skipped when applying). */
  failed: z.number(),
});
export type ImportCounts = z.infer<typeof importCountsView>;

export const rowErrorView = z.object({ row: z.number(), column: z.string(), message: z.string() });

export const importPreviewView = z.object({
  fileName: z.string(),
  totalRows: z.number(),
  counts: importCountsView,
  /** Products (distinct product SKUs) the file would create. */
  newProducts: z.number(),
  /** At most IMPORT_LIMITS.maxListedErrors, in row order; `errorCount` counts them all. */
  errors: z.array(rowErrorView),
  errorCount: z.number(),
});
export type ImportPreview = z.infer<typeof importPreviewView>;

export const importQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1')
    .describe('true (default): only validate and preview; false: queue the import job'),
});
