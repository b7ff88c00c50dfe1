import {
  isObjectId,
  PRODUCT_MESSAGES,
  type ProductData,
  type ProductImage,
  type ProductUpdateData,
  type ProductView,
  slugify,
} from '@seamline/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import {
  brands,
  categories,
  inventory,
  inventoryMovements,
  productImages,
  products,
  reviews,
} from '../../db/schema/index.js';
import { type AuditContext, changedFields, createdFields, writeActivity } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import { discardUnusedImages } from '../../lib/images.js';
import { lockedTransaction } from '../../lib/locked-transaction.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import { discardReviewPhotos, photosOfReviews } from '../reviews/index.js';
import { syncInventory } from './inventory-sync.js';
import { loadProduct } from './product-view.js';

type ProductRow = typeof products.$inferSelect;

/** What names a deleted product in its product.deleted event. */
const productDeleted = (row: Pick<ProductRow, 'id' | 'name' | 'slug' | 'sku'>) => ({
  _id: row.id,
  id: row.id,
  name: row.name,
  slug: row.slug,
  sku: row.sku,
});

async function resolveRef(db: DbOrTx, kind: 'category' | 'brand', value: string): Promise<string> {
  const table = kind === 'category' ? categories : brands;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(isObjectId(value) ? eq(table.id, value) : sql`lower(${table.name}) = lower(${value})`);
  if (!row) throw badRequest(kind === 'category' ? 'Category not found' : 'Brand not found', kind);
  return row.id;
}

async function assertSkuFree(db: DbOrTx, sku: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.sku}) = lower(${sku})`, exceptId ? ne(products.id, exceptId) : undefined));
  if (taken) throw conflict(PRODUCT_MESSAGES.skuTaken, 'DUPLICATE_SKU');
}

async function slugTaken(db: DbOrTx, slug: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), exceptId ? ne(products.id, exceptId) : undefined));
  return Boolean(taken);
}

/** A slug the editor typed must be free (409); one made from the name gets -2, -3… until it is. */
async function chooseSlug(db: DbOrTx, typed: string, name: string, exceptId?: string): Promise<string> {
  const wanted = slugify(typed);
  if (wanted) {
    if (await slugTaken(db, wanted, exceptId)) throw conflict(PRODUCT_MESSAGES.slugTaken, 'DUPLICATE_SLUG');
    return wanted;
  }
  const base = slugify(name) || 'product';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate, exceptId))) return candidate;
  }
}

async function replaceImages(tx: DbOrTx, productId: string, images: readonly ProductImage[]) {
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  if (images.length)
    await tx.insert(productImages).values(images.map((image, position) => ({ productId, position, ...image })));
}

/** Writes of the catalogue: one transaction and one activity-log row per operation. */
export class CatalogueWriteService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  async create(input: ProductData, ctx: AuditContext): Promise<ProductView> {
    return this.db.transaction(async (tx) => {
      const [categoryId, brandId] = await Promise.all([
        resolveRef(tx, 'category', input.category),
        resolveRef(tx, 'brand', input.brand),
      ]);
      await assertSkuFree(tx, input.sku);
      const slug = await chooseSlug(tx, input.seo.slug, input.name);
      const [row] = await tx
        .insert(products)
        .values({
          ...this.columns(input),
          name: input.name,
          sku: input.sku,
          subcategory: input.subcategory,
          price: input.price,
          categoryId,
          brandId,
          slug,
          createdBy: ctx.userId,
        })
        .returning();
      await replaceImages(tx, row!.id, input.images);
      await syncInventory(tx, row!.id, input.inventory, ctx.userId, 'Product created');
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'product',
        resourceId: row!.id,
        details: {
          name: row!.name,
          sku: row!.sku,
          combinations: input.inventory.length,
          changes: createdFields({
            name: row!.name,
            sku: row!.sku,
            price: row!.price,
            categoryId: row!.categoryId,
            brandId: row!.brandId,
            isActive: row!.isActive,
          }),
        },
      });
      const view = (await loadProduct(tx, eq(products.id, row!.id)))!;
      await recordEvent(tx, { type: 'product.created', objectId: view.id, data: view });
      return view;
    });
  }

  async update(id: string, input: ProductUpdateData, ctx: AuditContext): Promise<ProductView> {
    const { product, orphaned } = await lockedTransaction(this.db, async (tx, locks) => {
      const [before] = await locks.step('products', () =>
        tx.select().from(products).where(eq(products.id, id)).for('update'),
      );
      if (!before) throw notFound(PRODUCT_MESSAGES.notFound);
      const changes: Partial<ProductRow> = this.columns(input);
      if (input.category !== undefined) changes.categoryId = await resolveRef(tx, 'category', input.category);
      if (input.brand !== undefined) changes.brandId = await resolveRef(tx, 'brand', input.brand);
      if (input.sku !== undefined && input.sku.toLowerCase() !== before.sku.toLowerCase())
        await assertSkuFree(tx, input.sku, id);
      if (input.seo?.slug && slugify(input.seo.slug) !== before.slug)
        changes.slug = await chooseSlug(tx, input.seo.slug, input.name ?? before.name, id);
      const diff = changedFields(before as Record<string, unknown>, changes);
      if (Object.keys(changes).length) await tx.update(products).set(changes).where(eq(products.id, id));
      let orphaned: ProductImage[] = [];
      if (input.images !== undefined) {
        const old = await tx.select().from(productImages).where(eq(productImages.productId, id));
        const kept = new Set(input.images.map((i) => i.original));
        orphaned = old.filter((i) => !kept.has(i.original));
        await replaceImages(tx, id, input.images);
        if (orphaned.length || old.length !== input.images.length)
          diff.images = { before: old.length, after: input.images.length };
      }
      if (input.inventory !== undefined) {
        const summary = await syncInventory(tx, id, input.inventory, ctx.userId, 'Product edited');
        if (summary.created + summary.changed + summary.removed > 0) diff.inventory = { before: null, after: summary };
      }
      await writeActivity(tx, ctx, { action: 'update', resource: 'product', resourceId: id, details: diff });
      const product = (await loadProduct(tx, eq(products.id, id)))!;
      await recordEvent(tx, { type: 'product.updated', objectId: id, data: product });
      return { product, orphaned };
    });
    await discardUnusedImages(this.db, this.storage, orphaned);
    return product;
  }

  async setStatus(
    id: string,
    status: { isActive?: boolean; isFeatured?: boolean; isTikTokTrending?: boolean },
    ctx: AuditContext,
  ): Promise<ProductView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const [before] = await locks.step('products', () =>
        tx.select().from(products).where(eq(products.id, id)).for('update'),
      );
      if (!before) throw notFound(PRODUCT_MESSAGES.notFound);
      await tx.update(products).set(status).where(eq(products.id, id));
      await writeActivity(tx, ctx, {
        action: 'update_status',
        resource: 'product',
        resourceId: id,
        details: changedFields(before as Record<string, unknown>, status),
      });
      const view = (await loadProduct(tx, eq(products.id, id)))!;
      await recordEvent(tx, { type: 'product.updated', objectId: id, data: view });
      return view;
    });
  }

  /** Removes the product with its inventory, movements and images for good; order lines keep their snapshot. */
  /** Deletes a product; `alsoInTransaction` joins the same transaction (a bulk job's progress). */
  async remove(id: string, ctx: AuditContext, alsoInTransaction?: (tx: Tx) => Promise<void>): Promise<void> {
    const { images, photos } = await lockedTransaction(this.db, async (tx, locks) => {
      const [before] = await locks.step('products', () =>
        tx.select().from(products).where(eq(products.id, id)).for('update'),
      );
      if (!before) throw notFound(PRODUCT_MESSAGES.notFound);
      const images = await tx.select().from(productImages).where(eq(productImages.productId, id));
      // The product's reviews go by cascade; their photo files are deleted once this committed.
      const photos = await photosOfReviews(tx, eq(reviews.productId, id));
      await tx.delete(inventoryMovements).where(eq(inventoryMovements.productId, id));
      await tx.delete(inventory).where(eq(inventory.productId, id));
      await tx.delete(productImages).where(eq(productImages.productId, id));
      await tx.delete(products).where(eq(products.id, id));
      await writeActivity(tx, ctx, {
        action: 'delete',
        resource: 'product',
        resourceId: id,
        details: { name: before.name, sku: before.sku },
      });
      await recordEvent(tx, { type: 'product.deleted', objectId: id, data: productDeleted(before) });
      await alsoInTransaction?.(tx);
      return { images, photos };
    });
    await discardUnusedImages(this.db, this.storage, images);
    await discardReviewPhotos(this.storage, photos);
  }

  /** The product columns present in the input. */
  private columns(input: ProductUpdateData) {
    const c: Partial<ProductRow> = {};
    if (input.name !== undefined) c.name = input.name;
    if (input.sku !== undefined) c.sku = input.sku;
    if (input.description !== undefined) c.description = input.description;
    if (input.subcategory !== undefined) c.subcategory = input.subcategory;
    if (input.price !== undefined) c.price = input.price;
    if (input.comparePrice !== undefined) c.comparePrice = input.comparePrice;
    if (input.costPrice !== undefined) c.costPrice = input.costPrice;
    if (input.salePrice !== undefined) c.salePrice = input.salePrice;
    if (input.weight !== undefined) c.weight = input.weight;
    if (input.dimensions !== undefined) c.dimensions = input.dimensions;
    if (input.seo !== undefined)
      c.seo = { title: input.seo.title, description: input.seo.description, keywords: input.seo.keywords };
    if (input.tags !== undefined) c.tags = input.tags;
    if (input.isActive !== undefined) c.isActive = input.isActive;
    if (input.isFeatured !== undefined) c.isFeatured = input.isFeatured;
    if (input.isTikTokTrending !== undefined) c.isTikTokTrending = input.isTikTokTrending;
    if (input.inventory?.[0]) {
      c.defaultSize = input.inventory[0].size;
      c.defaultColor = input.inventory[0].color;
    }
    return c;
  }
}
