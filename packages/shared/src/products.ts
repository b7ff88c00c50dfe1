import { z } from 'zod';
import { limitParam, pageQuery, queryBoolean, sortOrder } from './api.js';
import { DEFAULT_COLOR, DEFAULT_SIZE, PAGE_SIZES, STOCK } from './constants.js';
import { objectIdParam } from './id-params.js';
import { stockFilterField } from './list-filters.js';
import { partialUpdate } from './refinements.js';

/** The spec's product messages, used by the server and the forms. */
export const PRODUCT_MESSAGES = {
  nameRequired: 'Name is required.',
  nameLength: 'Name must be 3-100 characters.',
  skuRequired: 'SKU is required.',
  skuLength: 'SKU must be 3-50 characters.',
  descriptionLength: 'Description must be 10-500 characters.',
  categoryRequired: 'Category is required.',
  subcategoryRequired: 'Subcategory is required.',
  brandRequired: 'Brand is required.',
  price: 'Price must be greater than 0.',
  comparePrice: 'Compare price cannot be negative.',
  costPrice: 'Cost price cannot be negative.',
  salePrice: 'Sale price cannot be negative.',
  weight: 'Weight cannot be negative.',
  dimension: 'Dimensions cannot be negative.',
  inventoryQuantity: 'Quantity must be a whole number of at least 0.',
  inventoryThreshold: 'Low stock threshold must be a whole number of at least 0.',
  inventorySize: 'Size is required.',
  inventoryColor: 'Color is required.',
  stockInput: 'Please select both size and color, and enter a valid quantity',
  combinationInput: 'Please select both size and color',
  combinationExists: 'This size/color combination already exists',
  initialQuantity: 'Initial quantity cannot be negative',
  thresholdNegative: 'Low stock threshold cannot be negative',
  nameMismatch: 'The name you entered does not match.',
  skuTaken: 'A product with this SKU already exists',
  slugTaken: 'A product with this slug already exists',
  notFound: 'Product not found',
  variantSkuLength: 'Variant SKU must be 3-80 characters.',
  variantSkuTaken: 'A variant with this SKU already exists',
  barcodeFormat: 'Barcode must be 8-14 digits.',
  barcodeTaken: 'A variant with this barcode already exists',
  priceOverride: 'Price override must be greater than 0.',
} as const;

/** "a, b, ,c" or ["a", " b"] → ["a", "b"]: comma-separated lists, trimmed, empties dropped. */
export function splitList(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value.flatMap((v) => v.split(','));
  return parts.map((v) => v.trim()).filter((v) => v.length > 0);
}
const commaList = z
  .union([z.string().max(2000), z.array(z.string().max(100)).max(50)])
  .transform(splitList)
  .default([]);

const requiredText = (required: string, max = 100) =>
  z.string({ error: required }).trim().min(1, required).max(max, `At most ${max} characters`);

const nonNegative = (message: string) => z.number({ error: message }).finite(message).min(0, message);

/** A variant SKU as typed: trimmed; '' means "derive it". */
export const variantSkuSchema = z
  .string()
  .trim()
  .refine((v) => v.length === 0 || (v.length >= 3 && v.length <= 80), PRODUCT_MESSAGES.variantSkuLength);
export const barcodeSchema = z
  .string()
  .trim()
  .refine((v) => v.length === 0 || /^[0-9]{8,14}$/.test(v), PRODUCT_MESSAGES.barcodeFormat);

export const inventoryRowInput = z.object({
  size: z.string({ error: PRODUCT_MESSAGES.inventorySize }).trim().min(1, PRODUCT_MESSAGES.inventorySize).max(30),
  color: z.string({ error: PRODUCT_MESSAGES.inventoryColor }).trim().min(1, PRODUCT_MESSAGES.inventoryColor).max(30),
  quantity: z
    .number({ error: PRODUCT_MESSAGES.inventoryQuantity })
    .int(PRODUCT_MESSAGES.inventoryQuantity)
    .min(0, PRODUCT_MESSAGES.inventoryQuantity)
    .max(1_000_000, PRODUCT_MESSAGES.inventoryQuantity),
  lowStockThreshold: z
    .number({ error: PRODUCT_MESSAGES.inventoryThreshold })
    .int(PRODUCT_MESSAGES.inventoryThreshold)
    .min(0, PRODUCT_MESSAGES.inventoryThreshold)
    .max(1_000_000, PRODUCT_MESSAGES.inventoryThreshold)
    .default(STOCK.defaultThresholdForm),
  /** Reserved units belong to orders; the form shows them but the server never takes them from input. */
  reserved: z.number().int().min(0).optional(),
  /** The variant's SKU; left out or empty, the server derives it from the product SKU, size and color. */
  sku: variantSkuSchema.optional(),
  /** EAN-13 / UPC digits; left out or empty, the server assigns the next in-store number. */
  barcode: barcodeSchema.optional(),
  /** Replaces the product's price (and sale price) for this size/color; null or left out: none. */
  priceOverride: z
    .number({ error: PRODUCT_MESSAGES.priceOverride })
    .finite(PRODUCT_MESSAGES.priceOverride)
    .gt(0, PRODUCT_MESSAGES.priceOverride)
    .max(1e9)
    .nullable()
    .optional(),
});
export type InventoryRowInput = z.input<typeof inventoryRowInput>;

/** A new inventory row in the edit form (the specification). */
export const newInventoryRow = (): z.output<typeof inventoryRowInput> => ({
  size: DEFAULT_SIZE,
  color: DEFAULT_COLOR,
  quantity: 0,
  lowStockThreshold: STOCK.defaultThresholdForm,
  reserved: 0,
});

/**
 * Picture limits shared by the forms, the upload routes and the product import's downloads (docs/domain.md § Security).
 */
export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, maxPerProduct: 20 } as const;

export const productImage = z.object({
  original: z.string().max(500),
  webp: z.string().max(500),
  thumbnail: z.string().max(500),
  alt: z.string().trim().max(200).default(''),
});
export type ProductImage = z.output<typeof productImage>;
export type ProductImageInput = z.input<typeof productImage>;

/** Checked on blur and on submit, values trimmed (the specification). */
export const productInput = z.object({
  name: z
    .string({ error: PRODUCT_MESSAGES.nameRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.nameRequired)
    .min(3, PRODUCT_MESSAGES.nameLength)
    .max(100, PRODUCT_MESSAGES.nameLength),
  sku: z
    .string({ error: PRODUCT_MESSAGES.skuRequired })
    .trim()
    .min(1, PRODUCT_MESSAGES.skuRequired)
    .min(3, PRODUCT_MESSAGES.skuLength)
    .max(50, PRODUCT_MESSAGES.skuLength),
  description: z
    .string()
    .trim()
    .refine((v) => v.length === 0 || (v.length >= 10 && v.length <= 500), PRODUCT_MESSAGES.descriptionLength)
    .default(''),
  /** The category's name (or its id). */
  category: requiredText(PRODUCT_MESSAGES.categoryRequired),
  subcategory: requiredText(PRODUCT_MESSAGES.subcategoryRequired),
  /** The brand's name (or its id). */
  brand: requiredText(PRODUCT_MESSAGES.brandRequired),
  price: z
    .number({ error: PRODUCT_MESSAGES.price })
    .finite(PRODUCT_MESSAGES.price)
    .gt(0, PRODUCT_MESSAGES.price)
    .max(1e9),
  comparePrice: nonNegative(PRODUCT_MESSAGES.comparePrice).max(1e9).default(0),
  costPrice: nonNegative(PRODUCT_MESSAGES.costPrice).max(1e9).default(0),
  salePrice: nonNegative(PRODUCT_MESSAGES.salePrice).max(1e9).nullable().default(null),
  weight: nonNegative(PRODUCT_MESSAGES.weight).max(1e6).default(0),
  dimensions: z
    .object({
      length: nonNegative(PRODUCT_MESSAGES.dimension).max(1e6).default(0),
      width: nonNegative(PRODUCT_MESSAGES.dimension).max(1e6).default(0),
      height: nonNegative(PRODUCT_MESSAGES.dimension).max(1e6).default(0),
    })
    .default({ length: 0, width: 0, height: 0 }),
  seo: z
    .object({
      title: z.string().trim().max(200).default(''),
      description: z.string().trim().max(500).default(''),
      keywords: commaList,
      slug: z.string().trim().max(200).default(''),
    })
    .default({ title: '', description: '', keywords: [], slug: '' }),
  tags: commaList,
  isActive: z.boolean().default(true),
  isFeatured: z.boolean().default(false),
  isTikTokTrending: z.boolean().default(false),
  inventory: z.array(inventoryRowInput).max(200).default([]),
  images: z.array(productImage).max(IMAGE_LIMITS.maxPerProduct).default([]),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductData = z.output<typeof productInput>;

/** PUT /products/{id} takes the whole form; fields left out keep their value. */
/** PUT /products/{id}: the fields named change; the rest keep their value. */
export const productUpdateInput = partialUpdate(productInput);
export type ProductUpdateData = z.output<typeof productUpdateInput>;

/** Lowercase words joined by hyphens ("Classic Tee – Navy" → "classic-tee-navy"). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}

/** PUT /products/{id}/inventory: the whole list of combinations. */
export const inventoryReplaceInput = z.object({ inventory: z.array(inventoryRowInput).max(200) });

export const productStatusInput = z
  .object({ isActive: z.boolean(), isFeatured: z.boolean(), isTikTokTrending: z.boolean() })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'isActive, isFeatured or isTikTokTrending is required');

export const PRODUCT_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'name',
  'price',
  'sku',
  'rating',
  'viewCount',
  'salesCount',
  /** Most reviewed first, then best rated (indexed; see product-filters.ts for why not sales or views). */
  'popularity',
  /** The price a shopper pays: the sale price when the product is on sale (`effectiveUnitPrice`). */
  'finalPrice',
] as const;
/** Size or color filter values: at most 20, each as long as a variant's size or color may be. */
const variantList = z
  .union([z.string().max(700), z.array(z.string().max(30)).max(20)])
  .default([])
  .transform(splitList)
  .refine((values) => values.length <= 20 && values.every((v) => v.length <= 30), 'At most 20 values of 30 characters');
const queryNumber = z.coerce.number().finite().min(0).max(1e9);

/** The most products one storefront list may name with `ids` (a guest's whole wishlist). */
export const PRODUCT_IDS_MAX = 100;
/** `ids=a,b` or repeated `ids`: only these products (1..PRODUCT_IDS_MAX valid ids, else 400). */
const productIdList = z
  .union([z.string().max(PRODUCT_IDS_MAX * 30), z.array(z.string().max(PRODUCT_IDS_MAX * 30)).max(PRODUCT_IDS_MAX)])
  .transform(splitList)
  .pipe(
    z
      .array(objectIdParam('product'))
      .min(1, 'At least one product id is required')
      .max(PRODUCT_IDS_MAX, `At most ${PRODUCT_IDS_MAX} product ids can be listed at once`),
  );

export const productListQuery = pageQuery(PAGE_SIZES.productServer).extend({
  search: z.string().trim().max(100).optional(),
  isActive: queryBoolean.optional(),
  isFeatured: queryBoolean.optional(),
  isTikTokTrending: queryBoolean.optional(),
  category: z.string().trim().max(100).optional(),
  brand: z.string().trim().max(100).optional(),
  /** Price range: of the price for staff, of the price a shopper pays (sale price when on sale) for everyone else. */
  minPrice: queryNumber.optional(),
  maxPrice: queryNumber.optional(),
  /** Sizes and colors (comma-separated or repeated, any case): some variant has one of the sizes in one of the colors. */
  size: variantList,
  color: variantList,
  /** true: only products with a variant that has units to sell (with size/color: that variant itself); false: all. */
  inStock: queryBoolean.optional(),
  /** Only these products (a guest's wishlist page); the other filters and the paging still apply. */
  ids: productIdList.optional(),
  sortBy: z.enum(PRODUCT_SORT_FIELDS).default('createdAt'),
  sortOrder,
});
export type ProductListQuery = z.output<typeof productListQuery>;

/** GET /admin/products: the same filters plus the stock state, 20 per page by default (the inventory screen's page). */
export const adminProductListQuery = productListQuery.omit({ ids: true }).extend({
  ...pageQuery(PAGE_SIZES.inventoryList).shape,
  ...stockFilterField,
});
export type AdminProductListQuery = z.output<typeof adminProductListQuery>;

export const limitQuery = (defaultLimit: number) => z.object({ limit: limitParam(defaultLimit) });

export const historyPageQuery = pageQuery(PAGE_SIZES.inventoryHistory);
export const historyDaysQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(STOCK.historyDefaultDays),
});
