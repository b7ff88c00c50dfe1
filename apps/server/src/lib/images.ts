import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { StoredImage } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';

/** Upload limits (DESIGN §4). */
export const IMAGE_LIMITS = { maxBytes: 5 * 1024 * 1024, maxFiles: 10, maxPixels: 40_000_000 } as const;
export const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, GIF and AVIF images are allowed';

type Format = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const EXTENSIONS: Record<Format, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', avif: 'avif' };

/** The type decided by the bytes, never by the file name or the declared content type. */
async function sniffFormat(buffer: Buffer): Promise<Format | null> {
  try {
    const meta = await sharp(buffer, { limitInputPixels: IMAGE_LIMITS.maxPixels }).metadata();
    if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : null;
    return meta.format && meta.format in EXTENSIONS ? (meta.format as Format) : null;
  } catch {
    return null;
  }
}

/**
 * Re-encodes an uploaded image (metadata stripped, orientation applied) into three renditions under
 * uploadDir/folder with server-chosen names, and returns their public URLs.
 */
export async function storeImage(uploadDir: string, folder: string, buffer: Buffer, alt: string): Promise<StoredImage> {
  const format = await sniffFormat(buffer);
  if (!format) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE);
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'products';
  const dir = path.join(uploadDir, safeFolder);
  const id = newId();
  const input = () => sharp(buffer, { limitInputPixels: IMAGE_LIMITS.maxPixels, animated: false }).rotate();
  const names = { original: `${id}.${EXTENSIONS[format]}`, webp: `${id}.webp`, thumbnail: `${id}-thumb.webp` };
  let renditions: [Buffer, Buffer, Buffer];
  try {
    renditions = await Promise.all([
      input().resize(2000, 2000, { fit: 'inside', withoutEnlargement: true }).toFormat(format).toBuffer(),
      input().resize(1200, 1200, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      input().resize(300, 300, { fit: 'cover' }).webp({ quality: 75 }).toBuffer(),
    ]);
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image could not be processed');
  }
  try {
    await mkdir(dir, { recursive: true });
    const [original, webp, thumbnail] = renditions;
    await Promise.all([
      writeFile(path.join(dir, names.original), original),
      writeFile(path.join(dir, names.webp), webp),
      writeFile(path.join(dir, names.thumbnail), thumbnail),
    ]);
  } catch (error) {
    await removeImage(uploadDir, {
      original: `/uploads/${safeFolder}/${names.original}`,
      webp: `/uploads/${safeFolder}/${names.webp}`,
      thumbnail: `/uploads/${safeFolder}/${names.thumbnail}`,
      alt,
    });
    throw storageFailure(error);
  }
  const url = (name: string) => `/uploads/${safeFolder}/${name}`;
  return { original: url(names.original), webp: url(names.webp), thumbnail: url(names.thumbnail), alt };
}

/** A full disk or quota is the server's storage problem (507, logged); anything else stays a server error. */
function storageFailure(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code !== 'ENOSPC' && code !== 'EDQUOT') return error;
  const failure = new AppError(507, 'INSUFFICIENT_STORAGE', 'There is not enough storage space to save the image');
  failure.cause = error;
  return failure;
}

/** Deletes the stored renditions of an image (only files under uploadDir). */
export async function removeImage(uploadDir: string, image: StoredImage): Promise<void> {
  for (const url of [image.original, image.webp, image.thumbnail]) {
    if (!url.startsWith('/uploads/')) continue;
    const file = path.resolve(uploadDir, url.slice('/uploads/'.length));
    if (file.startsWith(path.resolve(uploadDir) + path.sep)) await rm(file, { force: true });
  }
}

/**
 * Reads the image files of a multipart request (field `field`) and the text fields beside them.
 * Too large → 413, too many → 413, none → 400. Buffers only: nothing is written before every file is read.
 */
export async function readImageUploads(
  request: FastifyRequest,
  field: string,
  maxFiles: number = IMAGE_LIMITS.maxFiles,
): Promise<{ files: { buffer: Buffer; filename: string }[]; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data upload');
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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'FILE_TOO_LARGE', 'Each image must be at most 5 MB');
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'TOO_MANY_FILES', `At most ${maxFiles} images per upload`);
    // Anything else comes from parsing the client's bytes (the multipart parser throws plain errors such as
    // "Unexpected end of multipart data"), so it is bad input, not a server fault.
    throw new AppError(400, 'BAD_UPLOAD', 'Malformed upload');
  }
  if (files.length === 0) throw new AppError(400, 'VALIDATION_ERROR', `No image was sent in the "${field}" field`);
  return { files, fields };
}
