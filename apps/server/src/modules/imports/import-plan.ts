import {
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportImageRules,
  type ImportRow,
  PRODUCT_MESSAGES,
  parseImportRecord,
  type RowError,
} from '@seamline/shared';
import type { DbOrTx } from '../../db/client.js';
import type { CsvRecord } from './csv-records.js';
import {
  type ExistingImage,
  type ExistingProduct,
  type ExistingVariant,
  loadExisting,
  loadLocations,
  loadTaxonomy,
  lower,
  type StockLocations,
} from './import-catalogue.js';

export type { ExistingImage, ExistingVariant } from './import-catalogue.js';

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
  /** The stock location whose level the row's quantity is. */
  locationId: string;
  /**
   * The file's first row of this size/color: it creates the variant or sets its fields. A later row (another
   * location) sets only its level; for a variant the file creates, it is written after the variant's insert.
   */
  firstOfVariant: boolean;
  /** The variant's changed fields (only those that differ; on its first row only). */
  variantChanges: Partial<Pick<ExistingVariant, 'lowStockThreshold' | 'priceOverride' | 'sku' | 'barcode'>>;
  /** The level's new quantity at `locationId` when a matched variant's differs; null: it stays. */
  levelQuantity: number | null;
};

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
  /** Size/colors the file named (comboKey of the matched or new variant) → whether the file creates it. */
  private readonly variants = new Map<string, { created: boolean }>();
  /** Size/color and location pairs the file named: one row each. */
  private readonly levels = new Set<string>();
  /** Variant SKUs and barcodes the file gave → the size/color (comboKey) that has it. */
  private readonly variantSkus = new Map<string, string>();
  private readonly barcodes = new Map<string, string>();
  private locations: StockLocations | null = null;

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
    this.locations = await loadLocations(db);
    const parsed: { row: number; data: ImportRow }[] = [];
    for (const { row, record } of records) {
      const result = parseImportRecord(record, row, this.imageRules);
      // A row with form errors still has its category, brand and location checked, so one preview names all its
      // problems.
      if ('errors' in result) {
        const location = this.locationOf(row, record.location?.trim() ?? '');
        const taxonomy = this.taxonomyErrors(row, record.category, record.brand);
        this.fail([...result.errors, ...taxonomy, ...('error' in location ? [location.error] : [])]);
      } else parsed.push({ row, data: result.row });
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

  /** The row's stock location (by name, case-insensitively, or id); blank: the first location. Active only. */
  private locationOf(row: number, name: string): { id: string } | { error: RowError } {
    const found = name
      ? this.locations!.byKey.get(lower(name))
      : this.locations!.firstId
        ? { id: this.locations!.firstId, active: true }
        : undefined;
    if (!found) return { error: { row, column: 'location', message: IMPORT_MESSAGES.locationNotFound } };
    if (!found.active) return { error: { row, column: 'location', message: IMPORT_MESSAGES.locationInactive } };
    return { id: found.id };
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
    const location = this.locationOf(row, data.location);
    if ('error' in location) errors.push(location.error);

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
    // The size/color the row is about: the matched variant's (found by SKU, it may differ from the row's), else new.
    const variantKey = comboKey(product.sku, matched?.size ?? variant.size, matched?.color ?? variant.color);
    const seen = this.variants.get(variantKey);
    const levelKey = 'id' in location ? `${variantKey}\u0000${location.id}` : null;
    if (levelKey && this.levels.has(levelKey))
      errors.push(
        data.location
          ? { row, column: 'location', message: IMPORT_MESSAGES.duplicateAtLocation }
          : { row, column: 'size', message: IMPORT_MESSAGES.duplicateRow },
      );
    if (variant.sku && (this.variantSkus.get(lower(variant.sku)) ?? variantKey) !== variantKey)
      errors.push({ row, column: 'variant_sku', message: PRODUCT_MESSAGES.variantSkuTaken });
    if (variant.barcode && (this.barcodes.get(variant.barcode) ?? variantKey) !== variantKey)
      errors.push({ row, column: 'barcode', message: PRODUCT_MESSAGES.barcodeTaken });
    if (variant.barcode && variants.some((v) => v.barcode === variant.barcode && v.id !== matched?.id))
      errors.push({ row, column: 'barcode', message: PRODUCT_MESSAGES.barcodeTaken });
    const level = matched && 'id' in location ? (matched.levels[location.id] ?? { quantity: 0, reserved: 0 }) : null;
    if (level && variant.quantity < level.reserved)
      errors.push({ row, column: 'quantity', message: IMPORT_MESSAGES.reservedAbove(level.reserved) });
    if (errors.length > 0 || !('id' in location) || !levelKey) return errors;

    this.levels.add(levelKey);
    if (!seen) {
      this.variants.set(variantKey, { created: !matched });
      if (variant.sku) this.variantSkus.set(lower(variant.sku), variantKey);
      if (variant.barcode) this.barcodes.set(variant.barcode, variantKey);
    }

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
    // A later row of a size/color (another location) leaves its fields as its first row set them.
    const variantChanges: RowDecision['variantChanges'] = {};
    if (matched && !seen) {
      if (matched.lowStockThreshold !== variant.lowStockThreshold)
        variantChanges.lowStockThreshold = variant.lowStockThreshold;
      if (matched.priceOverride !== (variant.priceOverride ?? null))
        variantChanges.priceOverride = variant.priceOverride ?? null;
      if (variant.sku && variant.sku !== matched.sku) variantChanges.sku = variant.sku;
      if (variant.barcode && variant.barcode !== matched.barcode) variantChanges.barcode = variant.barcode;
    }
    const levelQuantity = level && level.quantity !== variant.quantity ? variant.quantity : null;
    const changed = productWrite || images || Object.keys(variantChanges).length > 0 || levelQuantity !== null;
    // Every row of a size/color the file creates counts as created, whichever batch (or dry run) it is planned in.
    const created = seen ? seen.created : !matched;
    const kind = created ? 'create' : changed ? 'update' : 'unchanged';
    return {
      row,
      kind,
      data,
      productSku: product.sku,
      productWrite,
      images,
      variant: matched,
      locationId: location.id,
      firstOfVariant: !seen,
      variantChanges,
      levelQuantity,
    };
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
