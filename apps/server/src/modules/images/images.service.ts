import type { ImageUploadView } from '@seamline/shared';
import type { Db } from '../../db/client.js';
import type { StoredImage } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { commitOrDiscard, discardImage, storeImage } from '../../lib/images.js';
import type { ObjectStorage } from '../../lib/storage/index.js';

const UPLOAD_FOLDERS = ['products', 'categories', 'brands'];

export type UploadedFile = { buffer: Buffer; filename: string };
/** The form's text fields: the target folder, and (single uploads) the alt text. */
export type UploadFields = { folder?: string; alt?: string };

function view(image: StoredImage): ImageUploadView {
  return {
    url: image.original,
    webpUrl: image.webp,
    thumbnailUrl: image.thumbnail,
    alt: image.alt,
    original: image.original,
    webp: image.webp,
    thumbnail: image.thumbnail,
  };
}

/** The file name without its extension, as a default alt text. */
const altFrom = (filename: string) => filename.replace(/\.[^.]+$/, '').slice(0, 200);

/** The folder a request names when it is one of the upload folders, else `products`. */
const folderOf = (folder = '') => (UPLOAD_FOLDERS.includes(folder) ? folder : 'products');

/** Image uploads: content-sniffed, re-encoded into original, webp and thumbnail; all or nothing per request. */
export class ImagesService {
  constructor(
    private readonly db: Db,
    private readonly storage: ObjectStorage,
  ) {}

  /** Stores every file (or none: the ones stored are removed when one fails) and logs the upload. */
  async upload(files: readonly UploadedFile[], fields: UploadFields, ctx: AuditContext): Promise<ImageUploadView[]> {
    const folder = folderOf(fields.folder);
    const stored: StoredImage[] = [];
    try {
      for (const file of files)
        stored.push(await storeImage(this.storage, folder, file.buffer, fields.alt || altFrom(file.filename)));
    } catch (error) {
      await Promise.all(stored.map((image) => discardImage(this.storage, image)));
      throw error;
    }
    await commitOrDiscard(this.storage, stored, () =>
      writeActivity(this.db, ctx, {
        action: 'upload',
        resource: 'image',
        details: { count: stored.length, folder },
      }),
    );
    return stored.map(view);
  }
}
