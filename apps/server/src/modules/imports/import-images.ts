import { IMAGE_LIMITS, IMPORT_MESSAGES, type RowError } from '@seamline/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productImages } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { commitOrDiscard, discardImage, discardUnusedImages, NOT_AN_IMAGE, storeImage } from '../../lib/images.js';
import { downloadImage, RemoteImageError, type RemoteImageRules } from '../../lib/remote-image.js';
import type { ObjectStorage } from '../../lib/storage/index.js';
import { recordProductChanges } from '../products/index.js';
import type { ImportPlanner, RowDecision } from './import-plan.js';

/** Downloads running at once (per job). */
const CONCURRENT_DOWNLOADS = 4;

type ImageRow = typeof productImages.$inferSelect;
type NewImage = Omit<ImageRow, 'id' | 'productId' | 'position'>;
/** One picture of a product's new list: kept (already stored), or downloaded from its URL. */
type Slot = { keep: NewImage } | { url: string; stored?: NewImage; failure?: string };

/**
 * Sets the pictures of a written batch's products whose `image_urls` changed, in the file's order. A URL one of the
 * product's images came from (or its stored original, as the export writes it) keeps that image; another URL of this
 * store's storage is kept as given; any other is downloaded (4 at a time, no transaction open) and processed like an
 * upload. Then ONE short transaction replaces the image rows of the products whose pictures all arrived; a product
 * with a failed picture keeps its old ones and gets a row error. Files replaced or left unused are deleted after.
 */
export class ImportImages {
  private readonly rules: RemoteImageRules;

  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
    hosts: { allowHttp: boolean; allowPrivateHosts: boolean },
  ) {
    this.rules = { ...hosts, maxBytes: IMAGE_LIMITS.maxBytes };
  }

  get imageRules() {
    return { allowHttp: this.rules.allowHttp };
  }

  /** Returns the row errors of pictures that were not imported. */
  async apply(planner: ImportPlanner, decisions: readonly RowDecision[]): Promise<RowError[]> {
    const work = decisions
      .filter((d) => d.images)
      .map((d) => ({ row: d.row, productId: planner.productId(d.productSku)!, urls: d.images! }));
    if (work.length === 0) return [];
    const current = await this.db
      .select()
      .from(productImages)
      .where(
        inArray(
          productImages.productId,
          work.map((w) => w.productId),
        ),
      )
      .orderBy(asc(productImages.position));
    const products = work.map((w) => {
      const own = current.filter((image) => image.productId === w.productId);
      return { ...w, slots: w.urls.map((url) => this.slotFor(url, own)) };
    });
    const downloads = products.flatMap((p) => p.slots.filter((s): s is Extract<Slot, { url: string }> => 'url' in s));
    await eachLimited(downloads, CONCURRENT_DOWNLOADS, async (slot) => {
      try {
        const image = await storeImage(this.storage, 'products', await downloadImage(slot.url, this.rules), '');
        slot.stored = { ...image, sourceUrl: slot.url };
      } catch (error) {
        slot.failure = reasonOf(error);
      }
    });

    const errors: RowError[] = [];
    const ready: typeof products = [];
    for (const product of products) {
      const failed = product.slots.flatMap((s) => ('failure' in s && s.failure ? [s] : []));
      if (failed.length === 0) ready.push(product);
      for (const slot of failed)
        errors.push({
          row: product.row,
          column: 'image_urls',
          message: IMPORT_MESSAGES.imageFailed(slot.url, slot.failure!),
        });
    }
    const fetched = (slots: readonly Slot[]) => slots.flatMap((s) => ('stored' in s && s.stored ? [s.stored] : []));
    // A product with a failed picture keeps its old ones: what was downloaded for it is dropped.
    const dropped = products.filter((p) => !ready.includes(p)).flatMap((p) => fetched(p.slots));
    await Promise.all(dropped.map((image) => discardImage(this.storage, image)));
    if (ready.length === 0) return errors;

    const newRows = ready.flatMap((p) =>
      p.slots.map((slot, position) => ({
        productId: p.productId,
        position,
        ...('keep' in slot ? slot.keep : slot.stored!),
      })),
    );
    const replaced = await commitOrDiscard(
      this.storage,
      ready.flatMap((p) => fetched(p.slots)),
      () =>
        this.db.transaction(async (tx) => {
          const ids = ready.map((p) => p.productId);
          const old = await tx.delete(productImages).where(inArray(productImages.productId, ids)).returning();
          await tx.insert(productImages).values(newRows);
          await recordProductChanges(tx, 'product.updated', withOtherPictures(ids, old, newRows));
          return old;
        }),
    );
    await discardUnusedImages(this.db, this.storage, replaced);
    return errors;
  }

  private slotFor(url: string, own: readonly ImageRow[]): Slot {
    const same = own.find((image) => image.sourceUrl === url || image.original === url);
    if (same) {
      const { id: _id, productId: _productId, position: _position, ...keep } = same;
      return { keep };
    }
    if (this.storage.keyOf(url) !== null)
      return { keep: { original: url, webp: url, thumbnail: url, alt: '', sourceUrl: null } };
    return { url };
  }
}

type Picture = { productId: string; position: number; original: string };

/** The products whose pictures (their originals, in order) are not what they were: their view changed. */
function withOtherPictures(ids: readonly string[], before: readonly Picture[], after: readonly Picture[]): string[] {
  const pictures = (rows: readonly Picture[], id: string) =>
    rows
      .filter((row) => row.productId === id)
      .sort((a, b) => a.position - b.position)
      .map((row) => row.original)
      .join('\n');
  return ids.filter((id) => pictures(before, id) !== pictures(after, id));
}

function reasonOf(error: unknown): string {
  if (error instanceof RemoteImageError) return error.message;
  if (error instanceof AppError && error.statusCode === 415) return `it is not an image (${NOT_AN_IMAGE})`;
  if (error instanceof AppError) return error.message;
  return 'it could not be processed';
}

/** Runs task on every item, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
