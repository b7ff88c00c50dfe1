import {
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportImageRules,
  type ImportRow,
  PRODUCT_MESSAGES,
  parseImportRecord,
  type RowError,
} from '@seamline/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.js';
import type { CsvRecord } from './csv-records.js';

export type ExistingVariant = {
  id: string;
  productId: string;
  size: string;
  color: string;
  sku: string;
  barcode: string;
  quantity: number;
  reserved: number;
  lowStockThreshold: number;
  priceOverride: number | null;
};

type ExistingProduct = {
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

/** What the file's first row of a product asks for, resolved against the catalogue. */
export type ProductFields = Omit<ExistingProduct, 'id' | 'images'>;

/** A valid row and what applying it does. */
export type RowDecision = {
  row: number;
  kind: 'create' | 'update' | 'unchanged';
  data: ImportRow;
  productSku: string;
  /** Set on the file's first row of a product that is new (insert) or changed (update); later rows leave it alone. */
  productWrite: { fields: ProductFields; existingId: string | null } | null;
  /** On the first row of a product whose pictures differ from the file's `image_urls`: the URLs, in order. */
  images: string[] | null;
  /** The matched variant, or null for a new one. */
  variant: ExistingVariant | null;
  /** The variant's changed fields (only those that differ). */
  variantChanges: Partial<
    Pick<ExistingVariant, 'quantity' | 'lowStockThreshold' | 'priceOverride' | 'sku' | 'barcode'>
  >;
};

const lower = (value: string) => value.toLowerCase();
const comboKey = (productSku: string, size: string, color: string) =>
  `${lower(productSku)}\u0000${lower(size.trim())}\u0000${lower(color.trim())}`;
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Classifies an import file batch by batch (dry run and job alike). It remembers what earlier batches of the file
 * named (products, combinations, variant SKUs and barcodes: a few strings per row), so a product's later rows and
 * duplicates inside the file are recognised; the catalogue is read once per batch.
 */
export class ImportPlanner {
  readonly counts: ImportCounts;
  readonly errors: RowError[];
  errorCount: number;
  newProducts = 0;
  totalRows = 0;
  /** Off while replaying rows a resumed job did before: they rebuild what the file named, not the counts. */
  private counting = true;
  private taxonomy: { categories: Map<string, string>; brands: Map<string, string> } | null = null;
  /** Product SKU (lowercase) → its id once known (null: created by this file, not written yet). */
  private readonly products = new Map<string, string | null>();
  private readonly combinations = new Set<string>();
  private readonly variantSkus = new Set<string>();
  private readonly barcodes = new Set<string>();

  /** `done`: what the rows before a resumed job's restart already counted. */
  constructor(
    private readonly maxListedErrors: number,
    private readonly imageRules: ImportImageRules,
    done?: { counts: ImportCounts; errors: RowError[]; errorCount: number },
  ) {
    this.counts = { ...(done?.counts ?? { create: 0, update: 0, unchanged: 0, failed: 0 }) };
    this.errors = [...(done?.errors ?? [])];
    this.errorCount = done?.errorCount ?? 0;
  }

  /** The product's id once it exists (null: new and not written yet). */
  productId(sku: string): string | null {
    return this.products.get(lower(sku)) ?? null;
  }

  /** The id a product created by this file got (so its later rows, in later batches, update it). */
  productCreated(sku: string, id: string) {
    this.products.set(lower(sku), id);
  }

  fail(errors: RowError[]) {
    if (!this.counting) return;
    this.counts.failed += 1;
    this.list(errors);
  }

  /**
   * Pictures of a product that were not imported (its data was): listed, but the row is not counted as failed. A
   * resumed job retries them, so one already listed is not listed again.
   */
  imagesFailed(errors: RowError[]) {
    const listed = (e: RowError) => this.errors.some((l) => l.row === e.row && l.message === e.message);
    this.list(errors.filter((e) => !listed(e)));
  }

  private list(errors: RowError[]) {
    this.errorCount += errors.length;
    for (const error of errors) if (this.errors.length < this.maxListedErrors) this.errors.push(error);
  }

  /** Plans rows a resumed job applied before its restart: remembers what they named, counts nothing. */
  async replay(db: DbOrTx, records: readonly CsvRecord[]): Promise<RowDecision[]> {
    this.counting = false;
    try {
      return await this.plan(db, records);
    } finally {
      this.counting = true;
    }
  }

  async plan(db: DbOrTx, records: readonly CsvRecord[]): Promise<RowDecision[]> {
    if (this.counting) this.totalRows += records.length;
    this.taxonomy ??= await loadTaxonomy(db);
    const parsed: { row: number; data: ImportRow }[] = [];
    for (const { row, record } of records) {
      const result = parseImportRecord(record, row, this.imageRules);
      // A row with form errors still has its category and brand checked, so one preview names all its problems.
      if ('errors' in result) this.fail([...result.errors, ...this.taxonomyErrors(row, record.category, record.brand)]);
      else parsed.push({ row, data: result.row });
    }
    const { products, variants } = await loadExisting(db, parsed);
    const decisions: RowDecision[] = [];
    for (const { row, data } of parsed) {
      const decision = this.decide(row, data, products, variants);
      if (Array.isArray(decision)) this.fail(decision);
      else {
        if (this.counting) this.counts[decision.kind] += 1;
        decisions.push(decision);
      }
    }
    return decisions;
  }

  /** Category and brand must exist (by name, case-insensitively, or id); blank ones are the form's errors. */
  private taxonomyErrors(row: number, category = '', brand = ''): RowError[] {
    const errors: RowError[] = [];
    if (category.trim() && !this.taxonomy!.categories.has(lower(category.trim())))
      errors.push({ row, column: 'category', message: IMPORT_MESSAGES.categoryNotFound });
    if (brand.trim() && !this.taxonomy!.brands.has(lower(brand.trim())))
      errors.push({ row, column: 'brand', message: IMPORT_MESSAGES.brandNotFound });
    return errors;
  }

  private decide(
    row: number,
    data: ImportRow,
    products: Map<string, ExistingProduct>,
    variants: ExistingVariant[],
  ): RowDecision | RowError[] {
    const { product, variant } = data;
    const skuKey = lower(product.sku);
    const errors = this.taxonomyErrors(row, product.category, product.brand);
    const categoryId = this.taxonomy!.categories.get(lower(product.category));
    const brandId = this.taxonomy!.brands.get(lower(product.brand));
    const combo = comboKey(product.sku, variant.size, variant.color);
    if (this.combinations.has(combo)) errors.push({ row, column: 'size', message: IMPORT_MESSAGES.duplicateRow });
    if (variant.sku && this.variantSkus.has(lower(variant.sku)))
      errors.push({ row, column: 'variant_sku', message: PRODUCT_MESSAGES.variantSkuTaken });
    if (variant.barcode && this.barcodes.has(variant.barcode))
      errors.push({ row, column: 'barcode', message: PRODUCT_MESSAGES.barcodeTaken });

    const firstRowOfProduct = !this.products.has(skuKey);
    const existing = products.get(skuKey) ?? null;
    const productId = firstRowOfProduct ? (existing?.id ?? null) : (this.products.get(skuKey) ?? null);
    const bySku = variant.sku ? variants.find((v) => lower(v.sku) === lower(variant.sku!)) : undefined;
    if (bySku && bySku.productId !== productId)
      errors.push({ row, column: 'variant_sku', message: IMPORT_MESSAGES.variantSkuOtherProduct });
    const matched =
      bySku ??
      (productId
        ? variants.find(
            (v) =>
              v.productId === productId &&
              lower(v.size) === lower(variant.size) &&
              lower(v.color) === lower(variant.color),
          )
        : undefined) ??
      null;
    if (variant.barcode && variants.some((v) => v.barcode === variant.barcode && v.id !== matched?.id))
      errors.push({ row, column: 'barcode', message: PRODUCT_MESSAGES.barcodeTaken });
    if (matched && variant.quantity < matched.reserved)
      errors.push({ row, column: 'quantity', message: IMPORT_MESSAGES.reservedAbove(matched.reserved) });
    if (errors.length > 0) return errors;

    this.combinations.add(combo);
    if (variant.sku) this.variantSkus.add(lower(variant.sku));
    if (variant.barcode) this.barcodes.add(variant.barcode);

    let productWrite: RowDecision['productWrite'] = null;
    let images: string[] | null = null;
    if (firstRowOfProduct) {
      this.products.set(skuKey, productId);
      const fields: ProductFields = {
        sku: product.sku,
        name: product.name,
        description: product.description,
        categoryId: categoryId!,
        subcategory: product.subcategory,
        brandId: brandId!,
        price: product.price,
        comparePrice: product.comparePrice,
        costPrice: product.costPrice,
        salePrice: product.salePrice,
        tags: product.tags,
        isActive: product.isActive,
      };
      if (!existing && this.counting) this.newProducts += 1;
      if (!existing || productChanged(existing, fields)) productWrite = { fields, existingId: existing?.id ?? null };
      // Blank image_urls leaves the pictures alone.
      if (data.images.length > 0 && !sameImages(existing?.images ?? [], data.images)) images = data.images;
    }
    const variantChanges: RowDecision['variantChanges'] = {};
    if (matched) {
      if (matched.quantity !== variant.quantity) variantChanges.quantity = variant.quantity;
      if (matched.lowStockThreshold !== variant.lowStockThreshold)
        variantChanges.lowStockThreshold = variant.lowStockThreshold;
      if (matched.priceOverride !== (variant.priceOverride ?? null))
        variantChanges.priceOverride = variant.priceOverride ?? null;
      if (variant.sku && variant.sku !== matched.sku) variantChanges.sku = variant.sku;
      if (variant.barcode && variant.barcode !== matched.barcode) variantChanges.barcode = variant.barcode;
    }
    const changed = productWrite || images || Object.keys(variantChanges).length > 0;
    const kind = !matched ? 'create' : changed ? 'update' : 'unchanged';
    return { row, kind, data, productSku: product.sku, productWrite, images, variant: matched, variantChanges };
  }
}

function productChanged(existing: ExistingProduct, fields: ProductFields): boolean {
  const scalar = [
    'name',
    'description',
    'categoryId',
    'subcategory',
    'brandId',
    'price',
    'comparePrice',
    'costPrice',
    'salePrice',
    'isActive',
  ] as const;
  return scalar.some((key) => existing[key] !== fields[key]) || !sameList(existing.tags, fields.tags);
}

/**
 * The file names the product's pictures when each URL, in order, is the one an image was downloaded from or the
 * stored original itself (what the export writes): an export → import round trip downloads nothing.
 */
const sameImages = (existing: readonly ExistingImage[], urls: readonly string[]) =>
  existing.length === urls.length &&
  existing.every((image, i) => urls[i] === image.sourceUrl || urls[i] === image.original);

async function loadTaxonomy(db: DbOrTx) {
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

/** The batch's products (by SKU) and every variant that could match a row: of those products, or by SKU or barcode. */
async function loadExisting(db: DbOrTx, rows: readonly { data: ImportRow }[]) {
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
    sql`SELECT i.id, i.product_id AS "productId", i.size, i.color, i.sku, i.barcode, i.quantity, i.reserved,
        i.low_stock_threshold AS "lowStockThreshold", i.price_override::float8 AS "priceOverride"
      FROM inventory i
      WHERE ${anyOf(
        sql`i.product_id`,
        products.map((p) => p.id),
      )} OR ${anyOf(sql`lower(i.sku)`, variantSkus.map(lower))} OR ${anyOf(sql`i.barcode`, barcodes)}`,
  );
  return { products: new Map(products.map((p) => [lower(p.sku), p])), variants };
}
