import {
  type brandNames,
  type categoryNames,
  type createBrandInput,
  type createCategoryInput,
  inUseMessage,
  type listCategoriesQuery,
  pagination,
} from '@seamline/shared';
import { and, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { type brands, type categories, products, type StoredImage } from '../../db/schema/index.js';
import { type AuditContext, changedFields, writeActivity } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { discardImage, storeImage } from '../../lib/images.js';
import { containsPattern } from '../../lib/search.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import { forgetTaxonomyNames } from '../product-search/index.js';

/**
 * Categories and brands are the same thing with a different picture field (image / logo) and, for brands, a
 * website: one service, configured per kind, keeps their rules identical (the specification).
 */
type TaxonomyTable = typeof categories | typeof brands;
export type TaxonomyRow = TaxonomyTable['$inferSelect'];

export type TaxonomyKind<Row extends TaxonomyRow, View> = {
  /**
   * The contract's words: `one` is the activity-log resource and the noun in messages, `picture` the row field
   * holding the picture, `many` the folder its files go to under the upload directory.
   */
  names: typeof categoryNames | typeof brandNames;
  table: TaxonomyTable;
  /** The products column that points at this kind (a kind in use cannot be deleted). */
  productColumn: typeof products.categoryId | typeof products.brandId;
  /** Writable fields besides the picture, as shown in the activity log. */
  fields: readonly (keyof Row & string)[];
  toView(row: Row, productCount: number): View;
};

/** Both kinds' list queries validate to this (only their default page size differs). */
type ListQuery = z.output<typeof listCategoriesQuery>;
type PictureUpdate = { original: string; webp: string; thumbnail: string; alt?: string } | null;
/** What a create sets: a category's fields, and for a brand its website too (the validated contract bodies). */
type TaxonomyFields = z.output<typeof createCategoryInput> &
  Partial<Pick<z.output<typeof createBrandInput>, 'website'>>;
/** An update: any of those fields, and the picture (`image` or `logo`) removed or restated. */
type TaxonomyUpdate = Partial<TaxonomyFields> & { image?: PictureUpdate; logo?: PictureUpdate };

/** The PostgreSQL error code of a driver error, which drizzle may wrap once or twice. */
function hasPgCode(error: unknown, code: '23503' | '23505'): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export class TaxonomyService<Row extends TaxonomyRow, View> {
  private readonly table: TaxonomyTable;
  private readonly notFoundMessage: string;

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    private readonly kind: TaxonomyKind<Row, View>,
  ) {
    this.table = kind.table;
    this.notFoundMessage = `${kind.names.One} not found`;
  }

  private duplicate(name: string) {
    return conflict(`A ${this.kind.names.one} named "${name}" already exists`, 'DUPLICATE_NAME');
  }

  private picture(row: Row): StoredImage | null {
    return (row as Record<string, unknown>)[this.kind.names.picture] as StoredImage | null;
  }

  /** The fields the activity log shows for this row. */
  private snapshot(row: Row): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of this.kind.fields) values[field] = row[field];
    values[this.kind.names.picture] = this.picture(row);
    return values;
  }

  /** Products per id, for one page of rows (one grouped query on the indexed foreign key). */
  private async productCounts(ids: string[], activeOnly: boolean): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const column = this.kind.productColumn;
    const rows = await this.db
      .select({ id: column, value: count() })
      .from(products)
      .where(and(inArray(column, ids), activeOnly ? eq(products.isActive, true) : undefined))
      .groupBy(column);
    return new Map(rows.map((row) => [row.id, row.value]));
  }

  /** The view with its number of products: every product (staff), or active ones only (the storefront). */
  private async withCount(db: DbOrTx, row: Row, activeOnly = false): Promise<View> {
    const [result] = await db
      .select({ value: count() })
      .from(products)
      .where(and(eq(this.kind.productColumn, row.id), activeOnly ? eq(products.isActive, true) : undefined));
    return this.kind.toView(row, result?.value ?? 0);
  }

  private async lockRow(tx: DbOrTx, id: string): Promise<Row> {
    const [row] = await tx.select().from(this.table).where(eq(this.table.id, id)).for('update');
    if (!row) throw notFound(this.notFoundMessage);
    return row as Row;
  }

  private async assertNameFree(tx: DbOrTx, name: string, exceptId?: string) {
    const sameName = sql`lower(${this.table.name}) = lower(${name})`;
    const [existing] = await tx
      .select({ id: this.table.id })
      .from(this.table)
      .where(exceptId ? and(sameName, ne(this.table.id, exceptId)) : sameName)
      .limit(1);
    if (existing) throw this.duplicate(name);
  }

  /** A page of rows; `activeOnly` counts only active products (storefront readers). */
  async list(
    query: ListQuery,
    activeOnly: boolean,
  ): Promise<{ items: View[]; pagination: ReturnType<typeof pagination> }> {
    const pattern = query.search ? containsPattern(query.search) : undefined;
    const where = pattern ? or(ilike(this.table.name, pattern), ilike(this.table.description, pattern)) : undefined;
    const direction = sql.raw(query.sortOrder === 'asc' ? 'ASC' : 'DESC');
    const sortKey: SQL = query.sortBy === 'name' ? sql`lower(${this.table.name})` : sql`${this.table.createdAt}`;
    const rows = await this.db
      .select()
      .from(this.table)
      .where(where)
      .orderBy(sql`${sortKey} ${direction}`, this.table.id)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const [total] = await this.db.select({ value: count() }).from(this.table).where(where);
    const counts = await this.productCounts(
      rows.map((row) => row.id),
      activeOnly,
    );
    return {
      items: rows.map((row) => this.kind.toView(row as Row, counts.get(row.id) ?? 0)),
      pagination: pagination(query.page, query.limit, total?.value ?? 0),
    };
  }

  async get(id: string, activeOnly: boolean): Promise<View> {
    const [row] = await this.db.select().from(this.table).where(eq(this.table.id, id));
    if (!row) throw notFound(this.notFoundMessage);
    return this.withCount(this.db, row as Row, activeOnly);
  }

  async create(input: TaxonomyFields, ctx: AuditContext): Promise<View> {
    try {
      const view = await this.db.transaction(async (tx) => {
        await this.assertNameFree(tx, input.name);
        const [row] = await tx.insert(this.table).values(input).returning();
        const created = row as Row;
        const changes = Object.fromEntries(
          Object.entries(this.snapshot(created)).map(([field, value]) => [field, { before: null, after: value }]),
        );
        await writeActivity(tx, ctx, {
          action: 'create',
          resource: this.kind.names.one,
          resourceId: created.id,
          details: { name: created.name, changes },
        });
        return this.kind.toView(created, 0);
      });
      // The product search finds products by their category's and brand's names.
      forgetTaxonomyNames();
      return view;
    } catch (error) {
      // Two admins adding the same name at once: the unique index decides, the loser gets the same 409.
      if (hasPgCode(error, '23505')) throw this.duplicate(input.name);
      throw error;
    }
  }

  /**
   * Name, description (and website) as given; the picture may be removed (null) or restated with a new alt text,
   * but new picture files only come through the upload call.
   */
  async update(id: string, input: TaxonomyUpdate, ctx: AuditContext): Promise<View> {
    const { image, logo, ...fields } = input;
    const pictureInput = this.kind.names.picture === 'image' ? image : logo;
    let removed: StoredImage | null = null;
    try {
      const view = await this.db.transaction(async (tx) => {
        const current = await this.lockRow(tx, id);
        if (fields.name !== undefined) await this.assertNameFree(tx, fields.name, id);
        const values: Record<string, unknown> = { ...fields };
        const picture = this.picture(current);
        if (pictureInput === null) {
          values[this.kind.names.picture] = null;
          removed = picture;
        } else if (pictureInput) {
          const same =
            picture &&
            picture.original === pictureInput.original &&
            picture.webp === pictureInput.webp &&
            picture.thumbnail === pictureInput.thumbnail;
          if (!same)
            throw badRequest(
              `Upload a new ${this.kind.names.picture} through its upload call`,
              this.kind.names.picture,
            );
          values[this.kind.names.picture] = { ...picture, alt: pictureInput.alt ?? picture.alt };
        }
        const changes = changedFields(this.snapshot(current), values);
        if (Object.keys(changes).length === 0) {
          removed = null;
          return this.withCount(tx, current);
        }
        const [row] = await tx
          .update(this.table)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(this.table.id, id))
          .returning();
        await writeActivity(tx, ctx, {
          action: 'update',
          resource: this.kind.names.one,
          resourceId: id,
          details: { name: (row as Row).name, changes },
        });
        return this.withCount(tx, row as Row);
      });
      if (fields.name !== undefined) forgetTaxonomyNames();
      if (removed) await discardImage(this.storage, removed);
      return view;
    } catch (error) {
      if (hasPgCode(error, '23505') && fields.name) throw this.duplicate(fields.name);
      throw error;
    }
  }

  /** Stores a new picture, then swaps it in; the old files go only once the change is committed. */
  async setPicture(
    id: string,
    file: Buffer,
    alt: string | undefined,
    ctx: AuditContext,
  ): Promise<{ picture: StoredImage; view: View }> {
    const [existing] = await this.db.select({ name: this.table.name }).from(this.table).where(eq(this.table.id, id));
    if (!existing) throw notFound(this.notFoundMessage);
    const stored = await storeImage(this.storage, this.kind.names.many, file, alt?.trim() || existing.name);
    try {
      const { view, previous } = await this.db.transaction(async (tx) => {
        const current = await this.lockRow(tx, id);
        const before = this.picture(current);
        const [row] = await tx
          .update(this.table)
          .set({ [this.kind.names.picture]: stored, updatedAt: new Date() })
          .where(eq(this.table.id, id))
          .returning();
        await writeActivity(tx, ctx, {
          action: 'update',
          resource: this.kind.names.one,
          resourceId: id,
          details: { name: current.name, changes: { [this.kind.names.picture]: { before, after: stored } } },
        });
        return { view: await this.withCount(tx, row as Row), previous: before };
      });
      if (previous) await discardImage(this.storage, previous);
      return { picture: stored, view };
    } catch (error) {
      await discardImage(this.storage, stored);
      throw error;
    }
  }

  /**
   * Refused while products use it. The row lock conflicts with the key-share lock a product insert takes on the
   * row it references, so a product added meanwhile is either counted here or refused by its foreign key.
   */
  async remove(id: string, ctx: AuditContext): Promise<View> {
    try {
      const { view, picture } = await this.db.transaction(async (tx) => {
        const current = await this.lockRow(tx, id);
        const [used] = await tx.select({ value: count() }).from(products).where(eq(this.kind.productColumn, id));
        const productCount = used?.value ?? 0;
        if (productCount > 0) throw conflict(inUseMessage(this.kind.names.one, current.name, productCount), 'IN_USE');
        await tx.delete(this.table).where(eq(this.table.id, id));
        await writeActivity(tx, ctx, {
          action: 'delete',
          resource: this.kind.names.one,
          resourceId: id,
          details: { name: current.name, before: this.snapshot(current) },
        });
        return { view: this.kind.toView(current, 0), picture: this.picture(current) };
      });
      if (picture) await discardImage(this.storage, picture);
      return view;
    } catch (error) {
      if (hasPgCode(error, '23503'))
        throw conflict(`Cannot delete this ${this.kind.names.one}: products still use it`, 'IN_USE');
      throw error;
    }
  }
}
