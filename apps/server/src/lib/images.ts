import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_LIMITS as SHARED_IMAGE_LIMITS } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Sharp } from 'sharp';
import { type DbOrTx, queryRows } from '../db/client.js';
import type { StoredImage } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { declaredTooLarge, uploadAllowance } from './request-body.js';
import { isStorageUnavailable, type ObjectStorage } from './storage/index.js';

/** Upload limits (docs/domain.md § Security); the byte limit is the shared one the forms and the import also apply. */
export const IMAGE_LIMITS = { maxBytes: SHARED_IMAGE_LIMITS.maxBytes, maxFiles: 10, maxPixels: 40_000_000 } as const;
export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, GIF and AVIF images are allowed';

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const EXTENSIONS: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

/**
 * sharp, imported when the first image is read rather than when the server starts: a start (a restart during a
 * deployment, a new instance) does not wait for its native library, which only uploads and imports need.
 */
export const loadSharp = async () => (await import('sharp')).default;

/** The type decided by the bytes, never by the file name or the declared content type. */
async function sniffFormat(buffer: Buffer): Promise<Format | null> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(buffer, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
    if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : null;
    return meta.format && meta.format in EXTENSIONS ? (meta.format as Format) : null;
  } catch {
    return null;
  }
}

const CONTENT_TYPES: Record<Format, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * Re-encodes an uploaded image (metadata stripped, orientation applied) into three renditions under folder with
 * server-chosen names, and returns their public URLs. Each rendition streams from sharp into the storage; sharp holds
 * the decoded image (bounded by the pixel limit), the upload itself is the one encoded copy in memory.
 */
export async function storeImage(
  storage: ObjectStorage,
  folder: string,
  buffer: Buffer,
  alt: string,
): Promise<StoredImage> {
  const format = await sniffFormat(buffer);
  if (!format) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'products';
  const id = newId();
  const sharp = await loadSharp();
  const input = () => sharp(buffer, { limitInputPixels: IMAGE_LIMITS.maxPixels, animated: false }).rotate();
  const keys = {
    original: `${safeFolder}/${id}.${EXTENSIONS[format]}`,
    webp: `${safeFolder}/${id}.webp`,
    thumbnail: `${safeFolder}/${id}-thumb.webp`,
  };
  const renditions: [string, Sharp, string][] = [
    [
      keys.original,
      input().resize(2000, 2000, { fit: 'inside', withoutEnlargement: true }).toFormat(format),
      CONTENT_TYPES[format],
    ],
    [
      keys.webp,
      input().resize(1200, 1200, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }),
      'image/webp',
    ],
    [keys.thumbnail, input().resize(300, 300, { fit: 'cover' }).webp({ quality: 75 }), 'image/webp'],
  ];
  // A decoding failure surfaces as an error of the rendition stream. The stream consumer may also destroy a
  // finished stream (an AbortError), which says nothing about the image.
  let undecodable = false;
  const results = await Promise.allSettled(
    renditions.map(([key, rendition, contentType]) => {
      rendition.on('error', (error) => {
        if (error.name !== 'AbortError') undecodable = true;
      });
      return storage.put(key, rendition, contentType);
    }),
  );
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    const cleanup = storage.discard(Object.values(keys));
    if (undecodable) {
      await cleanup;
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image could not be processed');
    }
    // A bucket that did not answer would keep the client waiting as long again for the cleanup, which then finishes
    // (or logs what it left behind) on its own.
    if (!isStorageUnavailable(failed.reason)) await cleanup;
    throw failed.reason;
  }
  const url = (key: string) => storage.url(key);
  return { original: url(keys.original), webp: url(keys.webp), thumbnail: url(keys.thumbnail), alt };
}

/** The storage keys of an image's renditions (only what this storage handed out). */
function keysOf(storage: ObjectStorage, image: StoredImage): string[] {
  const keys = [image.original, image.webp, image.thumbnail].map((url) => storage.keyOf(url));
  return keys.filter((key): key is string => key !== null);
}

/**
 * Runs the database part of an upload after its files are stored; when that part fails, the files are removed
 * again, so a failed transaction leaves nothing behind.
 */
export async function commitOrDiscard<T>(
  storage: ObjectStorage,
  images: readonly StoredImage[],
  commit: () => Promise<T>,
): Promise<T> {
  try {
    return await commit();
  } catch (error) {
    await Promise.all(images.map((image) => discardImage(storage, image)));
    throw error;
  }
}

/**
 * Deletes an image's renditions where that must not fail the request: cleanup after a failure, or the files of a
 * picture replaced or deleted by a change already committed. Files that cannot be deleted are logged.
 */
export async function discardImage(storage: ObjectStorage, image: StoredImage): Promise<void> {
  await storage.discard(keysOf(storage, image));
}

/** Deletes the files of images no product, category or brand shows any more (demo images are shared). */
export async function discardUnusedImages(db: DbOrTx, storage: ObjectStorage, images: readonly StoredImage[]) {
  for (const image of images) {
    const [used] = await queryRows(
      db,
      sql`SELECT 1 FROM product_images WHERE original = ${image.original}
        UNION ALL SELECT 1 FROM categories WHERE image->>'original' = ${image.original}
        UNION ALL SELECT 1 FROM brands WHERE logo->>'original' = ${image.original} LIMIT 1`,
    );
    if (!used) await discardImage(storage, image);
  }
}

/** The route options of an image upload of up to `maxFiles` files: the body size it takes. */
export const imageUploadRoute = (maxFiles: number) => ({
  config: { uploadBytes: uploadAllowance(IMAGE_LIMITS.maxBytes, maxFiles) },
});

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', 'Each image must be at most 5 MB');

/**
 * Reads the image files of a multipart request (field `field`) and the text fields beside them.
 * Too large → 413 (at once when the declared size is past the route's `imageUploadRoute`), too many → 413, none → 400. Each file is buffered once (at most 5 MB): the folder and alt fields may follow the files in the form, and
 * nothing is stored before every part is read.
 */
export async function readImageUploads(
  request: FastifyRequest,
  field: string,
  maxFiles: number = IMAGE_LIMITS.maxFiles,
): Promise<{ files: { buffer: Buffer; filename: string }[]; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload');
  if (declaredTooLarge(request)) throw tooLarge();
  const files: { buffer: Buffer; filename: string }[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_LIMITS.maxBytes, files: maxFiles } })) {
      if (part.type === 'file') {
        const buffer = await (part as MultipartFile).toBuffer();
        if (part.fieldname === field) files.push({ buffer, filename: part.filename });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.slice(0, 500);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'TOO_MANY_FILES', `At most ${maxFiles} images per upload`);
    // Anything else comes from parsing the client's bytes (the multipart parser throws plain errors such as
    // "Unexpected end of multipart data"), so it is bad input, not a server fault.
    throw new AppError(400, 'BAD_UPLOAD', 'Malformed upload');
  }
  if (files.length === 0) throw new AppError(400, 'VALIDATION_ERROR', `No image was sent in the "${field}" field`);
  return { files, fields };
}
